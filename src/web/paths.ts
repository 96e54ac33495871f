/** Every route of the product in one place (spec §2 Route table). */
export const paths = {
  home: "/",
  auth: "/auth",
  createEvent: "/create-event",
  editEvent: (eventId: string) => `/create-event?edit=${encodeURIComponent(eventId)}`,
  events: (params?: { category?: string; q?: string; organiser?: string }) => {
    const search = new URLSearchParams();
    if (params?.category) search.set("category", params.category);
    if (params?.q) search.set("q", params.q);
    if (params?.organiser) search.set("organiser", params.organiser);
    const query = search.toString();
    return query ? `/events?${query}` : "/events";
  },
  event: (id: string) => `/events/${id}`,
  dashboard: "/dashboard",
  dashboardPayouts: "/dashboard/payouts",
  profile: (username: string) => `/profile/${encodeURIComponent(username)}`,
  profileEdit: "/profile/edit",
  categories: "/categories",
  paymentSuccess: "/payment-success",
  paymentCancel: "/payment-cancel",
  checkoutTest: (sessionId: string) => `/checkout/test/${encodeURIComponent(sessionId)}`,
  about: "/about",
  contact: "/contact",
  help: "/help",
  sell: "/sell",
  createImages: "/video-creator",
  affiliates: "/affiliates",
  socialMediaStrategy: "/social-media-strategy",
  terms: "/terms",
  privacy: "/privacy",
  bookingTerms: "/booking-terms",
  refundPolicy: "/refund-policy",
  gdpr: "/gdpr",
  accessibility: "/accessibility",
  cart: "/cart",
  checkIn: "/check-in",
  myTickets: "/my-tickets",
  emailTest: "/email-test",
  resendTicket: "/resend-ticket",
  devMailbox: "/dev/mailbox",
} as const;

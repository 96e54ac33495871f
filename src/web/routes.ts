import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("events", "routes/events.tsx"),
  route("events/:id", "routes/event-detail.tsx"),
  route("categories", "routes/categories.tsx"),
  route("auth", "routes/auth.tsx"),
  // Before "profile/:username", which would otherwise read "edit" as a username.
  route("profile/edit", "routes/profile-edit.tsx"),
  route("profile/:username", "routes/profile.tsx"),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("create-event", "routes/create-event.tsx"),
  // The dashboard's frame and its sections, each its own address, code and data (issue 35).
  route("dashboard", "routes/dashboard.tsx", [
    index("routes/dashboard._index.tsx"),
    route("sales", "routes/dashboard.sales.tsx"),
    route("bookings", "routes/dashboard.bookings.tsx"),
    route("attendees", "routes/dashboard.attendees.tsx"),
    route("payouts", "routes/dashboard.payouts.tsx", [
      // Stripe's two ways back from payout onboarding: /dashboard/payouts/refresh and /dashboard/payouts/return.
      route(":step", "routes/payouts.tsx"),
    ]),
  ]),
  route("cart", "routes/cart.tsx"),
  route("checkout/test/:sessionId", "routes/checkout-test.tsx"),
  route("payment-success", "routes/payment-success.tsx"),
  route("payment-cancel", "routes/payment-cancel.tsx"),
  route("affiliates", "routes/affiliates.tsx"),
  route("my-tickets", "routes/my-tickets.tsx"),
  route("receipts/:orderId", "routes/receipt.tsx"),
  route("receipts/:orderId/vat-invoices", "routes/vat-invoices.tsx"),
  route("resend-ticket", "routes/resend-ticket.tsx"),
  route("email-test", "routes/email-test.tsx"),
  route("check-in", "routes/check-in.tsx"),
  route("video-creator", "routes/video-creator.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("help", "routes/help.tsx"),
  route("sell", "routes/sell.tsx"),
  route("social-media-strategy", "routes/social-media-strategy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("booking-terms", "routes/booking-terms.tsx"),
  route("refund-policy", "routes/refund-policy.tsx"),
  route("gdpr", "routes/gdpr.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

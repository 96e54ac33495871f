import { minAgeLabel } from "./age-limit-labels";

/** What the ticket e-mail says of an age-limited event (issue 34): "18+ event: bring photo ID". */
export const ticketAgeNotice = (minAge: number): string => `${minAgeLabel(minAge)} event: bring photo ID`;

/** The pages the ticket e-mail links its terms to, on the site's public URL (D28). */
export const TICKET_TERMS_LINKS = [
  { label: "Booking Terms & Conditions", path: "/booking-terms" },
  { label: "Refund Policy", path: "/refund-policy" },
] as const;

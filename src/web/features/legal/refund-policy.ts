import { BRAND, POSTPONEMENT_REFUND_WINDOW_DAYS, REFUND_TERMS_TEXT } from "@domain";
import { paths } from "~/paths";
import type { LegalDocument } from "./legal-document";
import { FEE, SUPPORT_LINK } from "./legal-facts";

export const REFUND_POLICY: LegalDocument = {
  title: "Refund Policy",
  path: paths.refundPolicy,
  description: `When and how you can get a refund for tickets booked on ${BRAND.name}: up to 48 hours before the event, and in full if the event is cancelled.`,
  // The same paragraph as the ticket e-mail's refund terms (D28), so the two never disagree.
  summary: REFUND_TERMS_TEXT,
  sections: [
    {
      id: "before-the-event",
      heading: "Refunds before the event",
      blocks: [
        "Refunds are generally available up to 48 hours before the event starts. Within 48 hours of the start, tickets are not normally refundable, unless the event is cancelled or changed.",
        "On a refund you ask for, you get back the ticket price. The booking fee is not refunded.",
      ],
    },
    {
      id: "cancelled-events",
      heading: "Cancelled events",
      blocks: [
        "If the organiser cancels the event, you do not need to do anything: you get a full refund of the ticket price and the booking fee, paid back to the card you used within 5-7 business days.",
      ],
    },
    {
      id: "changed-events",
      heading: "Postponed, moved or changed events",
      blocks: [
        `If the event moves to a new date, your tickets stay valid for it and we e-mail you the new date. If you cannot make it, you have ${POSTPONEMENT_REFUND_WINDOW_DAYS} days from the change to ask for a refund from [My Tickets](${paths.myTickets}): it is approved automatically, and you get everything back, the booking fee included.`,
        `If the venue or headline act changes, your tickets stay valid too. If you cannot make the new arrangements, email us at ${SUPPORT_LINK} before the event.`,
      ],
    },
    {
      id: "booking-fee",
      heading: "The booking fee",
      blocks: [
        `Paid tickets carry a booking & processing fee of ${FEE} per ticket. It covers secure payment and instant ticket delivery, so it is not refundable, except when the organiser cancels the event or changes its date. Free events have no fees, so there is nothing to refund.`,
      ],
    },
    {
      id: "how-to-ask",
      heading: "How to ask for a refund",
      blocks: [
        {
          list: [
            `Sign in and open [My Tickets](${paths.myTickets}). On the booking, choose Request a refund and tell the organiser why. The card shows what you get back before you send it.`,
            "The organiser usually approves or answers your request within 24-48 hours, and we e-mail you either way.",
            "Once approved, the money goes back to the card you paid with within 5-7 business days.",
            "A refunded ticket's QR code stops working, so it can no longer be used for entry.",
          ],
        },
        `Booked without an account, or can't find the booking? Email ${SUPPORT_LINK} from the address on your booking, with your ticket code (it starts TCKT-) and the event name. You can also [resend your ticket](${paths.resendTicket}) to the e-mail address on your booking.`,
      ],
    },
    {
      id: "rights",
      heading: "Your statutory rights",
      blocks: [
        `This policy does not affect your rights under UK consumer law. Our [Booking Terms & Conditions](${paths.bookingTerms}) explain how they apply to event tickets.`,
      ],
    },
  ],
};

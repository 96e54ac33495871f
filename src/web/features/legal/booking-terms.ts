import { BRAND, CHECKOUT_HOLD_MINUTES, NO_CANCELLATION_RIGHT_TEXT, POSTPONEMENT_REFUND_WINDOW_DAYS } from "@domain";
import { paths } from "~/paths";
import type { LegalDocument } from "./legal-document";
import { FEE, SUPPORT_LINK } from "./legal-facts";

export const BOOKING_TERMS: LegalDocument = {
  title: "Booking Terms & Conditions",
  path: paths.bookingTerms,
  description: `The terms that apply when you book tickets on ${BRAND.name}: prices and the ${FEE} booking fee, payment, ticket delivery, entry, transfers and cancellations.`,
  summary: `These terms apply to every ticket you book on ${BRAND.name}, together with our Terms of Service and the organiser's own conditions of entry.`,
  sections: [
    {
      id: "who-you-buy-from",
      heading: "Who you are buying from",
      blocks: [
        (company) => `Each event is run by its organiser, who is responsible for the event itself. ${company.name} sells tickets on the organiser's behalf, takes your payment and delivers your tickets.`,
      ],
    },
    {
      id: "prices-and-fees",
      heading: "Prices and fees",
      blocks: [
        {
          list: [
            "Ticket prices are set by the organiser and shown in pounds sterling (£), including any VAT.",
            `A booking & processing fee of ${FEE} per ticket applies to paid events only. Free events have no fees.`,
            `Every price we show includes the booking fee, named with it. Some organisers pay the fee themselves: their events show the ticket price with no booking fee.`,
            `Your total is (ticket price + ${FEE}) × the number of tickets, or the ticket price alone when the organiser pays the fee, shown in full, with its split, before you pay.`,
            `The booking fee is not refundable, except when the organiser cancels the event (see [Refund Policy](${paths.refundPolicy})).`,
          ],
        },
      ],
    },
    {
      id: "payment",
      heading: "Paying for your tickets",
      blocks: [
        `Card payments are taken securely by ${BRAND.paymentProvider}. Your booking is confirmed only once your payment succeeds.`,
        `While you pay, your tickets are held for you for up to ${CHECKOUT_HOLD_MINUTES} minutes, so an event can never be sold beyond its capacity. If you cancel or do not finish paying, the hold is released and nothing is charged.`,
      ],
    },
    {
      id: "delivery",
      heading: "Your tickets",
      blocks: [
        "Your tickets are e-mailed to the address on your booking the moment your payment is confirmed. Each e-mail carries a QR code, your ticket code (which starts TCKT-) and a calendar invite. If you are signed in, your tickets also appear in My Tickets.",
        `If your tickets have not arrived, check your spam or junk folder, then use [Resend Ticket](${paths.resendTicket}): it sends them again to the e-mail address on the booking.`,
      ],
    },
    {
      id: "entry",
      heading: "Getting in",
      blocks: [
        {
          list: [
            "Show your QR code, on your phone or printed, at the entrance. Each ticket admits once: the first scan is the one that counts, so keep your QR code private.",
            "The organiser's conditions of entry apply, including any age limits, ID checks and bag searches. The organiser may refuse entry to anyone who breaks them.",
            "Arrive in good time. Late arrival may mean you miss part of the event, and it does not entitle you to a refund.",
          ],
        },
      ],
    },
    {
      id: "transfers",
      heading: "Gifts, transfers and resale",
      blocks: [
        "You are welcome to book tickets for someone else, or pass a ticket on as a gift: just forward the e-mail or share the QR code with them, and then do not use it yourself.",
        "You must not resell tickets for more than you paid for them, or where the organiser's conditions forbid resale. Tickets resold in breach of these terms may be cancelled without a refund.",
      ],
    },
    {
      id: "changes",
      heading: "If the event changes or is cancelled",
      blocks: [
        "If the organiser cancels the event, you get a full refund, including the booking fee, within 5-7 business days.",
        `If the event is moved to a new date or venue, your tickets stay valid. After a new date you have ${POSTPONEMENT_REFUND_WINDOW_DAYS} days to ask for a full refund from [My Tickets](${paths.myTickets}), approved automatically; for a new venue, contact us at ${SUPPORT_LINK} to ask for a refund.`,
      ],
    },
    {
      id: "cancellation-rights",
      heading: "Your right to cancel",
      blocks: [
        `${NO_CANCELLATION_RIGHT_TEXT} You can still ask for a refund under our [Refund Policy](${paths.refundPolicy}): most tickets are refundable up to 48 hours before the event.`,
      ],
    },
    {
      id: "contact",
      heading: "Questions about a booking",
      blocks: [`Email us at ${SUPPORT_LINK} with your ticket code and the e-mail address on your booking, and we will help.`],
    },
  ],
};

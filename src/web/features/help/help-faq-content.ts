import { BOOKING_FEE_PENCE, BRAND, EMERGENCY_SUPPORT_TEXT, formatPounds, POSTPONEMENT_REFUND_WINDOW_DAYS, SUPPORT_HOURS_TEXT } from "@domain";
import { paths } from "~/paths";

export interface HelpFaqItem {
  id: string;
  question: string;
  answer: string;
  link?: { to: string; label: string };
}

const FEE = formatPounds(BOOKING_FEE_PENCE);

/** The Help Centre's 11 questions (spec §2 Help Centre), with the facts of spec §9 and the fee from the domain (D1). */
export const HELP_FAQ: readonly HelpFaqItem[] = [
  {
    id: "buying",
    question: "How do I buy tickets?",
    answer: `Find an event, choose how many tickets you want and select Buy Now, or add them to your cart to book several events at once. You'll need to be signed in. Payment is taken securely by ${BRAND.paymentProvider}, and your tickets are e-mailed to you straight away.`,
    link: { to: paths.events(), label: "Browse events" },
  },
  {
    id: "refunds",
    question: "Can I get a refund?",
    answer: `Most tickets are refundable up to 48 hours before the event. Ask from My Tickets with Request a refund: the organiser usually answers within 24-48 hours, and once approved the money is back on your card within 5-7 business days. You get back the ticket price; the ${FEE} booking fee per ticket is not refundable, except when the organiser cancels. If the event moves to a new date, you have ${POSTPONEMENT_REFUND_WINDOW_DAYS} days to ask for a full refund, approved automatically.`,
    link: { to: paths.refundPolicy, label: "Read the Refund Policy" },
  },
  {
    id: "ticket-access",
    question: "How do I access my tickets?",
    answer: "Your tickets arrive by e-mail as soon as you've paid, each with a QR code. When you're signed in they're also in My Tickets, where you can print them. At the event, show the QR code on your phone or on paper.",
  },
  {
    id: "missing-email",
    question: "I haven't received my ticket e-mail. What should I do?",
    answer: "First check your spam or junk folder. If it isn't there, use Resend Ticket with your booking ID, ticket code or payment session ID: we'll send the tickets again to the e-mail address on the booking.",
    link: { to: paths.resendTicket, label: "Resend your ticket" },
  },
  {
    id: "transfers",
    question: "Can I transfer my ticket to someone else?",
    answer: "Yes. Forward the ticket e-mail or share the QR code with the person going in your place, and don't use it yourself: each ticket admits one entry, and the first scan is the one that counts.",
  },
  {
    id: "payment-security",
    question: "Is my payment secure?",
    answer: `Yes. Card payments are processed by ${BRAND.paymentProvider} over an encrypted connection, and your card details never reach our servers.`,
  },
  {
    id: "cancelled-events",
    question: "What happens if an event is cancelled?",
    answer: "If the organiser cancels the event, you get a full refund, including the booking fee, within 5-7 business days. You don't need to do anything.",
  },
  {
    id: "gifts",
    question: "Can I buy tickets as a gift?",
    answer: "Of course. Book the tickets as usual, then forward the ticket e-mail or print the tickets from My Tickets and give them to the lucky person.",
  },
  {
    id: "check-in",
    question: "How do I check in attendees at my event?",
    answer: "Only the event's creator can scan its tickets. Open Check-In while signed in, on a device with a camera and an internet connection, and point the camera at each ticket's QR code. A ticket can be checked in only once.",
    link: { to: paths.checkIn, label: "Open Check-In" },
  },
  {
    id: "booking-fee",
    question: "What is the booking fee?",
    answer: `Paid events carry a booking & processing fee of ${FEE} per ticket, already included in every price you see and shown separately in your cart and at checkout. Some organisers pay it themselves: their events say No booking fee. Free events have no fees at all.`,
  },
  {
    id: "contact-support",
    question: "How do I contact support?",
    answer: `Email ${BRAND.supportEmail} or send us a message from the Contact page. Support hours are ${SUPPORT_HOURS_TEXT}. ${EMERGENCY_SUPPORT_TEXT}`,
    link: { to: paths.contact, label: "Contact us" },
  },
];

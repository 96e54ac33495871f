import { formatDateTime, formatPounds, plural, REFUND_REQUEST_ANSWER_HOURS, type RefundRequestView } from "@domain";

/** The dashboard's refund-request texts (decision 027). */
export const REFUND_REQUESTS_TEXT = {
  heading: "Refund requests",
  intro: "Buyers ask from My Tickets. Answer within 24-48 hours: approving refunds their tickets (the booking fee is kept); declining e-mails them your note.",
  adminIntro: `Every organiser's pending requests, oldest first. Those waiting over ${REFUND_REQUEST_ANSWER_HOURS} hours are marked: you can answer them for the organiser.`,
  none: "No refund requests waiting for an answer.",
  overdue: `Waiting over ${REFUND_REQUEST_ANSWER_HOURS} hours`,
  approve: "Approve refund",
  decline: "Decline",
  confirmDecline: "Decline request",
  noteLabel: "Note to the buyer (optional)",
  answerFailed: "Refund request not answered",
  approved: { title: "Refund approved", description: (request: RefundRequestView) => `${formatPounds(request.refundPence)} goes back to ${request.booking.attendeeName}.` },
  declined: { title: "Refund request declined", description: (request: RefundRequestView) => `We have e-mailed ${request.booking.attendeeName}.` },
} as const;

/** One request as its row reads. */
export function refundRequestRow(request: RefundRequestView) {
  return {
    id: request.requestId,
    buyer: request.booking.attendeeName,
    email: request.booking.attendeeEmail,
    event: request.event.title,
    eventWhen: formatDateTime(request.event.dateTime),
    organiser: request.event.organiserName,
    tickets: plural(request.booking.ticketQuantity, "ticket"),
    amount: formatPounds(request.refundPence),
    reason: request.reason,
    askedAt: formatDateTime(request.createdAt),
    overdue: request.overdue,
  };
}

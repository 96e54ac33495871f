import { BUYER_REFUND_CUTOFF_HOURS, formatDateTime, formatPounds, type BuyerRefundOptions } from "@domain";

/** My Tickets' refund texts (decision 027; the refund policy's words, spec §9 Refunds and policy). */
export const REFUND_REQUEST_TEXT = {
  button: "Request a refund",
  reasonLabel: "Why are you asking for a refund?",
  reasonRequired: "Please tell the organiser why you are asking for a refund.",
  send: "Send request",
  sending: "Sending...",
  cancel: "Cancel",
  requested: "Refund requested",
  failed: "Refund request not sent",
} as const;

/** What asking now pays back, said plainly: the fee stays on a buyer's request, and comes back after a date change. */
export function refundOffer(refund: BuyerRefundOptions): string {
  const amount = formatPounds(refund.refundPence);
  if (refund.automatic) return `The date of this event changed, so a refund is approved at once: you get back ${amount}, the booking fee included.`;
  if (refund.feePerTicketPence === 0) return refund.refundPence > 0 ? `You get back ${amount} (the ticket price).` : "These tickets were free: asking releases your places.";
  return `You get back ${amount} (the ticket price). The ${formatPounds(refund.feePerTicketPence)} booking fee per ticket is not refundable.`;
}

/** Until when the buyer may ask. */
export function refundDeadline(refund: BuyerRefundOptions): string | null {
  if (!refund.closesAt) return null;
  return refund.automatic
    ? `You can ask until ${formatDateTime(refund.closesAt)}.`
    : `You can ask until ${formatDateTime(refund.closesAt)}, ${BUYER_REFUND_CUTOFF_HOURS} hours before the event.`;
}

/** Where the buyer's latest request stands, in a line. */
export function requestLine(request: NonNullable<BuyerRefundOptions["request"]>): { title: string; detail: string } {
  switch (request.status) {
    case "pending":
      return { title: REFUND_REQUEST_TEXT.requested, detail: `You asked on ${formatDateTime(request.createdAt)}. The organiser usually answers within 24-48 hours; we e-mail you either way.` };
    case "approved":
      return {
        title: "Refund approved",
        detail: `${request.automatic ? "Approved automatically" : "Approved"} on ${formatDateTime(request.decidedAt ?? request.createdAt)}. The money is back on your card within 5-7 business days.`,
      };
    case "declined":
      return { title: "Refund request declined", detail: `The organiser declined your request on ${formatDateTime(request.decidedAt ?? request.createdAt)}.` };
  }
}

/** Why the buyer cannot ask any more, and since when. */
export function refundsClosedLine(refund: BuyerRefundOptions): string | null {
  if (refund.canRequest || !refund.closedReason) return null;
  return refund.closesAt ? `Refunds closed on ${formatDateTime(refund.closesAt)}: they close ${BUYER_REFUND_CUTOFF_HOURS} hours before the event starts.` : refund.closedReason;
}

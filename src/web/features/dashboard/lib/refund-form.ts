import { describeRefund, plural, refundAmounts, refundIncludesFee, REFUND_REASON_MAX } from "@domain";

/** A new idempotency key for one opening of the refund form: 32 hex digits (the server takes 8-100 of [A-Za-z0-9_-]). */
export function newRefundRequestKey(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/**
 * What refunding `quantity` of a booking's tickets pays back, as the server will compute it (an
 * organiser's refund returns the booking fee too, decision 027): the amounts and the sentence the form shows.
 */
export function refundPreview(booking: { unitPricePence: number; feePerTicketPence: number; tickets: number }, quantity: number) {
  const amounts = refundAmounts({
    unitPricePence: booking.unitPricePence,
    feePerTicketPence: booking.feePerTicketPence,
    quantity,
    validQuantity: booking.tickets,
    commissionPence: 0,
    includeFee: refundIncludesFee("organiser"),
  });
  const left = booking.tickets - quantity;
  return {
    ...amounts,
    totalPence: amounts.ticketPence + amounts.feePence,
    statement: `${plural(quantity, "ticket")} refunded to the buyer's card: ${describeRefund(amounts)}.`,
    remaining: left === 0 ? "No tickets will be left on this booking." : `${plural(left, "ticket")} will still be valid.`,
  };
}

/** The reason's problem, or null when it will do (the server says the same, refund-shapes.ts). */
export function refundReasonError(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return "Please give a reason for the refund.";
  if (trimmed.length > REFUND_REASON_MAX) return `The reason can be at most ${REFUND_REASON_MAX} characters.`;
  return null;
}

import { eventEndsAt } from "./event-timing";
import { affiliateCommission, formatPounds, type Pence } from "./money";
import { organiserFee } from "./organiser-fee";

/** Buyers may ask for a refund up to 48 hours before the event (spec §9 Refunds and policy). */
export const BUYER_REFUND_CUTOFF_HOURS = 48;
/** After a postponement, a buyer's request is approved automatically for 14 days (decision 027). */
export const POSTPONEMENT_REFUND_WINDOW_DAYS = 14;
/** An unanswered buyer request shows to admins as overdue after the policy's 48 hours (spec §9: approval usually takes 24-48 hours). */
export const REFUND_REQUEST_ANSWER_HOURS = 48;
/** The longest reason a refund or a request may carry. */
export const REFUND_REASON_MAX = 500;

/** Why money went back: it decides whether the booking fee goes back too (decision 027). */
export type RefundSource = "organiser" | "buyer-request" | "cancellation" | "postponement" | "unfulfilled" | "provider";

/**
 * Whether a refund of this source returns the booking fee. The legal pages make the fee non-refundable
 * on a buyer's request; when the organiser cancels, changes the date, or we could not issue the tickets,
 * everything goes back. An organiser's own refund returns the fee too: it is their decision, not the buyer's.
 */
export function refundIncludesFee(source: RefundSource): boolean {
  return source !== "buyer-request";
}

/**
 * What refunding `quantity` of a booking's tickets pays back, the affiliate commission it takes back, and
 * the fees it takes off what the organiser owes (D22): the organiser fee on those tickets (the difference,
 * so it never drifts by a penny), and the absorbed booking fee when the refund gives the fee back.
 */
export function refundAmounts({
  unitPricePence,
  feePerTicketPence,
  absorbedFeePerTicketPence = 0,
  quantity,
  validQuantity,
  commissionPence,
  includeFee,
}: {
  unitPricePence: Pence;
  feePerTicketPence: Pence;
  /** The booking fee per ticket the organiser absorbed at sale (order_lines.absorbed_fee_per_ticket_pence). */
  absorbedFeePerTicketPence?: Pence;
  /** Tickets being refunded now. */
  quantity: number;
  /** Tickets still valid before this refund. */
  validQuantity: number;
  /** The commission the booking still carries (earned less reversed). */
  commissionPence: Pence;
  includeFee: boolean;
}): { ticketPence: Pence; feePence: Pence; commissionPence: Pence; organiserFeePence: Pence; absorbedFeePence: Pence } {
  // The commission left is what the remaining tickets would have earned, so reversals never drift by a penny.
  const commissionLeft = commissionPence > 0 ? Math.min(commissionPence, affiliateCommission(unitPricePence, validQuantity - quantity)) : 0;
  return {
    ticketPence: unitPricePence * quantity,
    feePence: includeFee ? feePerTicketPence * quantity : 0,
    commissionPence: Math.max(0, commissionPence - commissionLeft),
    organiserFeePence: organiserFee(unitPricePence, validQuantity) - organiserFee(unitPricePence, validQuantity - quantity),
    absorbedFeePence: includeFee ? absorbedFeePerTicketPence * quantity : 0,
  };
}

/** The booking statuses their buyer and organiser still see: paid ones, including those refunded or disputed since. */
export const LISTED_BOOKING_STATUSES = ["confirmed", "refunded", "disputed"] as const;

/**
 * A valid booking: confirmed, with tickets not yet refunded. Its tickets admit and hold places, and it
 * is what a refund, a postponement notice or a cancellation acts on. The SQL form is validBookingSql
 * (refunds.sql.ts).
 */
export function hasValidTickets(booking: { status: string; ticketQuantity: number }): boolean {
  return booking.status === "confirmed" && booking.ticketQuantity > 0;
}

/** How a booking stands after refunds, as its buyer and its organiser see it. */
export type BookingRefundState = "none" | "partly-refunded" | "refunded";

export function bookingRefundState(booking: { ticketQuantity: number; refundedQuantity: number; refundedPence?: Pence }): BookingRefundState {
  if (booking.refundedQuantity > 0 && booking.ticketQuantity === 0) return "refunded";
  if (booking.refundedQuantity > 0 || (booking.refundedPence ?? 0) > 0) return "partly-refunded";
  return "none";
}

export const BOOKING_REFUND_LABELS: Record<Exclude<BookingRefundState, "none">, string> = {
  "partly-refunded": "Partly refunded",
  refunded: "Refunded",
};

/**
 * The label a booking shows wherever it is listed (attendees, CSV, My Tickets, dashboard): 'Disputed' when
 * the buyer's bank has disputed the payment, else its refund state's label; null for a plain booking.
 */
export function bookingStateLabel(booking: { status: string; ticketQuantity: number; refundedQuantity: number; refundedPence?: Pence }): string | null {
  if (booking.status === "disputed") return "Disputed";
  const state = bookingRefundState(booking);
  return state === "none" ? null : BOOKING_REFUND_LABELS[state];
}

/** Whether a buyer may ask for a refund now, and on which terms. */
export type BuyerRefundTerms =
  | { allowed: true; source: "buyer-request" | "postponement"; includesFee: boolean; automatic: boolean; closesAt: Date }
  | { allowed: false; reason: string; /** When the buyer's window closed, if that is why. */ closedAt?: Date };

/**
 * Whether a buyer may have a refund of their booking now (decision 027). Never for a booking checked in
 * at the door, nor once the event has ended (issue 33), whatever window a postponement opened.
 */
export function buyerRefundTerms(
  event: { status: string; dateTime: Date | string; endTime?: Date | string | null; refundWindowEndsAt: Date | string | null },
  booking: { ticketQuantity: number; status: string; checkedInAt?: Date | string | null },
  now: Date = new Date(),
): BuyerRefundTerms {
  if (event.status === "cancelled") return { allowed: false, reason: "This event was cancelled: every booking is refunded in full automatically." };
  if (!hasValidTickets(booking)) return { allowed: false, reason: "This booking has no tickets left to refund." };
  if (booking.checkedInAt) return { allowed: false, reason: "This booking was checked in at the event, so it cannot be refunded." };
  const endedAt = eventEndsAt(event);
  if (now.getTime() >= endedAt.getTime()) return { allowed: false, reason: "This event has ended, so its tickets can no longer be refunded.", closedAt: endedAt };
  const windowEnds = event.refundWindowEndsAt ? new Date(event.refundWindowEndsAt) : null;
  if (windowEnds && now < windowEnds) return { allowed: true, source: "postponement", includesFee: true, automatic: true, closesAt: windowEnds };
  const closesAt = new Date(new Date(event.dateTime).getTime() - BUYER_REFUND_CUTOFF_HOURS * 3_600_000);
  if (now >= closesAt) return { allowed: false, reason: `Refunds close ${BUYER_REFUND_CUTOFF_HOURS} hours before the event starts.`, closedAt: closesAt };
  return { allowed: true, source: "buyer-request", includesFee: false, automatic: false, closesAt };
}

/** '£12.50 (ticket £10.20, booking fee £2.30)': a refund's amount as e-mails and the dashboard state it. */
export function describeRefund({ ticketPence, feePence }: { ticketPence: Pence; feePence: Pence }): string {
  const total = formatPounds(ticketPence + feePence);
  return feePence > 0 ? `${total} (tickets ${formatPounds(ticketPence)}, booking fee ${formatPounds(feePence)})` : total;
}

/**
 * The refund terms in one paragraph (the Refund Policy in short), from the rules above: a buyer's request up
 * to the cut-off returns the ticket price, a cancellation everything, a postponement everything on request
 * within its window; never after check-in or the event's end.
 */
export const REFUND_TERMS_TEXT =
  `You can ask for a refund from My Tickets up to ${BUYER_REFUND_CUTOFF_HOURS} hours before the event starts: you get the ticket price back, but not the booking fee. ` +
  "If the organiser cancels the event, you get a full refund, booking fee included, without asking. " +
  `If the event moves to a new date, your tickets stay valid, and for ${POSTPONEMENT_REFUND_WINDOW_DAYS} days after the change you can ask for a full refund, booking fee included, approved automatically. ` +
  "Tickets checked in at the door, or for an event that has ended, cannot be refunded. Refunds go back to the card you paid with within 5-7 business days.";

/** How an organiser hears of buyers' refund requests (issue 33): an e-mail per request, or one summary a day. */
export const REFUND_REQUEST_EMAIL_CHOICES = ["each", "daily"] as const;
export type RefundRequestEmailChoice = (typeof REFUND_REQUEST_EMAIL_CHOICES)[number];

/** The words for each choice, in the form and the API's description. */
export const REFUND_REQUEST_EMAIL_LABELS: Record<RefundRequestEmailChoice, string> = {
  each: "An e-mail for each request",
  daily: "One summary e-mail a day",
};

export function isRefundRequestEmails(value: unknown): value is RefundRequestEmailChoice {
  return REFUND_REQUEST_EMAIL_CHOICES.some((choice) => choice === value);
}

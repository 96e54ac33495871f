// The door's refusals of sold tickets that no longer admit, apart from refunds.ts: the scanner's bundle
// carries these and nothing of refund amounts or fees.

/** What the door says to a refunded ticket, online and offline. */
export const REFUNDED_TICKET_MESSAGE = "This ticket was refunded, so it is no longer valid for entry.";
/** What the door says to a ticket of a cancelled event. */
export const CANCELLED_EVENT_TICKET_MESSAGE = "This event was cancelled and its tickets refunded, so this ticket is no longer valid for entry.";
/** What the door says to a ticket whose payment the buyer's bank has disputed. */
export const DISPUTED_TICKET_MESSAGE = "This ticket's payment is disputed with the card issuer, so it is not valid for entry.";

/** Booking statuses of a ticket that was sold: the door answers for these by name, and anything else is unknown or unpaid. */
export const SOLD_BOOKING_STATUSES = ["confirmed", "refunded", "disputed"] as const;

/**
 * Why the door refuses a sold ticket that is no longer valid, or null when nothing revokes it: the one
 * rule the scan, the dashboard's check-in button, the offline sync and the offline scanner all apply. A
 * cancelled event revokes every ticket it sold; otherwise a refunded or disputed booking revokes its own,
 * and a ticket refunded on its own (`ticketStatus`, issue 36) itself. A partly refunded booking stays
 * confirmed: its remaining tickets admit.
 */
export function revokedTicketMessage(booking: { status: string; ticketStatus?: string }, event: { status?: string | null }): string | null {
  if (!(SOLD_BOOKING_STATUSES as readonly string[]).includes(booking.status)) return null;
  if (event.status === "cancelled") return CANCELLED_EVENT_TICKET_MESSAGE;
  if (booking.status === "refunded" || booking.ticketStatus === "refunded") return REFUNDED_TICKET_MESSAGE;
  if (booking.status === "disputed") return DISPUTED_TICKET_MESSAGE;
  return null;
}

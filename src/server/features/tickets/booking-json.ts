import { bookingRefundState, type MoneySummary } from "../../../domain";
import type { bookings } from "../../db/schema";

type BookingRow = typeof bookings.$inferSelect;

/**
 * A booking as its buyer and its organiser see it (My Tickets, the ticket viewer), with its refunds: the one
 * mapping of a booking row to JSON, which each answer extends with its event and QR payload. `money` is its
 * ledger summary (bookingMoney), for what has been paid back so far.
 */
export function bookingJson(booking: BookingRow, money?: Pick<MoneySummary, "refundedPence">) {
  const refundedPence = money?.refundedPence ?? 0;
  return {
    bookingId: booking.id,
    ticketCode: booking.ticketCode,
    status: booking.status,
    ticketQuantity: booking.ticketQuantity,
    totalAmountPence: booking.totalAmountPence,
    refundedQuantity: booking.refundedQuantity,
    refundState: bookingRefundState({ ticketQuantity: booking.ticketQuantity, refundedQuantity: booking.refundedQuantity, refundedPence }),
    refundedPence,
    attendeeName: booking.attendeeName,
    attendeeEmail: booking.attendeeEmail,
    checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    createdAt: booking.createdAt.toISOString(),
  };
}

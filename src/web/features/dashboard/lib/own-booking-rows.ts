import { bookingStateLabel, eventPlace, formatPounds, hasPlaceholderDate, type OwnBooking, formatDateTime, plural } from "@domain";

/** One of the user's own bookings in My Bookings. */
export interface OwnBookingRow {
  id: string;
  eventId: string;
  eventTitle: string;
  eventWhen: string;
  eventLocation: string;
  tickets: string;
  total: string;
  ticketCode: string;
  checkedIn: string | null;
  /** 'Refunded', 'Partly refunded' or 'Disputed' (issue 19). */
  stateLabel: string | null;
  /** Paid back so far, once anything was refunded. */
  refunded: string | null;
}

export function ownBookingRow(booking: OwnBooking): OwnBookingRow {
  return {
    id: booking.id,
    eventId: booking.eventId,
    eventTitle: booking.eventTitle,
    eventWhen: hasPlaceholderDate({ dateTime: booking.eventDateTime }) ? "Open all year" : formatDateTime(booking.eventDateTime),
    eventLocation: eventPlace({ venue: booking.eventVenue, location: booking.eventLocation }),
    tickets: booking.refundedQuantity > 0 ? `${booking.ticketQuantity} of ${plural(booking.ticketQuantity + booking.refundedQuantity, "ticket")} valid` : plural(booking.ticketQuantity, "ticket"),
    total: formatPounds(booking.totalAmountPence),
    ticketCode: booking.ticketCode,
    checkedIn: booking.checkedInAt ? formatDateTime(booking.checkedInAt) : null,
    stateLabel: bookingStateLabel(booking),
    refunded: booking.refundedPence > 0 ? formatPounds(booking.refundedPence) : null,
  };
}

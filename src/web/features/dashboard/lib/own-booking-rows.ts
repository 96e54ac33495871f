import { eventPlace, formatPounds, hasPlaceholderDate, type OwnBooking, formatDateTime, plural } from "@domain";

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
}

export function ownBookingRow(booking: OwnBooking): OwnBookingRow {
  return {
    id: booking.id,
    eventId: booking.eventId,
    eventTitle: booking.eventTitle,
    eventWhen: hasPlaceholderDate({ dateTime: booking.eventDateTime }) ? "Open all year" : formatDateTime(booking.eventDateTime),
    eventLocation: eventPlace({ venue: booking.eventVenue, location: booking.eventLocation }),
    tickets: plural(booking.ticketQuantity, "ticket"),
    total: formatPounds(booking.totalAmountPence),
    ticketCode: booking.ticketCode,
    checkedIn: booking.checkedInAt ? formatDateTime(booking.checkedInAt) : null,
  };
}

import { bookingStateLabel, formatPounds, type Attendee, formatDateTime } from "@domain";

/** One attendee as the table and the phone cards show it (spec §2 Dashboard, §4 Bookings). */
export interface AttendeeRow {
  bookingId: string;
  name: string;
  email: string;
  /** Tickets still valid. */
  tickets: number;
  amount: string;
  bookedAt: string;
  ticketCode: string;
  /** spec §4: a booking is either Pending or Checked In; there is no undo. */
  status: "Pending" | "Checked In";
  checkedInAt: string | null;
  /** 'Refunded', 'Partly refunded' or 'Disputed' (issue 19); null for a plain booking. */
  stateLabel: string | null;
  refundedTickets: number;
  /** Paid back so far, e.g. '£22.30'. */
  refunded: string;
  /** Whether the organiser may refund it or check it in: a paid booking with tickets still valid. */
  active: boolean;
  unitPricePence: number;
  feePerTicketPence: number;
}

export function attendeeRow(attendee: Attendee): AttendeeRow {
  return {
    bookingId: attendee.bookingId,
    name: attendee.name,
    email: attendee.email,
    tickets: attendee.tickets,
    amount: formatPounds(attendee.amountPence),
    bookedAt: formatDateTime(attendee.bookedAt),
    ticketCode: attendee.ticketCode,
    status: attendee.checkedInAt ? "Checked In" : "Pending",
    checkedInAt: attendee.checkedInAt ? formatDateTime(attendee.checkedInAt) : null,
    stateLabel: bookingStateLabel({ status: attendee.status, ticketQuantity: attendee.tickets, refundedQuantity: attendee.refundedTickets, refundedPence: attendee.refundedPence }),
    refundedTickets: attendee.refundedTickets,
    refunded: formatPounds(attendee.refundedPence),
    active: attendee.status === "confirmed" && attendee.tickets > 0,
    unitPricePence: attendee.unitPricePence,
    feePerTicketPence: attendee.feePerTicketPence,
  };
}

export interface AttendeeSummary {
  bookings: number;
  tickets: number;
  checkedInBookings: number;
  checkedInTickets: number;
  paidByBuyersPence: number;
}

export function attendeeSummary(attendees: readonly Attendee[]): AttendeeSummary {
  const summary: AttendeeSummary = { bookings: 0, tickets: 0, checkedInBookings: 0, checkedInTickets: 0, paidByBuyersPence: 0 };
  for (const attendee of attendees) {
    // Net of refunds: what the buyer paid less what went back (issue 19).
    summary.paidByBuyersPence += attendee.amountPence - attendee.refundedPence;
    if (attendee.status !== "confirmed" || attendee.tickets === 0) continue;
    summary.bookings += 1;
    summary.tickets += attendee.tickets;
    if (attendee.checkedInAt) {
      summary.checkedInBookings += 1;
      summary.checkedInTickets += attendee.tickets;
    }
  }
  return summary;
}

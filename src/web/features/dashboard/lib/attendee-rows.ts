import { answerText, bookingStateLabel, formatPounds, type Attendee, formatDateTime } from "@domain";

/** One ticket as the attendee table and the phone cards show it (spec §2 Dashboard, §4 Bookings; issue 36: a row per ticket). */
export interface AttendeeRow {
  ticketId: string;
  ticketCode: string;
  /** The ticket's attendee, and their e-mail (their own, else the buyer's). */
  name: string;
  email: string;
  typeName: string;
  /** The attendee's answers to the event's questions (issue 36), as a person reads them. */
  answers: { question: string; answer: string }[];
  /** spec §4: a ticket is Pending or Checked In, with no undo; or Refunded (issue 36). */
  status: "Pending" | "Checked In" | "Refunded";
  checkedInAt: string | null;
  /** Whether the organiser may check this ticket in: valid, of a paid booking. */
  canCheckIn: boolean;
  /** The first row of its booking: the one that carries the booking's refund button. */
  firstOfBooking: boolean;
  bookingId: string;
  buyerName: string;
  buyerEmail: string;
  bookingCode: string;
  /** The booking's tickets still valid. */
  tickets: number;
  amount: string;
  bookedAt: string;
  /** The booking's 'Refunded', 'Partly refunded' or 'Disputed' (issue 19); null for a plain booking. */
  stateLabel: string | null;
  refundedTickets: number;
  /** Paid back so far, e.g. '£22.30'. */
  refunded: string;
  /** Whether the organiser may refund the booking: paid, with tickets still valid. */
  active: boolean;
  unitPricePence: number;
  feePerTicketPence: number;
}

export function attendeeRow(attendee: Attendee, firstOfBooking = true): AttendeeRow {
  const active = attendee.status === "confirmed" && attendee.tickets > 0;
  return {
    ticketId: attendee.ticketId,
    ticketCode: attendee.ticketCode,
    name: attendee.name,
    email: attendee.email,
    typeName: attendee.typeName,
    answers: attendee.answers.map((given) => ({ question: given.question, answer: answerText(given.answer) })),
    status: attendee.ticketStatus === "refunded" ? "Refunded" : attendee.checkedInAt ? "Checked In" : "Pending",
    checkedInAt: attendee.checkedInAt ? formatDateTime(attendee.checkedInAt) : null,
    canCheckIn: active && attendee.ticketStatus === "valid",
    firstOfBooking,
    bookingId: attendee.bookingId,
    buyerName: attendee.buyerName,
    buyerEmail: attendee.buyerEmail,
    bookingCode: attendee.bookingCode,
    tickets: attendee.tickets,
    amount: formatPounds(attendee.amountPence),
    bookedAt: formatDateTime(attendee.bookedAt),
    stateLabel: bookingStateLabel({ status: attendee.status, ticketQuantity: attendee.tickets, refundedQuantity: attendee.refundedTickets, refundedPence: attendee.refundedPence }),
    refundedTickets: attendee.refundedTickets,
    refunded: formatPounds(attendee.refundedPence),
    active,
    unitPricePence: attendee.unitPricePence,
    feePerTicketPence: attendee.feePerTicketPence,
  };
}

/** The list's rows, a booking's tickets together as the server sends them; each booking's first carries its refund. */
export function attendeeRows(attendees: readonly Attendee[]): AttendeeRow[] {
  return attendees.map((attendee, index) => attendeeRow(attendee, attendees[index - 1]?.bookingId !== attendee.bookingId));
}

export interface AttendeeSummary {
  bookings: number;
  tickets: number;
  checkedInTickets: number;
  paidByBuyersPence: number;
}

/** Paid bookings and their valid tickets, tickets admitted, and what buyers paid net of refunds (each booking once). */
export function attendeeSummary(attendees: readonly Attendee[]): AttendeeSummary {
  const summary: AttendeeSummary = { bookings: 0, tickets: 0, checkedInTickets: 0, paidByBuyersPence: 0 };
  const seen = new Set<string>();
  for (const attendee of attendees) {
    const active = attendee.status === "confirmed" && attendee.tickets > 0;
    if (!seen.has(attendee.bookingId)) {
      seen.add(attendee.bookingId);
      // Net of refunds: what the buyer paid less what went back (issue 19).
      summary.paidByBuyersPence += attendee.amountPence - attendee.refundedPence;
      if (active) summary.bookings += 1;
    }
    if (!active || attendee.ticketStatus !== "valid") continue;
    summary.tickets += 1;
    if (attendee.checkedInAt) summary.checkedInTickets += 1;
  }
  return summary;
}

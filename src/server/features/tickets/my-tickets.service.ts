import { and, desc, eq, inArray } from "drizzle-orm";
import { AppError, isUuid, LISTED_BOOKING_STATUSES, ticketQrPayload, upcomingThenPast, type MyTicket } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events, orderLines, orders, tickets } from "../../db/schema";
import { bookingJson } from "./booking-json";
import { signedTickets, ticketsOfBookings } from "./booking-tickets";
import { bookingMoney } from "../ledger/ledger";
import { buyerRefundOptions } from "../refunds/refund-requests.service";
import { ticketEmailStatus } from "./send-ticket-email.service";
import { ticketCalendar } from "./ticket-email";
import type { TicketSigner } from "./ticket-signer";

/**
 * spec §2 My Tickets: the user's bookings (confirmed, and refunded or disputed ones with their state, issue 19),
 * each with its tickets (one per attendee, each with its own signed QR payload: issue 36) and what has been paid back (from the ledger): upcoming ones
 * first, soonest first, then past ones, most recent first (issue 17). Bookings of one event keep the
 * newest first.
 */
export async function listMyTickets({ db, signer, userId, now = new Date() }: { db: Db; signer: TicketSigner; userId: string; now?: Date }): Promise<MyTicket[]> {
  const rows = await db
    .select({ booking: bookings, event: events, orderId: orders.id })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
    .leftJoin(orders, and(eq(orders.id, orderLines.orderId), eq(orders.status, "confirmed")))
    .where(and(eq(bookings.userId, userId), inArray(bookings.status, [...LISTED_BOOKING_STATUSES])))
    .orderBy(desc(bookings.createdAt));
  const money = await bookingMoney(db, rows.map(({ booking }) => booking.id));
  const { upcoming, past } = upcomingThenPast(rows, ({ event }) => event, now);
  const ordered = [...upcoming.map((row) => ({ ...row, period: "upcoming" as const })), ...past.map((row) => ({ ...row, period: "past" as const }))];
  const refundOptions = await buyerRefundOptions(db, ordered, now);
  const ticketsOf = await ticketsOfBookings(db, ordered.map(({ booking }) => booking.id));
  return Promise.all(
    ordered.map(async ({ booking, event, period, orderId }) => ({
      ...bookingJson(booking, money.get(booking.id)),
      period,
      event: {
        id: event.id,
        title: event.title,
        dateTime: event.dateTime.toISOString(),
        venue: event.venue,
        location: event.location,
        imageUrl: event.imageUrl,
        minAge: event.minAge,
        status: event.status,
        transferCutoffHours: event.transferCutoffHours,
      },
      qrPayload: await signer.sign(ticketQrPayload({ code: booking.ticketCode, bookingId: booking.id, attendeeName: firstAttendee(ticketsOf.get(booking.id), booking) }, event)),
      tickets: await signedTickets(signer, ticketsOf.get(booking.id) ?? [], booking, event),
      ticketEmail: ticketEmailStatus(booking),
      refund: refundOptions.get(booking.id)!,
      orderId,
    })),
  );
}

/** The attendee of a booking's first ticket (the one its code names), as its QR carries it. */
const firstAttendee = (rows: { position: number; attendeeName: string }[] | undefined, booking: { attendeeName: string }) =>
  rows?.find((ticket) => ticket.position === 1)?.attendeeName ?? booking.attendeeName;

/**
 * The QR image of a ticket for mail clients that load it by URL; only a valid signature of that ticket opens it.
 * Ticket 1 of a booking also opens with the signature of a QR sent before tickets were records, which named the
 * whole booking (decision 041).
 */
export async function signedTicketForImage({ db, signer, ticketCode, kid, sig }: { db: Db; signer: TicketSigner; ticketCode: string; kid: string; sig: string }) {
  const [row] = await db
    .select({ ticket: { code: tickets.code, bookingId: tickets.bookingId, attendeeName: tickets.attendeeName, position: tickets.position }, booking: bookings, event: events })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(tickets.code, ticketCode.toUpperCase()), eq(tickets.status, "valid"), eq(bookings.status, "confirmed")))
    .limit(1);
  if (!row) return null;
  const payload = { ...ticketQrPayload(row.ticket, row.event), kid, sig };
  if (await signer.verify(payload)) return payload;
  if (row.ticket.position !== 1 || row.booking.ticketQuantity <= 1) return null;
  const legacy = { ...payload, attendeeName: row.booking.attendeeName, ticketQuantity: row.booking.ticketQuantity };
  return (await signer.verify(legacy)) ? legacy : null;
}

/** The .ics of one of the user's own tickets (issue 17: 'Add to calendar'); anyone else's booking is not found. */
export async function myTicketCalendar({ db, userId, bookingId, publicUrl }: { db: Db; userId: string; bookingId: string; publicUrl: string }) {
  const [row] = isUuid(bookingId)
    ? await db
        .select({ booking: bookings, event: events })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(and(eq(bookings.id, bookingId.toLowerCase()), eq(bookings.userId, userId), eq(bookings.status, "confirmed")))
        .limit(1)
    : [];
  if (!row) throw new AppError("TICKET_NOT_FOUND", "No ticket found with that identifier. Please check and try again.");
  const { booking, event } = row;
  return {
    filename: `${booking.ticketCode}.ics`,
    ics: ticketCalendar({ attendeeName: booking.attendeeName, ticketCode: booking.ticketCode, ticketQuantity: booking.ticketQuantity, event, publicUrl }),
  };
}

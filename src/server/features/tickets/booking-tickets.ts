import { and, asc, eq, inArray } from "drizzle-orm";
import { ticketQrPayload, type BookingTicket, type SignedBookingTicket, type SignedTicketPayload } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, tickets, ticketTypes } from "../../db/schema";
import type { TicketSigner } from "./ticket-signer";

/** A ticket as the pages and e-mails that show it read it (issue 36), with the attendee's own e-mail when the buyer gave one. */
export interface BookingTicketRow extends BookingTicket {
  bookingId: string;
  attendeeEmail: string | null;
}

/** The tickets of these bookings (the trigger of migration 0028 issued one per place), each booking's by position. */
export async function ticketsOfBookings(db: Db, bookingIds: string[]): Promise<Map<string, BookingTicketRow[]>> {
  const byBooking = new Map<string, BookingTicketRow[]>(bookingIds.map((id) => [id, []]));
  if (!bookingIds.length) return byBooking;
  const rows = await db
    .select({
      ticketId: tickets.id,
      bookingId: tickets.bookingId,
      position: tickets.position,
      code: tickets.code,
      attendeeName: tickets.attendeeName,
      attendeeEmail: tickets.attendeeEmail,
      typeName: ticketTypes.name,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(inArray(tickets.bookingId, bookingIds))
    .orderBy(asc(tickets.bookingId), asc(tickets.position));
  for (const row of rows) {
    byBooking.get(row.bookingId)?.push({ ...row, status: row.status === "refunded" ? "refunded" : "valid", checkedInAt: row.checkedInAt?.toISOString() ?? null });
  }
  return byBooking;
}

/** Whether a ticket admits its holder: valid, of a booking that is still confirmed (not refunded in full or disputed). */
export const ticketAdmits = (ticket: Pick<BookingTicket, "status">, booking: { status: string }): boolean => ticket.status === "valid" && booking.status === "confirmed";

/** One ticket's QR payload, signed: it names this ticket alone (ticketQuantity 1). */
export function signTicket(signer: TicketSigner, ticket: Pick<BookingTicketRow, "code" | "bookingId" | "attendeeName">, event: { title: string; dateTime: Date }): Promise<SignedTicketPayload> {
  return signer.sign(ticketQrPayload(ticket, event));
}

/** A ticket as the shapes carry it (BookingTicket), without its booking id and attendee e-mail. */
export function bookingTicketView({ ticketId, position, code, attendeeName, typeName, status, checkedInAt }: BookingTicketRow): BookingTicket {
  return { ticketId, position, code, attendeeName, typeName, status, checkedInAt };
}

/** A booking's tickets as its pages show them: each with its own signed QR while it admits, null once it does not. */
export function signedTickets(signer: TicketSigner, rows: BookingTicketRow[], booking: { status: string }, event: { title: string; dateTime: Date }): Promise<SignedBookingTicket[]> {
  return Promise.all(rows.map(async (row) => ({ ...bookingTicketView(row), qrPayload: ticketAdmits(row, booking) ? await signTicket(signer, row, event) : null })));
}

/** The tickets of these bookings that are the buyer's own (others' are left out), each booking's by position, as BookingTicket. */
export async function ownBookingTickets(db: Db, { userId, bookingIds }: { userId: string; bookingIds: string[] }): Promise<Record<string, BookingTicket[]>> {
  if (!bookingIds.length) return {};
  const own = await db.select({ id: bookings.id }).from(bookings).where(and(inArray(bookings.id, bookingIds), eq(bookings.userId, userId)));
  const byBooking = await ticketsOfBookings(db, own.map((booking) => booking.id));
  return Object.fromEntries([...byBooking].map(([bookingId, rows]) => [bookingId, rows.map(bookingTicketView)]));
}

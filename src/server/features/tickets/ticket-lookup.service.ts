import { and, eq, not, type SQL } from "drizzle-orm";
import { AppError, parseTicketIdentifier, type TicketView } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events, tickets } from "../../db/schema";
import { managedBy } from "../events/managed-events";
import type { Actor } from "../auth/session";
import { bookingJson } from "./booking-json";
import { bookingTicketView, signTicket, ticketAdmits, ticketsOfBookings } from "./booking-tickets";
import { bookingMoney } from "../ledger/ledger";
import type { TicketSigner } from "./ticket-signer";

/**
 * The payment session of a booking, for an actor who may see it: an admin, or the organiser of every
 * booking in that order. A cart spans organisers (decisions D6, D23), so one organiser never learns the
 * session of an order that also holds another organiser's bookings (docs/decisions/015).
 */
async function visibleSessionId(db: Db, actor: Actor, sessionId: string | null): Promise<string | null> {
  if (!sessionId || actor.isAdmin) return sessionId;
  const [foreign] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.stripeSessionId, sessionId), not(managedBy(actor))))
    .limit(1);
  return foreign ? null : sessionId;
}

/** The booking an identifier names: a ticket code names its ticket's booking (tickets.code: issue 36), else by booking id or payment session. */
function bookingCondition({ bookingId, ticketCode, sessionId }: ReturnType<typeof parseTicketIdentifier>): SQL | null {
  if (bookingId) return eq(bookings.id, bookingId);
  if (ticketCode) return eq(tickets.code, ticketCode);
  if (sessionId) return eq(bookings.stripeSessionId, sessionId);
  return null;
}

/**
 * spec §5 Ticket viewer: by booking id, ticket code or payment session (parseTicketIdentifier) — within
 * the events the actor manages (decisions D11). A ticket code shows its own ticket; a booking id or session
 * its booking's first valid ticket; either way with the booking's tickets listed (issue 36).
 */
export async function findManagedTicket({ db, signer, actor, identifier }: { db: Db; signer: TicketSigner; actor: Actor; identifier: string }): Promise<TicketView> {
  const parsed = parseTicketIdentifier(identifier);
  const condition = bookingCondition(parsed);
  const [row] = condition
    ? await db
        .select({ booking: bookings, event: events })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .innerJoin(tickets, eq(tickets.bookingId, bookings.id))
        .where(and(condition, managedBy(actor)))
        .limit(1)
    : [];
  if (!row) throw new AppError("TICKET_NOT_FOUND", "No ticket found with that identifier. Please check and try again.");
  const { booking, event } = row;
  const all = (await ticketsOfBookings(db, [booking.id])).get(booking.id) ?? [];
  const named = (parsed.ticketCode && all.find((ticket) => ticket.code === parsed.ticketCode)) || all.find((ticket) => ticketAdmits(ticket, booking)) || all[0]!;
  return {
    ...bookingJson(booking, (await bookingMoney(db, [booking.id])).get(booking.id)),
    stripeSessionId: await visibleSessionId(db, actor, booking.stripeSessionId),
    event: { id: event.id, title: event.title, description: event.description, dateTime: event.dateTime.toISOString(), venue: event.venue, location: event.location },
    ticket: bookingTicketView(named),
    qrPayload: await signTicket(signer, named, event),
    tickets: all.map(bookingTicketView),
  };
}

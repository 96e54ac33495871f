import { and, eq, not } from "drizzle-orm";
import { AppError, parseTicketIdentifier, ticketQrPayload, type TicketView } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { managedBy } from "../events/managed-events";
import type { Actor } from "../auth/session";
import { bookingJson } from "./booking-json";
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

/**
 * spec §5 Ticket viewer: by booking id, ticket code or payment session (parseTicketIdentifier) — within
 * the events the actor manages (decisions D11).
 */
export async function findManagedTicket({ db, signer, actor, identifier }: { db: Db; signer: TicketSigner; actor: Actor; identifier: string }): Promise<TicketView> {
  const { bookingId, ticketCode, sessionId } = parseTicketIdentifier(identifier);
  const condition = bookingId ? eq(bookings.id, bookingId) : ticketCode ? eq(bookings.ticketCode, ticketCode) : sessionId ? eq(bookings.stripeSessionId, sessionId) : null;
  const [row] = condition
    ? await db
        .select({ booking: bookings, event: events })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(and(condition, managedBy(actor)))
        .limit(1)
    : [];
  if (!row) throw new AppError("TICKET_NOT_FOUND", "No ticket found with that identifier. Please check and try again.");
  const { booking, event } = row;
  return {
    ...bookingJson(booking, (await bookingMoney(db, [booking.id])).get(booking.id)),
    stripeSessionId: await visibleSessionId(db, actor, booking.stripeSessionId),
    event: { id: event.id, title: event.title, description: event.description, dateTime: event.dateTime.toISOString(), venue: event.venue, location: event.location },
    qrPayload: await signer.sign(ticketQrPayload(booking, event)),
  };
}

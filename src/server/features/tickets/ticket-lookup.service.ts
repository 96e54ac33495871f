import { and, eq, not } from "drizzle-orm";
import { AppError, type TicketQrPayload, type TicketView, isUuid } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { managedBy } from "../attendees/attendees.service";
import type { Actor } from "../auth/session";
import { bookingJson } from "../checkout/checkout.service";
import type { TicketSigner } from "./ticket-signer";

/** spec §3 QR payload for the ticket image. */
export function qrPayloadFor(booking: { id: string; ticketCode: string; attendeeName: string; ticketQuantity: number }, event: { title: string; dateTime: Date }): TicketQrPayload {
  return {
    ticketId: booking.ticketCode,
    bookingId: booking.id,
    eventTitle: event.title,
    attendeeName: booking.attendeeName,
    eventDate: event.dateTime.toISOString(),
    ticketQuantity: booking.ticketQuantity,
  };
}

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
 * spec §5 Ticket viewer: by booking id first, then by ticket code if it contains TCKT-, then by
 * payment session if it starts with cs_ — within the events the actor manages (decisions D11).
 */
export async function findManagedTicket({ db, signer, actor, identifier }: { db: Db; signer: TicketSigner; actor: Actor; identifier: string }): Promise<TicketView> {
  const id = identifier.trim();
  const lookups = [
    isUuid(id) ? eq(bookings.id, id) : null,
    id.toUpperCase().includes("TCKT-") ? eq(bookings.ticketCode, id.toUpperCase()) : null,
    id.startsWith("cs_") ? eq(bookings.stripeSessionId, id) : null,
  ].filter((condition) => condition !== null);
  for (const condition of lookups) {
    const [row] = await db
      .select({ booking: bookings, event: events })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(and(condition, managedBy(actor)))
      .limit(1);
    if (row) {
      const { booking, event } = row;
      return {
        ...bookingJson(booking),
        stripeSessionId: await visibleSessionId(db, actor, booking.stripeSessionId),
        event: { id: event.id, title: event.title, description: event.description, dateTime: event.dateTime.toISOString(), venue: event.venue, location: event.location },
        qrPayload: await signer.sign(qrPayloadFor(booking, event)),
      };
    }
  }
  throw new AppError("TICKET_NOT_FOUND", "No ticket found with that identifier. Please check and try again.");
}

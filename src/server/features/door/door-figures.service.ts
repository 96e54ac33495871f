import { and, asc, eq, getTableName, sql, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { AppError, isUuid, listFigures, type DoorFigures } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, checkInLists, events, tickets, ticketTypes } from "../../db/schema";
import type { Auth } from "../auth/auth";
import type { Actor, Session } from "../auth/session";
import { MANAGED_EVENT_NOT_FOUND, managedBy } from "../events/managed-events";
import { mayCheck, requireDoor } from "./door-access";

/**
 * Tickets the door expects and those it has let in, as SQL conditions on a ticket and its booking: sold is
 * a valid ticket of a confirmed booking; admitted is a sold one with its check-in time. check-in.service's
 * checkInFigures (the scanner's 'Admitted X / Y' for the whole event) counts by these too.
 */
export const soldTicket = (ticket: SQL, booking: SQL) => sql`${ticket}.status = 'valid' and ${booking}.status = 'confirmed'`;
export const admittedTicket = (ticket: SQL, booking: SQL) => sql`${soldTicket(ticket, booking)} and ${ticket}.checked_in_at is not null`;

/**
 * The door's figures for one event: admitted / sold per ticket type, and per check-in list the sums over
 * the types it covers (a ticket admitted through any list counts in every list covering its type: the
 * list says how many of the tickets it may admit are in).
 */
export async function doorFigures(db: Db, eventId: string): Promise<DoorFigures> {
  const ticket = sql`${sql.identifier(getTableName(tickets))}`;
  const booking = sql`${sql.identifier(getTableName(bookings))}`;
  const [types, lists] = await Promise.all([
    db
      .select({
        id: ticketTypes.id,
        name: ticketTypes.name,
        admitted: sql<number>`count(${tickets.id}) filter (where ${admittedTicket(ticket, booking)})::int`.mapWith(Number),
        expected: sql<number>`count(${tickets.id}) filter (where ${soldTicket(ticket, booking)})::int`.mapWith(Number),
      })
      .from(ticketTypes)
      .leftJoin(tickets, eq(tickets.ticketTypeId, ticketTypes.id))
      .leftJoin(bookings, eq(bookings.id, tickets.bookingId))
      .where(eq(ticketTypes.eventId, eventId))
      .groupBy(ticketTypes.id)
      .orderBy(asc(ticketTypes.position)),
    db
      .select({ id: checkInLists.id, name: checkInLists.name, isDefault: checkInLists.isDefault, ticketTypeIds: checkInLists.ticketTypeIds })
      .from(checkInLists)
      .where(eq(checkInLists.eventId, eventId))
      .orderBy(sql`${checkInLists.isDefault} desc`, asc(checkInLists.createdAt), asc(checkInLists.name)),
  ]);
  return {
    eventId,
    types,
    lists: lists.map(({ ticketTypeIds, ...list }) => ({ ...list, ...listFigures({ ticketTypeIds }, types) })),
  };
}

/** An organiser's or admin's figures for an event they manage (EVENT_NOT_FOUND otherwise). */
export async function managedDoorFigures({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<DoorFigures> {
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  const [event] = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), managedBy(actor))).limit(1);
  if (!event) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  return doorFigures(db, event.id);
}

/**
 * An event the door behind the request may check (decision D26): the event's organiser or an admin, a staff
 * member it was granted to, or a door link for it; the same 404 for every other event.
 */
export async function checkedDoorEvent(context: { db: Db; auth: Auth; session: Session }, request: FastifyRequest, eventId: string): Promise<{ id: string; organiserId: string }> {
  const door = await requireDoor(context, request);
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  const [event] = await context.db.select({ id: events.id, organiserId: events.userId }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event || !mayCheck(door, event)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  return event;
}

/** GET /api/events/{id}/door-figures: for whoever is at the door. */
export async function doorFiguresAtDoor(context: { db: Db; auth: Auth; session: Session }, request: FastifyRequest, eventId: string): Promise<DoorFigures> {
  const event = await checkedDoorEvent(context, request, eventId);
  return doorFigures(context.db, event.id);
}

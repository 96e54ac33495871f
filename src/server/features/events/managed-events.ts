import { and, eq, type SQL } from "drizzle-orm";
import { AppError, isUuid } from "../../../domain";
import { managesEventByColumnsSql, managesEventSql } from "../../../domain/events.sql";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import type { Actor } from "../auth/session";

/** The one answer for an event that is missing or not the actor's (so the two cannot be told apart). */
export const MANAGED_EVENT_NOT_FOUND = "Event not found or you don't have permission to view this event.";

/**
 * Events this actor manages, as SQL (decisions D10): their own, or any for an admin. The same rule as
 * the domain's `managesEvent`; `organiser` is the column holding the event's organiser (events.user_id
 * unless a query names it otherwise).
 */
export function managedBy(actor: Actor, organiser: SQL | typeof events.userId = events.userId): SQL {
  return managesEventSql(actor, organiser);
}

/** managedBy for a statement that carries each row's actor in its own columns (a batch of scans by several actors). */
export function managedByColumns(organiser: SQL, actor: { isAdmin: SQL; userId: SQL }): SQL {
  return managesEventByColumnsSql(organiser, actor);
}

/** An event the actor manages (decisions D10), or EVENT_NOT_FOUND — the same answer whether it is missing or not theirs. */
export async function findManagedEvent(db: Db, actor: Actor, eventId: string) {
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  const [event] = await db
    .select({ id: events.id, title: events.title, dateTime: events.dateTime, venue: events.venue, location: events.location, status: events.status, minAge: events.minAge })
    .from(events)
    .where(and(eq(events.id, eventId), managedBy(actor)))
    .limit(1);
  if (!event) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  return event;
}

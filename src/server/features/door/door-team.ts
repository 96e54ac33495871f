import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { AppError, doorAccessStatus, isUuid, type DoorAccessSummary } from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { doorAccess, doorAccessEvents, events, profiles, users } from "../../db/schema";
import type { Actor } from "../auth/session";
import { managedBy } from "../events/managed-events";

/**
 * What the staff invitations and the door links share (issue 38, D26): the events chosen must be events
 * the actor manages, all of one organiser's; a door access is seen and changed only by its organiser or an
 * admin; each is listed with its events and status. The secret itself is never kept, only its hash.
 */

/** The one answer for a door access that is missing or not the actor's (so the two cannot be told apart). */
export const DOOR_ACCESS_NOT_FOUND = "Door access not found";

/** A new secret (an invitation's token, a door link's): 32 random bytes, base64url. */
export const newDoorSecret = () => randomBytes(32).toString("base64url");

/** The organiser's or an admin's reach over door accesses (decisions D10). */
const ownedBy = (actor: Actor): SQL => (actor.isAdmin ? sql`true` : eq(doorAccess.organiserId, actor.userId));

/**
 * The organiser whose events these are: each must be an event the actor manages (an admin: any), and all
 * one organiser's, since a door access belongs to one organiser. Refusals name the event.
 */
export async function organiserOfEvents(db: Db | Tx, actor: Actor, eventIds: string[]): Promise<string> {
  const rows = await db
    .select({ id: events.id, organiserId: events.userId })
    .from(events)
    .where(and(inArray(events.id, eventIds), managedBy(actor)));
  const missing = eventIds.find((id) => !rows.some((row) => row.id === id));
  if (missing) throw new AppError("EVENT_NOT_FOUND", `Invalid field 'eventIds': event ${missing} is not an event you manage`, { field: "eventIds" });
  const organisers = new Set(rows.map((row) => row.organiserId));
  if (organisers.size > 1) throw new AppError("VALIDATION_FAILED", "Invalid field 'eventIds': the events must all be one organiser's", { field: "eventIds" });
  return rows[0]!.organiserId;
}

/** The door access the actor may see and change (its organiser, or an admin), locked for the change; else 404. */
export async function ownedDoorAccess(tx: Tx, actor: Actor, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", DOOR_ACCESS_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(doorAccess)
    .where(and(eq(doorAccess.id, id), ownedBy(actor)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", DOOR_ACCESS_NOT_FOUND);
  return row;
}

/** A display name: the profile's, else the account's name, else its e-mail. */
export const displayNameSql = sql<string>`coalesce(nullif(${profiles.displayName}, ''), nullif(${users.name}, ''), ${users.email})`;

async function eventsOf(db: Db | Tx, accessIds: string[]) {
  const byAccess = new Map<string, DoorAccessSummary["events"]>();
  if (!accessIds.length) return byAccess;
  const rows = await db
    .select({ accessId: doorAccessEvents.doorAccessId, id: events.id, title: events.title, dateTime: events.dateTime })
    .from(doorAccessEvents)
    .innerJoin(events, eq(events.id, doorAccessEvents.eventId))
    .where(inArray(doorAccessEvents.doorAccessId, accessIds))
    .orderBy(asc(events.dateTime), asc(events.id));
  for (const row of rows) {
    const list = byAccess.get(row.accessId) ?? [];
    list.push({ id: row.id, title: row.title, dateTime: row.dateTime.toISOString() });
    byAccess.set(row.accessId, list);
  }
  return byAccess;
}

type AccessRow = typeof doorAccess.$inferSelect;

const summaryOf = (row: AccessRow, accessEvents: DoorAccessSummary["events"]): DoorAccessSummary => ({
  id: row.id,
  kind: row.kind as DoorAccessSummary["kind"],
  label: row.label,
  email: row.email,
  hasPin: row.pinHash !== null,
  status: doorAccessStatus(row),
  organiserId: row.organiserId,
  events: accessEvents,
  createdAt: row.createdAt.toISOString(),
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function summariesOf(db: Db | Tx, rows: AccessRow[]): Promise<DoorAccessSummary[]> {
  const byAccess = await eventsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryOf(row, byAccess.get(row.id) ?? []));
}

/** Replaces an access's events (already checked to be its organiser's). */
export async function setDoorEvents(tx: Tx, accessId: string, eventIds: string[]) {
  await tx.delete(doorAccessEvents).where(eq(doorAccessEvents.doorAccessId, accessId));
  await tx.insert(doorAccessEvents).values(eventIds.map((eventId) => ({ doorAccessId: accessId, eventId })));
}

/** The door team the actor manages: their own staff and links (an admin: everyone's), newest first. */
export async function listDoorTeam({ db, actor }: { db: Db; actor: Actor }): Promise<DoorAccessSummary[]> {
  const rows = await db.select().from(doorAccess).where(ownedBy(actor)).orderBy(desc(doorAccess.createdAt), desc(doorAccess.id));
  return summariesOf(db, rows);
}

/** Changes which events a staff member or link may check. */
export async function changeDoorEvents({ db, actor, id, eventIds }: { db: Db; actor: Actor; id: string; eventIds: string[] }): Promise<DoorAccessSummary> {
  return db.transaction(async (tx) => {
    const row = await ownedDoorAccess(tx, actor, id);
    if (row.revokedAt) throw new AppError("CONFLICT", "This door access has been revoked: invite them again or make a new link.");
    const organiserId = await organiserOfEvents(tx, actor, eventIds);
    if (organiserId !== row.organiserId) throw new AppError("VALIDATION_FAILED", "Invalid field 'eventIds': the events must be the organiser's who gave this access", { field: "eventIds" });
    await setDoorEvents(tx, row.id, eventIds);
    return (await summariesOf(tx, [row]))[0]!;
  });
}

/**
 * Revokes a staff member's or a link's access. Takes effect at once: readDoor reads the row on every
 * request. Revoking again changes nothing (the first time is kept).
 */
export async function revokeDoorAccess({ db, actor, id }: { db: Db; actor: Actor; id: string }): Promise<DoorAccessSummary> {
  return db.transaction(async (tx) => {
    const row = await ownedDoorAccess(tx, actor, id);
    const revoked = row.revokedAt
      ? row
      : (await tx.update(doorAccess).set({ revokedAt: new Date() }).where(eq(doorAccess.id, row.id)).returning())[0]!;
    return (await summariesOf(tx, [revoked]))[0]!;
  });
}

/** The organiser's events a door team may be given: upcoming, or started within the last two days. */
export async function doorEventChoices({ db, userId }: { db: Db; userId: string }): Promise<{ id: string; title: string; dateTime: string }[]> {
  const rows = await db
    .select({ id: events.id, title: events.title, dateTime: events.dateTime })
    .from(events)
    .where(and(eq(events.userId, userId), sql`${events.dateTime} > now() - interval '2 days'`))
    .orderBy(asc(events.dateTime));
  return rows.map((row) => ({ ...row, dateTime: row.dateTime.toISOString() }));
}

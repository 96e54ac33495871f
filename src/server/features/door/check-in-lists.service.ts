import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import {
  AppError,
  CheckInListInput,
  DefaultCheckInListInput,
  DoorSettingsInput,
  doorWindow,
  isUuid,
  MAX_CHECK_IN_LISTS,
  type CheckInListsView,
  type CheckInListView,
  type DoorSettingsView,
} from "../../../domain";
import type { Db } from "../../db/client";
import { checkInLists, events, scans, ticketTypes } from "../../db/schema";
import { parseInput } from "../../lib/parse-input";
import type { Actor } from "../auth/session";
import { findManagedEvent, managedBy, MANAGED_EVENT_NOT_FOUND } from "../events/managed-events";

/** The one answer for a list that is missing or not on an event the actor manages. */
export const CHECK_IN_LIST_NOT_FOUND = "Check-in list not found";

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && ((error as { code?: string }).code === "23505" || isUniqueViolation((error as { cause?: unknown }).cause));

const nameTaken = (name: string) => new AppError("CONFLICT", `Invalid field 'name': this event already has a check-in list called ${name}`, { reason: "LIST_NAME_TAKEN", field: "name" });

type ListRow = typeof checkInLists.$inferSelect;

function viewOf(row: ListRow, scanCount: number): CheckInListView {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    ticketTypeIds: row.ticketTypeIds,
    opensAt: row.opensAt?.toISOString() ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
    allowMultipleEntries: row.allowMultipleEntries,
    allowReentry: row.allowReentry,
    scans: scanCount,
  };
}

const scanCountOf = (listId: string) => sql<number>`(select count(*)::int from ${scans} where ${scans.listId} = ${listId})`.mapWith(Number);

/** The event's lists, the default first, each with its scans counted, and the event's types to choose from. */
export async function listCheckInLists({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<CheckInListsView> {
  const event = await findManagedEvent(db, actor, eventId);
  const [rows, types] = await Promise.all([
    db
      // Qualified by hand: a one-table select names its columns bare, which the subquery would read as its own.
      .select({ list: checkInLists, scans: sql<number>`(select count(*)::int from ${scans} where ${scans}.list_id = ${checkInLists}.id)`.mapWith(Number) })
      .from(checkInLists)
      .where(eq(checkInLists.eventId, event.id))
      .orderBy(sql`${checkInLists.isDefault} desc`, asc(checkInLists.createdAt), asc(checkInLists.name)),
    db.select({ id: ticketTypes.id, name: ticketTypes.name }).from(ticketTypes).where(eq(ticketTypes.eventId, event.id)).orderBy(asc(ticketTypes.position)),
  ]);
  return { lists: rows.map((row) => viewOf(row.list, row.scans)), ticketTypes: types };
}

/** A list on an event the actor manages, with its event's id; CHECK_IN_LIST_NOT_FOUND otherwise (missing and not theirs read alike). */
async function findManagedList(db: Db, actor: Actor, listId: string): Promise<ListRow> {
  if (!isUuid(listId)) throw new AppError("NOT_FOUND", CHECK_IN_LIST_NOT_FOUND);
  const [row] = await db
    .select({ list: checkInLists })
    .from(checkInLists)
    .innerJoin(events, eq(events.id, checkInLists.eventId))
    .where(and(eq(checkInLists.id, listId), managedBy(actor)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", CHECK_IN_LIST_NOT_FOUND);
  return row.list;
}

/** Every named type must be one of the event's. */
async function checkTypesOfEvent(db: Db, eventId: string, typeIds: readonly string[]) {
  const known = new Set((await db.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId))).map((type) => type.id));
  const stranger = typeIds.find((id) => !known.has(id));
  if (stranger) throw new AppError("VALIDATION_FAILED", `Invalid field 'ticketTypeIds': ${stranger} is not a ticket type of this event`, { field: "ticketTypeIds" });
}

/** Names are unique in their event whatever their case ("VIP" and "vip" would read alike at the door). */
async function checkNameFree(db: Db, eventId: string, name: string, exceptId: string | null) {
  const [clash] = await db
    .select({ name: checkInLists.name })
    .from(checkInLists)
    .where(and(eq(checkInLists.eventId, eventId), sql`lower(${checkInLists.name}) = lower(${name})`, exceptId ? ne(checkInLists.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw nameTaken(clash.name);
}

const columnsOf = (values: { name: string; ticketTypeIds: string[] | null; opensAt: string | null; closesAt: string | null; allowMultipleEntries: boolean; allowReentry: boolean }) => ({
  name: values.name,
  ticketTypeIds: values.ticketTypeIds,
  opensAt: values.opensAt ? new Date(values.opensAt) : null,
  closesAt: values.closesAt ? new Date(values.closesAt) : null,
  allowMultipleEntries: values.allowMultipleEntries,
  allowReentry: values.allowReentry,
});

/**
 * A new list for some of the event's types. Under the event's row lock, so two at once cannot pass the
 * limit of MAX_CHECK_IN_LISTS together.
 */
export async function createCheckInList({ db, actor, eventId, input }: { db: Db; actor: Actor; eventId: string; input: unknown }): Promise<CheckInListView> {
  const event = await findManagedEvent(db, actor, eventId);
  const values = parseInput(CheckInListInput, input, { whole: "body" });
  await checkTypesOfEvent(db, event.id, values.ticketTypeIds);
  try {
    const row = await db.transaction(async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for("no key update");
      const [{ lists } = { lists: 0 }] = await tx.select({ lists: count() }).from(checkInLists).where(eq(checkInLists.eventId, event.id));
      if (lists >= MAX_CHECK_IN_LISTS) throw new AppError("CONFLICT", `An event can have at most ${MAX_CHECK_IN_LISTS} check-in lists.`, { reason: "TOO_MANY_LISTS" });
      await checkNameFree(tx, event.id, values.name, null);
      const [inserted] = await tx
        .insert(checkInLists)
        .values({ eventId: event.id, isDefault: false, ...columnsOf(values) })
        .returning();
      return inserted!;
    });
    return viewOf(row, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values.name);
    throw error;
  }
}

/** Changes a list: any of its fields, the rest kept. The default list keeps every type. */
export async function updateCheckInList({ db, actor, listId, input }: { db: Db; actor: Actor; listId: string; input: unknown }): Promise<CheckInListView> {
  const current = await findManagedList(db, actor, listId);
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw new AppError("VALIDATION_FAILED", "Invalid field 'body': it must be an object");
  const merged = {
    name: current.name,
    ticketTypeIds: current.ticketTypeIds,
    opensAt: current.opensAt?.toISOString() ?? null,
    closesAt: current.closesAt?.toISOString() ?? null,
    allowMultipleEntries: current.allowMultipleEntries,
    allowReentry: current.allowReentry,
    ...input,
  };
  const values = current.isDefault ? parseInput(DefaultCheckInListInput, merged, { whole: "body" }) : parseInput(CheckInListInput, merged, { whole: "body" });
  if (values.ticketTypeIds) await checkTypesOfEvent(db, current.eventId, values.ticketTypeIds);
  try {
    const row = await db.transaction(async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, current.eventId)).for("no key update");
      await checkNameFree(tx, current.eventId, values.name, current.id);
      const [updated] = await tx.update(checkInLists).set(columnsOf(values)).where(eq(checkInLists.id, current.id)).returning();
      // Deleted since it was read.
      if (!updated) throw new AppError("NOT_FOUND", CHECK_IN_LIST_NOT_FOUND);
      return updated;
    });
    const [{ scans: scanCount } = { scans: 0 }] = await db.select({ scans: scanCountOf(row.id) }).from(checkInLists).where(eq(checkInLists.id, row.id));
    return viewOf(row, scanCount);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values.name);
    throw error;
  }
}

/**
 * Deletes a list that has no scans. The default list stays (every event has one); a list with scans stays
 * too, so the log can always say which list a scan was on (decision 046): narrow its types or window instead.
 */
export async function deleteCheckInList({ db, actor, listId }: { db: Db; actor: Actor; listId: string }): Promise<void> {
  const current = await findManagedList(db, actor, listId);
  if (current.isDefault) throw new AppError("CONFLICT", `${current.name} is the event's default list, for every ticket type: it cannot be deleted.`, { reason: "DEFAULT_LIST" });
  await db.transaction(async (tx) => {
    // The scans' foreign key is taken (key share) by every scan written on the list: this lock waits for them.
    await tx.select({ id: checkInLists.id }).from(checkInLists).where(eq(checkInLists.id, current.id)).for("update");
    const [{ scans: scanCount } = { scans: 0 }] = await tx.select({ scans: count() }).from(scans).where(eq(scans.listId, current.id));
    if (scanCount > 0) {
      throw new AppError("CONFLICT", `This list has scans: ${scanCount} ${scanCount === 1 ? "is" : "are"} in the log under ${current.name}, so it cannot be deleted. Narrow its ticket types or window instead.`, {
        reason: "LIST_HAS_SCANS",
      });
    }
    await tx.delete(checkInLists).where(eq(checkInLists.id, current.id));
  });
}

async function doorTimesOf(db: Db, actor: Actor, eventId: string) {
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  const [row] = await db
    .select({ id: events.id, dateTime: events.dateTime, endTime: events.endTime, doorOpensMinutesBefore: events.doorOpensMinutesBefore })
    .from(events)
    .where(and(eq(events.id, eventId), managedBy(actor)))
    .limit(1);
  if (!row) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  return row;
}

function doorViewOf(event: { dateTime: Date; endTime: Date | null; doorOpensMinutesBefore: number }): DoorSettingsView {
  const { opensAt, closesAt } = doorWindow(event);
  return { doorOpensMinutesBefore: event.doorOpensMinutesBefore, opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() };
}

/** The event's door opening time and the window it makes (GET /api/events/{id}/door). */
export async function getDoorSettings({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<DoorSettingsView> {
  return doorViewOf(await doorTimesOf(db, actor, eventId));
}

/** Sets how long before the start the door opens (PATCH /api/events/{id}/door). */
export async function updateDoorSettings({ db, actor, eventId, input }: { db: Db; actor: Actor; eventId: string; input: unknown }): Promise<DoorSettingsView> {
  const event = await doorTimesOf(db, actor, eventId);
  const { doorOpensMinutesBefore } = parseInput(DoorSettingsInput, input, { whole: "body" });
  const [updated] = await db
    .update(events)
    .set({ doorOpensMinutesBefore })
    .where(eq(events.id, event.id))
    .returning({ dateTime: events.dateTime, endTime: events.endTime, doorOpensMinutesBefore: events.doorOpensMinutesBefore });
  return doorViewOf(updated!);
}

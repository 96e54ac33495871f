import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError, isUuid, remainingPlaces, salesWindowState, typeRemaining, type MyWaitingEntry, type OrganiserWaitingEntry, type OrganiserWaitingList, type WaitingEntryStatus } from "../../../domain";
import { parseInput } from "../../lib/parse-input";
import type { Db, Tx } from "../../db/client";
import { bookings, events, orderLines, orders, ticketTypes, users, waitingListEntries, waitingListOffers } from "../../db/schema";
import type { Jobs } from "../../jobs/jobs";
import { QUEUES } from "../../jobs/jobs";
import { enqueueWaitingListOffers } from "../../jobs/waiting-list-offers";
import type { Actor } from "../auth/session";
import { lockEvents } from "../checkout/capacity";
import { managedBy, MANAGED_EVENT_NOT_FOUND } from "../events/managed-events";
import { placesTaken, waitingEntriesTaking } from "../events/places";
import { ticketTypesWithTaken, type TicketTypeRow } from "../events/ticket-types";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";

type EventRow = typeof events.$inferSelect;
type EntryRow = typeof waitingListEntries.$inferSelect;
type JobsQueue = Pick<Jobs, "enqueue">;

export const LIVE_ENTRY = ["waiting", "offered"] as const;

/** An offer's token: 32 random bytes (256 bits), base64url, as the app's other secrets are made. */
export const newOfferToken = () => randomBytes(32).toString("base64url");

/** The link in an offer's e-mail (and My Tickets'), relative to the app. */
export const offerPath = (eventId: string, token: string) => `/events/${eventId}?offer=${encodeURIComponent(token)}`;

const refusal = (reason: string, message: string) => new AppError("CONFLICT", message, { reason });
const closed = () => refusal("WAITING_LIST_CLOSED", "The waiting list for this event is closed");

/** The list of an event takes entries and offers while it is on and the event is active and not yet started. */
function listOpen(event: Pick<EventRow, "waitingListEnabled" | "status" | "dateTime">, now: Date): boolean {
  return event.waitingListEnabled && event.status === "active" && event.dateTime.getTime() > now.getTime();
}

/** A place's count of an event: its places taken, and of them its waiting entries not yet offered (places.ts). */
async function eventStanding(tx: Db | Tx, eventId: string): Promise<{ taken: number; waiting: number }> {
  const [row] = await tx
    .select({ taken: placesTaken(events.id), waiting: waitingEntriesTaking("event", events.id) })
    .from(events)
    .where(eq(events.id, eventId));
  return { taken: Number(row?.taken ?? 0), waiting: Number(row?.waiting ?? 0) };
}

/** Position (1-based) among the waiting entries of the same event and type-or-any, in join order; null unless waiting. */
const positionSql = sql<number | null>`case when ${waitingListEntries.status} = 'waiting' then (
  select count(*)::int from waiting_list_entries wp
  where wp.event_id = ${waitingListEntries.eventId} and wp.status = 'waiting'
    and coalesce(wp.ticket_type_id::text, '') = coalesce(${waitingListEntries.ticketTypeId}::text, '')
    and (wp.created_at, wp.id) <= (${waitingListEntries.createdAt}, ${waitingListEntries.id})
) end`;

/**
 * A buyer joins an event's waiting list for a type, or any type (null). Only when what they ask for is sold
 * out to the public (a type: none left of it; any type: none left of any shown type), the list is on, and the
 * event is active, not started and the type's sales not ended. One live entry per buyer, event and type-or-any.
 */
export async function joinWaitingList({ db, jobs, userId, eventId, input }: { db: Db; jobs: JobsQueue; userId: string; eventId: string; input: unknown }): Promise<MyWaitingEntry> {
  const { ticketTypeId } = parseInput(z.object({ ticketTypeId: z.uuid("ticketTypeId must be a ticket type id").nullish() }).strict(), input ?? {}, { whole: "body" });
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", "Event not found");
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  // A removed event is not found; a cancelled or started one has a closed list.
  if (!event || !["active", "cancelled"].includes(event.status)) throw new AppError("EVENT_NOT_FOUND", "Event not found");
  const now = new Date();
  if (!listOpen(event, now)) throw closed();
  const { byEvent, taken } = await ticketTypesWithTaken(db, [eventId]);
  const shown = (byEvent.get(eventId) ?? []).filter((type) => !type.hidden);
  const standing = await eventStanding(db, eventId);
  const eventLeft = remainingPlaces(event.maxAttendees, standing.taken);
  const soldOut = (type: TicketTypeRow) => typeRemaining(type, taken.get(type.id) ?? 0, eventLeft) === 0;
  if (ticketTypeId) {
    const type = shown.find((candidate) => candidate.id === ticketTypeId);
    if (!type) throw new AppError("NOT_FOUND", "Ticket type not found", { reason: "TICKET_TYPE_NOT_FOUND", field: "ticketTypeId" });
    if (salesWindowState(type, now) === "ended") throw closed();
    if (!soldOut(type)) throw refusal("WAITING_LIST_NOT_SOLD_OUT", "Tickets are still available: buy them now");
  } else {
    const open = shown.filter((type) => salesWindowState(type, now) !== "ended");
    if (!open.length) throw closed();
    if (eventLeft !== 0 && !open.every(soldOut)) throw refusal("WAITING_LIST_NOT_SOLD_OUT", "Tickets are still available: buy them now");
  }
  const entry = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(waitingListEntries)
      .values({ eventId, ticketTypeId: ticketTypeId ?? null, userId })
      .onConflictDoNothing()
      .returning();
    if (!made) throw refusal("WAITING_LIST_JOINED", "You are already on the waiting list for these tickets");
    // A place may be free for the list already (an offer lapsed a moment ago): the job offers it.
    await enqueueWaitingListOffers(tx, jobs, eventId);
    return made;
  });
  publicPagesChanged(db, "places");
  return (await myWaitingList({ db, userId, entryIds: [entry.id] }))[0]!;
}

/** The buyer's entries, newest event first; past events' closed entries left out. */
export async function myWaitingList({ db, userId, entryIds }: { db: Db; userId: string; entryIds?: string[] }): Promise<MyWaitingEntry[]> {
  const rows = await db
    .select({
      id: waitingListEntries.id,
      eventId: waitingListEntries.eventId,
      eventTitle: events.title,
      eventDate: events.dateTime,
      ticketTypeId: waitingListEntries.ticketTypeId,
      ticketTypeName: ticketTypes.name,
      joinedAt: waitingListEntries.createdAt,
      status: waitingListEntries.status,
      position: positionSql,
      token: waitingListOffers.token,
      expiresAt: waitingListOffers.expiresAt,
    })
    .from(waitingListEntries)
    .innerJoin(events, eq(events.id, waitingListEntries.eventId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, waitingListEntries.ticketTypeId))
    .leftJoin(
      waitingListOffers,
      and(eq(waitingListOffers.entryId, waitingListEntries.id), eq(waitingListOffers.status, "open"), sql`${waitingListOffers.expiresAt} > now()`),
    )
    .where(
      and(
        eq(waitingListEntries.userId, userId),
        entryIds ? inArray(waitingListEntries.id, entryIds) : sql`not (${waitingListEntries.status} = 'closed' and ${events.dateTime} < now())`,
      ),
    )
    .orderBy(desc(events.dateTime), desc(waitingListEntries.createdAt));
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    eventDate: row.eventDate.toISOString(),
    ticketTypeId: row.ticketTypeId,
    ticketTypeName: row.ticketTypeName,
    joinedAt: row.joinedAt.toISOString(),
    // The table's check holds it to the statuses.
    status: row.status as WaitingEntryStatus,
    position: row.position === null ? null : Number(row.position),
    offer: row.token && row.expiresAt ? { token: row.token, expiresAt: row.expiresAt.toISOString(), url: offerPath(row.eventId, row.token) } : null,
  }));
}

/** The buyer leaves: the entry is `left`, an open offer of theirs declined and passed on at once (the job). Someone else's entry: 404. */
export async function leaveWaitingList({ db, jobs, userId, entryId }: { db: Db; jobs: JobsQueue; userId: string; entryId: string }): Promise<void> {
  const notFound = new AppError("NOT_FOUND", "Waiting-list entry not found");
  if (!isUuid(entryId)) throw notFound;
  const [entry] = await db.select().from(waitingListEntries).where(and(eq(waitingListEntries.id, entryId), eq(waitingListEntries.userId, userId)));
  if (!entry) throw notFound;
  await db.transaction(async (tx) => {
    // Under the event's lock, as the offers job and checkout change offers.
    await lockEvents(tx, [entry.eventId]);
    const [left] = await tx
      .update(waitingListEntries)
      .set({ status: "left", updatedAt: new Date() })
      .where(and(eq(waitingListEntries.id, entryId), inArray(waitingListEntries.status, [...LIVE_ENTRY])))
      .returning({ id: waitingListEntries.id });
    if (!left) return;
    await tx.update(waitingListOffers).set({ status: "declined" }).where(and(eq(waitingListOffers.entryId, entryId), eq(waitingListOffers.status, "open")));
    await enqueueWaitingListOffers(tx, jobs, entry.eventId);
  });
  publicPagesChanged(db, "places");
}

/** What a waiting entry can be offered now: its type (null: any type) and when the offer must end by. */
function offerFor(entry: EntryRow, event: EventRow, types: TicketTypeRow[], free: { event: number; types: Map<string, number> }, now: Date): { expiresAt: Date } | "none" | "closed" {
  const limit = new Date(Math.min(now.getTime() + event.waitingOfferHours * 3_600_000, event.dateTime.getTime()));
  if (entry.ticketTypeId) {
    const type = types.find((candidate) => candidate.id === entry.ticketTypeId);
    if (!type || type.hidden || salesWindowState(type, now) === "ended") return "closed";
    if (salesWindowState(type, now) === "not-yet" || free.event <= 0 || (free.types.get(type.id) ?? Infinity) <= 0) return "none";
    return { expiresAt: type.salesEnd && type.salesEnd < limit ? type.salesEnd : limit };
  }
  const open = types.filter((type) => !type.hidden && salesWindowState(type, now) === "on-sale" && (free.types.get(type.id) ?? Infinity) > 0);
  if (!types.some((type) => !type.hidden && salesWindowState(type, now) !== "ended")) return "closed";
  if (free.event <= 0 || !open.length) return "none";
  const lastEnd = open.some((type) => !type.salesEnd) ? null : new Date(Math.max(...open.map((type) => type.salesEnd!.getTime())));
  return { expiresAt: lastEnd && lastEnd < limit ? lastEnd : limit };
}

/** Places free for the list (decision 043): capacity less sold, live holds and open offers; per type with its own capacity, and per event (Infinity: no limit). */
async function freeForList(tx: Tx | Db, event: EventRow): Promise<{ event: number; types: Map<string, number>; byType: Map<string, TicketTypeRow[]> }> {
  const standing = await eventStanding(tx, event.id);
  const { byEvent, taken, waiting } = await ticketTypesWithTaken(tx, [event.id]);
  const types = new Map<string, number>();
  for (const type of byEvent.get(event.id) ?? []) {
    if (type.capacity !== null) types.set(type.id, type.capacity - ((taken.get(type.id) ?? 0) - (waiting.get(type.id) ?? 0)));
  }
  return { event: event.maxAttendees === null ? Infinity : event.maxAttendees - (standing.taken - standing.waiting), types, byType: byEvent };
}

/** Makes one offer in the locked transaction, and queues its e-mail (keyed by the offer). */
async function makeOffer(tx: Tx, jobs: JobsQueue, entry: EntryRow, expiresAt: Date, sentBy: "auto" | "organiser"): Promise<string> {
  const [offer] = await tx
    .insert(waitingListOffers)
    .values({ entryId: entry.id, eventId: entry.eventId, ticketTypeId: entry.ticketTypeId, token: newOfferToken(), sentBy, expiresAt })
    .returning({ id: waitingListOffers.id });
  await tx.update(waitingListEntries).set({ status: "offered", updatedAt: new Date() }).where(eq(waitingListEntries.id, entry.id));
  await jobs.enqueue(tx, QUEUES.waitingListOfferEmail, { offerId: offer!.id }, { singletonKey: offer!.id });
  return offer!.id;
}

/**
 * Steps (1) and (2) of the offers job, under the event's lock: offers past their expiry that no live hold
 * carries lapse (their entries too); live entries of buyers who have bought since they joined (a ticket of
 * their type, or of any type for an any-type entry) are `bought`, their open offers withdrawn. Entries of a
 * cancelled or started event, or of a type whose sales ended, are `closed`.
 */
async function tidyList(tx: Tx, event: EventRow, now: Date): Promise<void> {
  const lapsed = await tx
    .update(waitingListOffers)
    .set({ status: "lapsed" })
    .where(
      and(
        eq(waitingListOffers.eventId, event.id),
        eq(waitingListOffers.status, "open"),
        sql`${waitingListOffers.expiresAt} <= now()`,
        sql`not exists (select 1 from ${orderLines} where ${orderLines.waitingOfferId} = ${waitingListOffers.id} and ${orderLines.heldUntil} > now())`,
      ),
    )
    .returning({ entryId: waitingListOffers.entryId });
  if (lapsed.length) {
    await tx
      .update(waitingListEntries)
      .set({ status: "lapsed", updatedAt: now })
      .where(and(inArray(waitingListEntries.id, lapsed.map((offer) => offer.entryId)), eq(waitingListEntries.status, "offered")));
  }
  const bought = await tx
    .update(waitingListEntries)
    .set({ status: "bought", updatedAt: now })
    .where(
      and(
        eq(waitingListEntries.eventId, event.id),
        inArray(waitingListEntries.status, [...LIVE_ENTRY]),
        sql`exists (select 1 from ${bookings} where ${bookings.userId} = ${waitingListEntries.userId} and ${bookings.eventId} = ${waitingListEntries.eventId}
          and ${bookings.status} = 'confirmed' and ${bookings.createdAt} > ${waitingListEntries.createdAt}
          and (${waitingListEntries.ticketTypeId} is null or ${bookings.ticketTypeId} = ${waitingListEntries.ticketTypeId}))`,
      ),
    )
    .returning({ id: waitingListEntries.id });
  if (bought.length) {
    await tx
      .update(waitingListOffers)
      .set({ status: "withdrawn" })
      .where(and(eq(waitingListOffers.status, "open"), inArray(waitingListOffers.entryId, bought.map((entry) => entry.id))));
  }
  if (event.status !== "active" || event.dateTime.getTime() <= now.getTime()) {
    await tx
      .update(waitingListEntries)
      .set({ status: "closed", updatedAt: now })
      .where(and(eq(waitingListEntries.eventId, event.id), eq(waitingListEntries.status, "waiting")));
  }
}

/**
 * The offers job for one event (decision 043), in one transaction under the event's lock (lockEvents, the
 * order holds use): tidies the list (tidyList), then offers the places free for the list to waiting entries
 * in join order, one place each, never when sales ended, the event started or was cancelled, or the list is
 * off. Idempotent: a run after a kill finds the offers it committed, and counts them as taken places.
 * Returns the new offers' ids.
 */
export async function offerFreedPlaces({ db, jobs, eventId, now = new Date() }: { db: Db; jobs: JobsQueue; eventId: string; now?: Date }): Promise<string[]> {
  const made = await db.transaction(async (tx) => {
    const [event] = await lockEvents(tx, [eventId]);
    if (!event) return [];
    await tidyList(tx, event, now);
    if (!listOpen(event, now)) return [];
    const free = await freeForList(tx, event);
    const types = free.byType.get(event.id) ?? [];
    const waiting = await tx
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.eventId, eventId), eq(waitingListEntries.status, "waiting")))
      .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id));
    const offers: string[] = [];
    for (const entry of waiting) {
      if (free.event <= 0) break;
      const offer = offerFor(entry, event, types, free, now);
      if (offer === "closed") {
        await tx.update(waitingListEntries).set({ status: "closed", updatedAt: now }).where(eq(waitingListEntries.id, entry.id));
        continue;
      }
      if (offer === "none") continue;
      offers.push(await makeOffer(tx, jobs, entry, offer.expiresAt, "auto"));
      free.event -= 1;
      if (entry.ticketTypeId && free.types.has(entry.ticketTypeId)) free.types.set(entry.ticketTypeId, free.types.get(entry.ticketTypeId)! - 1);
    }
    return offers;
  });
  if (made.length) publicPagesChanged(db, "places");
  return made;
}

/** The events whose lists the schedule's run looks at: those with live entries or open offers. */
export async function eventsWithLiveLists(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ eventId: waitingListEntries.eventId })
    .from(waitingListEntries)
    .where(inArray(waitingListEntries.status, [...LIVE_ENTRY]))
    .orderBy(asc(waitingListEntries.eventId));
  return rows.map((row) => row.eventId);
}

/** The event the actor manages (the one who-manages rule: admins act for organisers), or 404. */
async function managedEvent(db: Db, actor: Actor, eventId: string): Promise<EventRow> {
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  const [event] = await db.select().from(events).where(and(eq(events.id, eventId), managedBy(actor)));
  if (!event) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  return event;
}

/** The organiser's view of an event's list: the settings, places free for the list, and every entry in join order. */
export async function organiserWaitingList({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<OrganiserWaitingList> {
  const event = await managedEvent(db, actor, eventId);
  const free = await freeForList(db, event);
  // The event's places free for the list, or fewer when its shown types' own capacities leave fewer.
  const shown = (free.byType.get(event.id) ?? []).filter((type) => !type.hidden && salesWindowState(type, new Date()) !== "ended");
  const byTypes = shown.reduce((sum, type) => sum + Math.max(0, free.types.get(type.id) ?? Infinity), 0);
  const most = Math.min(free.event, byTypes);
  const placesFreeForList = Number.isFinite(most) ? Math.max(0, most) : 0;
  const rows = await db
    .select({
      id: waitingListEntries.id,
      position: positionSql,
      name: users.name,
      email: users.email,
      ticketTypeId: waitingListEntries.ticketTypeId,
      ticketTypeName: ticketTypes.name,
      joinedAt: waitingListEntries.createdAt,
      status: waitingListEntries.status,
      offersSent: sql<number>`(select count(*)::int from waiting_list_offers wc where wc.entry_id = ${waitingListEntries.id})`,
      offer: sql<{ sentAt: string; expiresAt: string; status: NonNullable<OrganiserWaitingEntry["offer"]>["status"]; sentBy: NonNullable<OrganiserWaitingEntry["offer"]>["sentBy"]; takenAt: string | null } | null>`(
        select json_build_object('sentAt', wl.created_at, 'expiresAt', wl.expires_at, 'status', wl.status, 'sentBy', wl.sender, 'takenAt', tko.confirmed_at)
        from waiting_list_offers wl left join ${orders} tko on tko.id = wl.taken_order_id
        where wl.entry_id = ${waitingListEntries.id} order by wl.created_at desc limit 1)`,
    })
    .from(waitingListEntries)
    .innerJoin(users, eq(users.id, waitingListEntries.userId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, waitingListEntries.ticketTypeId))
    .where(eq(waitingListEntries.eventId, eventId))
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id));
  const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);
  const entries: OrganiserWaitingEntry[] = rows.map((row) => ({
    id: row.id,
    position: row.position === null ? null : Number(row.position),
    name: row.name,
    email: row.email,
    ticketTypeId: row.ticketTypeId,
    ticketTypeName: row.ticketTypeName,
    joinedAt: row.joinedAt.toISOString(),
    // The table's check holds it to the statuses.
    status: row.status as WaitingEntryStatus,
    offersSent: Number(row.offersSent),
    offer: row.offer ? { sentAt: iso(row.offer.sentAt)!, expiresAt: iso(row.offer.expiresAt)!, status: row.offer.status, sentBy: row.offer.sentBy } : null,
    takenAt: iso(row.offer?.status === "taken" ? row.offer.takenAt : null),
  }));
  return { enabled: event.waitingListEnabled, offerHours: event.waitingOfferHours, placesFreeForList, entries };
}

const WaitingListSettings = z
  .object({
    enabled: z.boolean({ message: "enabled must be true or false" }).optional(),
    offerHours: z.number({ message: "offerHours must be a whole number of hours" }).int("offerHours must be a whole number of hours").min(1, "An offer holds its place for at least 1 hour").max(168, "An offer holds its place for at most 168 hours (7 days)").optional(),
  })
  .strict();

/** The organiser turns the list on or off, or sets how long offers hold their places (new offers only). */
export async function updateWaitingListSettings({ db, jobs, actor, eventId, input }: { db: Db; jobs: JobsQueue; actor: Actor; eventId: string; input: unknown }) {
  const values = parseInput(WaitingListSettings, input ?? {}, { whole: "body" });
  const event = await managedEvent(db, actor, eventId);
  // A body naming neither setting changes nothing (an empty update would be refused by the query builder).
  if (values.enabled === undefined && values.offerHours === undefined) return organiserWaitingList({ db, actor, eventId });
  await db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({ ...(values.enabled !== undefined ? { waitingListEnabled: values.enabled } : {}), ...(values.offerHours !== undefined ? { waitingOfferHours: values.offerHours } : {}) })
      .where(eq(events.id, event.id));
    // On: its waiting entries may be offered places now. Off: they stop counting, the public may buy.
    await enqueueWaitingListOffers(tx, jobs, event.id);
  });
  publicPagesChanged(db, "places");
  return organiserWaitingList({ db, actor, eventId });
}

/** The organiser sends an offer now to one waiting entry, out of turn; 409 WAITING_LIST_NO_PLACE when no place is free for the list. */
export async function sendOfferByHand({ db, jobs, actor, eventId, entryId }: { db: Db; jobs: JobsQueue; actor: Actor; eventId: string; entryId: string }) {
  const event = await managedEvent(db, actor, eventId);
  if (!isUuid(entryId)) throw new AppError("NOT_FOUND", "Waiting-list entry not found");
  await db.transaction(async (tx) => {
    const [locked] = await lockEvents(tx, [event.id]);
    const now = new Date();
    await tidyList(tx, locked!, now);
    const [entry] = await tx.select().from(waitingListEntries).where(and(eq(waitingListEntries.id, entryId), eq(waitingListEntries.eventId, event.id)));
    if (!entry) throw new AppError("NOT_FOUND", "Waiting-list entry not found");
    if (entry.status !== "waiting") throw refusal("WAITING_LIST_NOT_WAITING", `That entry is ${entry.status}, not waiting: only a waiting entry can be sent an offer.`);
    if (!listOpen(locked!, now)) throw closed();
    const free = await freeForList(tx, locked!);
    const offer = offerFor(entry, locked!, free.byType.get(event.id) ?? [], free, now);
    if (offer === "closed") throw closed();
    if (offer === "none") throw refusal("WAITING_LIST_NO_PLACE", "No place is free to offer");
    await makeOffer(tx, jobs, entry, offer.expiresAt, "organiser");
  });
  publicPagesChanged(db, "places");
  return organiserWaitingList({ db, actor, eventId });
}

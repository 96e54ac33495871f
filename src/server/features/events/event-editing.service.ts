import { parseInput } from "../../lib/parse-input";
import type { Jobs } from "../../jobs/jobs";
import { enqueueWaitingListOffers } from "../../jobs/waiting-list-offers";
import { randomUUID } from "node:crypto";
import { and, eq, gt, or, sql } from "drizzle-orm";
import { AppError, businessTypeForCategory, EventInput, eventDatesError, eventDatesMove, ONGOING_BUSINESS_DATE, type EditableEvent, type EventDates, isUuid, raisesAgeLimit } from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { affiliates, bookings, events, orderLines, orders, profiles, refunds } from "../../db/schema";
import { editableQuestions, saveQuestions } from "./ticket-questions";
import { defaultTicketType, saveTicketTypes, ticketTypesOf, ticketTypesWithTaken, typeAsInput, typesForPrice } from "./ticket-types";
import type { FileStorage } from "../../providers/storage/storage";
import { eventAffiliate } from "../affiliates/affiliates.service";
import type { Actor } from "../auth/session";
import { removeEventImages, storeEventImage } from "../images/event-image";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";
import { walletPassesChanged } from "../wallet/wallet-passes.service";

const ACCESS_DENIED = "You can only edit your own events.";

/** Validates the form's input; a 400 names the first field that is wrong. */
export function parseEventInput(raw: unknown) {
  return parseInput(EventInput, raw, { whole: "event" });
}

type ParsedEventInput = ReturnType<typeof parseEventInput>;

async function loadEditable(db: Db, eventId: string): Promise<EditableEvent | null> {
  const [row] = await db
    .select({
      id: events.id,
      userId: events.userId,
      title: events.title,
      description: events.description,
      category: events.category,
      dateTime: events.dateTime,
      endTime: events.endTime,
      venue: events.venue,
      location: events.location,
      pricePence: events.pricePence,
      absorbsBookingFee: events.absorbsBookingFee,
      maxAttendees: events.maxAttendees,
      imageUrl: events.imageUrl,
      videoUrl: events.videoUrl,
      affiliateCode: affiliates.affiliateCode,
      status: events.status,
      businessType: events.businessType,
      minAge: events.minAge,
      transferCutoffHours: events.transferCutoffHours,
      questions: events.questions,
    })
    .from(events)
    .leftJoin(affiliates, eq(affiliates.id, events.affiliateId))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) return null;
  const { byEvent, taken } = await ticketTypesWithTaken(db, [eventId]);
  const sold = await soldByType(db, eventId);
  const ticketTypes = (byEvent.get(eventId) ?? []).map((type) => ({
    ...typeAsInput(type),
    sold: sold.get(type.id) ?? 0,
    // Nothing sold or held: it may be removed (the server checks again under the event's lock).
    removable: (taken.get(type.id) ?? 0) === 0 && !sold.has(type.id),
  }));
  const questions = editableQuestions(row.questions, ticketTypes);
  return { ...row, ticketTypes, questions, dateTime: row.dateTime.toISOString(), endTime: row.endTime?.toISOString() ?? null };
}

/** Confirmed tickets of each of an event's types (a type with any booking, refunded ones too, is listed). */
async function soldByType(db: Db, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: bookings.ticketTypeId, sold: sql<number>`coalesce(sum(${bookings.ticketQuantity}) filter (where ${bookings.status} = 'confirmed'), 0)::int` })
    .from(bookings)
    .where(eq(bookings.eventId, eventId))
    .groupBy(bookings.ticketTypeId);
  return new Map(rows.map((row) => [row.id, Number(row.sold)]));
}

/** The event for its owner or an admin (spec §2 Create/edit event; decisions D10). */
export async function getEditableEvent({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<EditableEvent> {
  const event = isUuid(eventId) ? await loadEditable(db, eventId) : null;
  if (!event) throw new AppError("EVENT_NOT_FOUND", "Event not found");
  if (event.userId !== actor.userId && !actor.isAdmin) throw new AppError("EVENT_ACCESS_DENIED", ACCESS_DENIED);
  return event;
}

/** Admins may name another organiser (who must have a profile); everyone else acts for themselves. */
async function resolveOwner(db: Db, actor: Actor, organiserId: string | null, fallback: string): Promise<string> {
  if (!actor.isAdmin || !organiserId) return fallback;
  const [profile] = await db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, organiserId)).limit(1);
  if (!profile) throw new AppError("INVALID_ORGANISER", "Invalid organizer selected. Please try again.");
  return profile.userId;
}

async function eventValues(db: Db, input: ParsedEventInput, organiserId: string) {
  const ongoing = input.category === "ongoing-business";
  const affiliate = await eventAffiliate({ db, code: input.affiliateCode, organiserId });
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    businessType: businessTypeForCategory(input.category),
    dateTime: ongoing ? ONGOING_BUSINESS_DATE : new Date(input.dateTime!),
    endTime: ongoing || !input.endTime ? null : new Date(input.endTime),
    venue: input.venue,
    location: input.location,
    absorbsBookingFee: input.absorbsBookingFee,
    maxAttendees: input.maxAttendees,
    minAge: input.minAge,
    transferCutoffHours: input.transferCutoffHours ?? 0,
    videoUrl: input.videoUrl,
    affiliateId: affiliate?.id ?? null,
  };
}

/** A new or changed start or end must be in the future and not too far ahead (issue 33); an ongoing business has none. */
function checkDates(input: ParsedEventInput, values: EventDates, current: EventDates | null, now: Date) {
  if (input.category === "ongoing-business") return;
  const refused = eventDatesError(values, current, now);
  if (refused) throw new AppError("VALIDATION_FAILED", `Invalid field '${refused.field}': ${refused.message}`, { field: refused.field });
}

/** Raising an age limit would strand tickets already sold to younger buyers (issue 34); lowering or removing it is fine. */
const AGE_LIMIT_RAISED = "This event has sold tickets or has tickets being bought, so its minimum age cannot be raised: some buyers may be under the new limit. It can still be lowered or removed.";

const DATES_NEED_POSTPONE = "This event has sold tickets or has tickets being bought, so its date can only be moved by postponing it: buyers are told and may ask for a refund. Use Postpone on My Events.";

/**
 * Whether the event has a sale, a refund, a live hold or a payment still being confirmed (issue 33): its
 * buyers hold tickets for its date, so the date moves only by postponing (decision 027).
 */
async function hasBuyers(db: Db | Tx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({
      has: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.eventId} = ${eventId})
        or exists (select 1 from ${refunds} where ${refunds.eventId} = ${eventId})
        or exists (${db
          .select({ one: sql`1` })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(and(eq(orderLines.eventId, eventId), or(and(eq(orders.status, "pending"), gt(orders.expiresAt, sql`now()`)), sql`${orders.paidAt} is not null`)))})`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return Boolean(row?.has);
}

/**
 * Creates an event with its image in one step: the image is stored under the new event's id first, so
 * a refused image leaves no event behind, and a failed insert leaves no files behind.
 */
export async function createEvent({
  db,
  storage,
  actor,
  input: raw,
  image,
}: {
  db: Db;
  storage: FileStorage;
  actor: Actor;
  input: unknown;
  image?: Buffer;
}): Promise<EditableEvent> {
  const input = parseEventInput(raw);
  const userId = await resolveOwner(db, actor, input.organiserId, actor.userId);
  const values = await eventValues(db, input, userId);
  checkDates(input, values, null, new Date());
  const id = randomUUID();
  const imageUrl = image ? await storeEventImage({ storage, eventId: id, bytes: image }) : input.imageUrl;
  // The spec's form gives one price: the event sells one type at it (issue 36).
  const types = input.ticketTypes ?? [defaultTicketType(input.pricePence!)];
  try {
    await db.transaction(async (tx) => {
      await tx.insert(events).values({ id, userId, ...values, imageUrl, status: "active" });
      await saveTicketTypes(tx, { id, current: [] }, types);
      if (input.questions?.length) await saveQuestions(tx, id, [], (await ticketTypesOf(tx, [id])).get(id) ?? [], input.questions);
    });
  } catch (error) {
    if (image) await removeEventImages({ storage, eventId: id }).catch(() => {});
    throw error;
  }
  publicPagesChanged(db);
  return (await loadEditable(db, id))!;
}

export async function updateEvent({
  db,
  storage,
  actor,
  eventId,
  input: raw,
  image,
  jobs,
}: {
  db: Db;
  storage: FileStorage;
  actor: Actor;
  eventId: string;
  input: unknown;
  image?: Buffer;
  /** To offer places an edit frees (capacity raised) to the event's waiting list at once (decision 043), and to update wallet passes at once. */
  jobs?: Pick<Jobs, "enqueue">;
}): Promise<EditableEvent> {
  const current = await getEditableEvent({ db, actor, eventId });
  const input = parseEventInput(raw);
  const userId = await resolveOwner(db, actor, input.organiserId, current.userId);
  const values = await eventValues(db, input, userId);
  const currentDates = { dateTime: new Date(current.dateTime), endTime: current.endTime ? new Date(current.endTime) : null };
  checkDates(input, values, currentDates, new Date());
  const moves = eventDatesMove(values, currentDates);
  // Asked before the image is stored, so a refused edit leaves no file behind; asked again under the lock below.
  if (moves && (await hasBuyers(db, eventId))) throw new AppError("CONFLICT", DATES_NEED_POSTPONE, { reason: "POSTPONE_REQUIRED" });
  if (raisesAgeLimit(current.minAge, values.minAge) && (await hasBuyers(db, eventId))) throw new AppError("CONFLICT", AGE_LIMIT_RAISED, { reason: "AGE_LIMIT_RAISED" });
  const imageUrl = image ? await storeEventImage({ storage, eventId, bytes: image }) : input.imageUrl;
  await db.transaction(async (tx) => {
    // The lock checkout takes: a sale and a change of date never interleave.
    const [locked] = await tx
      .select({ dateTime: events.dateTime, endTime: events.endTime, minAge: events.minAge, pricePence: events.pricePence, questions: events.questions })
      .from(events)
      .where(eq(events.id, eventId))
      .for("update");
    if (!locked) throw new AppError("EVENT_NOT_FOUND", "Event not found");
    if (eventDatesMove(values, locked) && (await hasBuyers(tx, eventId))) throw new AppError("CONFLICT", DATES_NEED_POSTPONE, { reason: "POSTPONE_REQUIRED" });
    if (raisesAgeLimit(locked.minAge, values.minAge) && (await hasBuyers(tx, eventId))) throw new AppError("CONFLICT", AGE_LIMIT_RAISED, { reason: "AGE_LIMIT_RAISED" });
    await tx
      .update(events)
      .set({ userId, ...values, imageUrl, updatedAt: new Date() })
      .where(eq(events.id, eventId));
    // A types list replaces the event's types; the spec's one price changes its one type.
    const current = (await ticketTypesOf(tx, [eventId])).get(eventId) ?? [];
    const types = input.ticketTypes ?? typesForPrice(current, input.pricePence!, locked.pricePence);
    if (types) await saveTicketTypes(tx, { id: eventId, current }, types);
    // Questions name types: checked against the types as they now are.
    if (input.questions) await saveQuestions(tx, eventId, locked.questions, types ? ((await ticketTypesOf(tx, [eventId])).get(eventId) ?? []) : current, input.questions);
    // Wallet passes show the title, the place, the times and the type's name (D27): an edit of one updates them.
    await walletPassesChanged(tx, { eventId }, jobs);
  });
  publicPagesChanged(db);
  // The stored files go when the event's picture changes to a web address or to none.
  if (!image && imageUrl !== current.imageUrl) await removeEventImages({ storage, eventId }).catch(() => {});
  // A capacity raised (the event's or a type's) frees places for the waiting list first.
  if (jobs) await enqueueWaitingListOffers(db, jobs, eventId);
  return (await loadEditable(db, eventId))!;
}

/**
 * Deletes an event (owner, or any event for an admin). An event with sold tickets, live holds or a
 * payment still being confirmed is kept (409): its buyers' tickets and money must not vanish with it
 * (issue 16): its organiser cancels it instead, which refunds every buyer (decision 027). The check runs under a lock on the
 * event's row, the lock checkout takes, so a checkout and a deletion never interleave. The lines of
 * checkouts that ended unpaid (cancelled or lapsed) are removed first: the foreign key refuses to
 * cascade, and should such a checkout be paid after all, confirmation finds its lines gone and refunds.
 */
export async function deleteEvent({ db, storage, actor, eventId }: { db: Db; storage: FileStorage; actor: Actor; eventId: string }): Promise<void> {
  await getEditableEvent({ db, actor, eventId });
  await db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
    if (!event) throw new AppError("EVENT_NOT_FOUND", "Event not found");
    const [{ sold }] = (await tx
      .select({ sold: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.eventId, eventId))) as [{ sold: number }];
    if (sold > 0) {
      throw new AppError("CONFLICT", "This event has sold tickets, so it cannot be deleted. Cancel the event instead: every buyer is refunded in full.", { reason: "SOLD" });
    }
    const checkouts = await tx
      .select({ orderId: orders.id, live: sql<boolean>`${orders.status} = 'pending' and ${orders.expiresAt} > now()`, paid: sql<boolean>`${orders.paidAt} is not null and ${orders.status} in ('pending', 'expired')` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.eventId, eventId));
    // A live hold, or a payment that has arrived and is not yet confirmed, keeps the event.
    if (checkouts.some((checkout) => checkout.live || checkout.paid)) {
      throw new AppError("CONFLICT", "Tickets for this event are being bought right now, so it cannot be deleted. Please try again once those checkouts have ended.", {
        reason: "HELD",
      });
    }
    await tx.delete(orderLines).where(eq(orderLines.eventId, eventId));
    await tx.delete(events).where(eq(events.id, eventId));
  });
  publicPagesChanged(db);
  await removeEventImages({ storage, eventId }).catch(() => {});
}

import { parseInput } from "../../lib/parse-input";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { AppError, businessTypeForCategory, EventInput, ONGOING_BUSINESS_DATE, type EditableEvent, isUuid } from "../../../domain";
import type { Db } from "../../db/client";
import { affiliates, bookings, events, orderLines, orders, profiles } from "../../db/schema";
import type { FileStorage } from "../../providers/storage/storage";
import { findActiveAffiliate } from "../affiliates/affiliates.service";
import type { Actor } from "../auth/session";
import { removeEventImages, storeEventImage } from "../images/event-image";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";

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
    })
    .from(events)
    .leftJoin(affiliates, eq(affiliates.id, events.affiliateId))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) return null;
  return { ...row, dateTime: row.dateTime.toISOString(), endTime: row.endTime?.toISOString() ?? null };
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

async function eventValues(db: Db, input: ParsedEventInput) {
  const ongoing = input.category === "ongoing-business";
  // An unknown affiliate code is not an error: the event is saved and no commission is tracked (spec §5).
  const affiliate = input.affiliateCode ? await findActiveAffiliate({ db, code: input.affiliateCode }) : null;
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    businessType: businessTypeForCategory(input.category),
    dateTime: ongoing ? ONGOING_BUSINESS_DATE : new Date(input.dateTime!),
    endTime: ongoing || !input.endTime ? null : new Date(input.endTime),
    venue: input.venue,
    location: input.location,
    pricePence: input.pricePence,
    absorbsBookingFee: input.absorbsBookingFee,
    maxAttendees: input.maxAttendees,
    videoUrl: input.videoUrl,
    affiliateId: affiliate?.id ?? null,
  };
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
  const values = await eventValues(db, input);
  const id = randomUUID();
  const imageUrl = image ? await storeEventImage({ storage, eventId: id, bytes: image }) : input.imageUrl;
  try {
    await db.insert(events).values({ id, userId, ...values, imageUrl, status: "active" });
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
}: {
  db: Db;
  storage: FileStorage;
  actor: Actor;
  eventId: string;
  input: unknown;
  image?: Buffer;
}): Promise<EditableEvent> {
  const current = await getEditableEvent({ db, actor, eventId });
  const input = parseEventInput(raw);
  const userId = await resolveOwner(db, actor, input.organiserId, current.userId);
  const values = await eventValues(db, input);
  const imageUrl = image ? await storeEventImage({ storage, eventId, bytes: image }) : input.imageUrl;
  await db
    .update(events)
    .set({ userId, ...values, imageUrl, updatedAt: new Date() })
    .where(eq(events.id, eventId));
  publicPagesChanged(db);
  // The stored files go when the event's picture changes to a web address or to none.
  if (!image && imageUrl !== current.imageUrl) await removeEventImages({ storage, eventId }).catch(() => {});
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

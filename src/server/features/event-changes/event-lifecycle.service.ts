import { walletPassesChanged } from "../wallet/wallet-passes.service";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  AppError,
  CancelEventInput,
  eventEndsAt,
  hasPlaceholderDate,
  PostponeEventInput,
  postponementError,
  postponementOpensRefundWindow,
  postponementRefundWindowEnd,
  type CancellationProgress,
  type EventLifecycleView,
} from "../../../domain";
import { validBookingSql } from "../../../domain/refunds.sql";
import type { Db } from "../../db/client";
import { bookings, events, orderLines, orders, refunds } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import { parseInput } from "../../lib/parse-input";
import type { Actor } from "../auth/session";
import { findManagedEvent } from "../events/managed-events";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";

type EventRow = typeof events.$inferSelect;
type LifecycleJobs = Pick<Jobs, "enqueue">;

export function lifecycleView(event: EventRow): EventLifecycleView {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: event.id,
    status: event.status,
    dateTime: event.dateTime.toISOString(),
    endTime: iso(event.endTime),
    cancelledAt: iso(event.cancelledAt),
    cancellationReason: event.cancellationReason,
    postponedAt: iso(event.postponedAt),
    previousDateTime: iso(event.previousDateTime),
    refundWindowEndsAt: iso(event.refundWindowEndsAt),
  };
}

/** Bookings with tickets still valid: the ones a cancellation refunds and a postponement tells. */
export const withValidTickets = (eventId: string) => and(eq(bookings.eventId, eventId), validBookingSql(bookings));

/**
 * Cancels an event (its organiser or an admin; decision 027). In one transaction, under the lock checkout
 * takes on the event: the event is marked cancelled (nothing more can be bought), the checkouts holding
 * its places are ended (a payment that still arrives for one is refunded by confirmation), and the
 * cancel-event job is enqueued to refund every booking in full. Cancelling again is the same
 * cancellation: its first reason stands, and the job is queued again in case the first one gave up.
 */
export async function cancelEvent({ db, jobs, actor, eventId, input: raw, now = new Date() }: { db: Db; jobs: LifecycleJobs; actor: Actor; eventId: string; input: unknown; now?: Date }) {
  await findManagedEvent(db, actor, eventId);
  const result = await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event) throw new AppError("EVENT_NOT_FOUND", "Event not found");
    if (event.status === "cancelled") {
      await jobs.enqueue(tx, QUEUES.cancelEvent, { eventId }, { singletonKey: eventId });
      return { event: lifecycleView(event), created: false };
    }
    if (!hasPlaceholderDate(event) && eventEndsAt(event).getTime() < now.getTime()) {
      throw new AppError("CONFLICT", "This event has already taken place, so it cannot be cancelled.", { reason: "PAST" });
    }
    // Read after the event's state: an event that cannot be cancelled says so before any reason is asked for.
    const input = parseInput(CancelEventInput, raw, { whole: "body" });
    const [cancelled] = await tx
      .update(events)
      .set({ status: "cancelled", cancelledAt: now, cancellationReason: input.reason, updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    // 'expired', not 'cancelled': a payment that still arrives for an expired checkout is confirmed or refunded, never ignored.
    await tx
      .update(orders)
      .set({ status: "expired" })
      .where(and(eq(orders.status, "pending"), inArray(orders.id, tx.select({ id: orderLines.orderId }).from(orderLines).where(eq(orderLines.eventId, eventId)))));
    // Every wallet pass of the event is voided at once (D27), before its refunds run.
    await walletPassesChanged(tx, { eventId }, jobs);
    await jobs.enqueue(tx, QUEUES.cancelEvent, { eventId }, { singletonKey: eventId });
    return { event: lifecycleView(cancelled!), created: true };
  });
  publicPagesChanged(db);
  return result;
}

/**
 * Moves an event to a new date (its organiser or an admin; decision 027): the old date is kept to show
 * beside the new one, buyers may have a full refund on request for POSTPONEMENT_REFUND_WINDOW_DAYS when the
 * date really moves (postponementOpensRefundWindow), and
 * each booking with valid tickets is e-mailed the new date with an updated calendar entry. Without an
 * end time, the event keeps the length it had.
 */
export async function postponeEvent({ db, jobs, actor, eventId, input: raw, now = new Date() }: { db: Db; jobs: LifecycleJobs; actor: Actor; eventId: string; input: unknown; now?: Date }) {
  await findManagedEvent(db, actor, eventId);
  const result = await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event) throw new AppError("EVENT_NOT_FOUND", "Event not found");
    if (event.status === "cancelled") throw new AppError("CONFLICT", "This event has been cancelled, so it cannot be postponed.", { reason: "CANCELLED" });
    if (hasPlaceholderDate(event)) throw new AppError("BAD_REQUEST", "An ongoing business has no date to move.");
    // An event that has taken place stays where it was: its buyers went or did not, and it may have been paid out.
    if (eventEndsAt(event).getTime() < now.getTime()) throw new AppError("CONFLICT", "This event has already taken place, so it cannot be postponed.", { reason: "PAST" });
    const input = parseInput(PostponeEventInput, raw, { whole: "body" });
    const dateTime = new Date(input.dateTime);
    const endTime = input.endTime ? new Date(input.endTime) : event.endTime ? new Date(dateTime.getTime() + (event.endTime.getTime() - event.dateTime.getTime())) : null;
    const refused = postponementError({ dateTime, endTime }, event, now);
    if (refused) throw new AppError("VALIDATION_FAILED", refused.message, { field: refused.field });
    // A move too small to change anyone's plans tells buyers but opens no refund window; one already open stays.
    const refundWindowEndsAt = postponementOpensRefundWindow(event.dateTime, dateTime) ? postponementRefundWindowEnd(now) : event.refundWindowEndsAt;
    const [moved] = await tx
      .update(events)
      .set({ previousDateTime: event.dateTime, dateTime, endTime, postponedAt: now, refundWindowEndsAt, updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    // Wallet passes show the new time (and the QR, which carries the date, signed again): D27.
    await walletPassesChanged(tx, { eventId }, jobs);
    const told = await tx.select({ id: bookings.id }).from(bookings).where(withValidTickets(eventId));
    const postponedAt = now.toISOString();
    for (const booking of told) {
      await jobs.enqueue(tx, QUEUES.postponementNotice, { bookingId: booking.id, postponedAt }, { singletonKey: `${booking.id}:${postponedAt}` });
    }
    return { event: lifecycleView(moved!), notified: told.length };
  });
  publicPagesChanged(db);
  return result;
}

/** How far a cancelled event's refunds have gone; null for an event that is not cancelled. */
export async function cancellationProgress(db: Db, eventId: string): Promise<CancellationProgress | null> {
  return (await cancellationProgressOf(db, [eventId])).get(eventId) ?? null;
}

/** The progress of several cancelled events at once (the dashboard's My Events). */
export async function cancellationProgressOf(db: Db, eventIds: string[]): Promise<Map<string, CancellationProgress>> {
  const result = new Map<string, CancellationProgress>();
  if (!eventIds.length) return result;
  // One snapshot: read apart, a refund finished between the reads could be counted neither as waiting
  // nor as made, and the cancellation would read done before its last refund was recorded.
  const [cancelled, toDo, refunded] = await db.transaction(
    async (tx) =>
      [
        await tx.select({ id: events.id }).from(events).where(and(inArray(events.id, eventIds), eq(events.status, "cancelled"))),
        await tx
          .select({ eventId: bookings.eventId, n: sql<number>`count(*)::int`.mapWith(Number) })
          .from(bookings)
          .where(and(inArray(bookings.eventId, eventIds), validBookingSql(bookings)))
          .groupBy(bookings.eventId),
        await tx
          .select({
            eventId: refunds.eventId,
            succeeded: sql<number>`count(*) filter (where ${refunds.status} = 'succeeded')::int`.mapWith(Number),
            pending: sql<number>`count(*) filter (where ${refunds.status} = 'pending')::int`.mapWith(Number),
            failed: sql<number>`count(*) filter (where ${refunds.status} = 'failed')::int`.mapWith(Number),
          })
          .from(refunds)
          .where(and(inArray(refunds.eventId, eventIds), eq(refunds.source, "cancellation")))
          .groupBy(refunds.eventId),
      ] as const,
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  for (const { id } of cancelled) {
    const waiting = toDo.find((row) => row.eventId === id)?.n ?? 0;
    const made = refunded.find((row) => row.eventId === id) ?? { succeeded: 0, pending: 0, failed: 0 };
    const pending = waiting + made.pending;
    result.set(id, { bookings: waiting + made.succeeded + made.pending + made.failed, refunded: made.succeeded, pending, failed: made.failed, done: pending === 0 });
  }
  return result;
}

/** GET /api/events/:id/cancellation: the progress for the event's organiser or an admin (404 for anyone else). */
export async function getCancellationProgress({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<CancellationProgress> {
  await findManagedEvent(db, actor, eventId);
  const progress = await cancellationProgress(db, eventId);
  if (!progress) throw new AppError("CONFLICT", "This event has not been cancelled.", { reason: "NOT_CANCELLED" });
  return progress;
}

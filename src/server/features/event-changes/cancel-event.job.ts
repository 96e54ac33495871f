import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events, orderLines, refunds } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { PaymentGateway } from "../../providers/payments/payments";
import { refundKeys, startBookingRefund, tryCompleteRefund } from "../refunds/refunds.service";
import { withValidTickets } from "./event-lifecycle.service";

/** Bookings read at a time (one query per page); each is still refunded in its own transaction. */
const PAGE = 500;
/** Bookings refunded side by side: each holds a connection for its transaction and its provider call. */
const PARALLEL = 4;

export interface CancelEventContext {
  db: Db;
  gateway: PaymentGateway;
  jobs: Pick<Jobs, "enqueue">;
  log?: FastifyBaseLogger;
}

/**
 * Refunds the bookings of a cancelled event in full (decision 027), in booking-id order, one booking per
 * transaction, then any booking fee an earlier refund at the buyer's request kept. Each booking's refund has the request key `cancel:{event}:{booking}`, so however often
 * this runs — resumed after its process was killed, or twice at once — a booking is refunded once and
 * none is skipped: a booking already refunded is no longer 'confirmed', and one refunded by a run that
 * died before paying it is paid by its refund job (and by the last pass below). Stops after `budgetMs`
 * and answers false, so the job can queue its own continuation before pg-boss counts it lost.
 */
export async function refundCancelledEvent(context: CancelEventContext, eventId: string, { budgetMs = Infinity }: { budgetMs?: number } = {}): Promise<boolean> {
  const { db } = context;
  const [event] = await db.select({ status: events.status, reason: events.cancellationReason }).from(events).where(eq(events.id, eventId));
  if (!event || event.status !== "cancelled") return true;
  const reason = event.reason ?? "The event was cancelled.";
  const stopAt = Date.now() + budgetMs;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const page = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(withValidTickets(eventId), gt(bookings.id, after)))
      .orderBy(asc(bookings.id))
      .limit(PAGE);
    if (!page.length) break;
    after = page[page.length - 1]!.id;
    for (let i = 0; i < page.length; i += PARALLEL) {
      if (Date.now() > stopAt) return false;
      await Promise.all(page.slice(i, i + PARALLEL).map((booking) => refundOne(context, eventId, booking.id, reason)));
    }
  }
  // Booking fees kept by earlier refunds at the buyer's own request: a cancellation pays back everything a
  // buyer paid (issue 33), so each comes back now, with the cancellation notice.
  const keptFees = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, "refunded"), sql`${keptFeePence} > 0`))
    .orderBy(asc(bookings.id));
  for (let i = 0; i < keptFees.length; i += PARALLEL) {
    if (Date.now() > stopAt) return false;
    await Promise.all(keptFees.slice(i, i + PARALLEL).map((booking) => refundKeptFee(context, eventId, booking.id, reason)));
  }
  // Refunds started by an earlier run that died before paying them: paid now rather than at their job's next retry.
  const waiting = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.eventId, eventId), eq(refunds.source, "cancellation"), eq(refunds.status, "pending")))
    .orderBy(asc(refunds.id));
  for (let i = 0; i < waiting.length; i += PARALLEL) {
    if (Date.now() > stopAt) return false;
    await Promise.all(waiting.slice(i, i + PARALLEL).map((refund) => tryCompleteRefund(context, refund.id)));
  }
  return true;
}

async function refundOne(context: CancelEventContext, eventId: string, bookingId: string, reason: string) {
  let refundId: string;
  try {
    const started = await context.db.transaction((tx) =>
      startBookingRefund(tx, context.jobs, { bookingId, source: "cancellation", reason, requestedBy: null, requestKey: refundKeys.cancellation(eventId, bookingId) }),
    );
    refundId = started.refund.id;
  } catch (error) {
    // Refunded meanwhile by its organiser (or disputed): nothing is left for the cancellation to refund.
    if (error instanceof AppError && (error.details as { reason?: string } | undefined)?.reason === "ALREADY_REFUNDED") return;
    throw error;
  }
  await tryCompleteRefund(context, refundId);
}

/** The booking fee a booking's buyer paid and has not had back (nor is about to): refunds that failed do not count. */
const keptFeePence = sql<number>`${orderLines.feePerTicketPence} * (${bookings.ticketQuantity} + ${bookings.refundedQuantity})
  - coalesce((select sum(r.fee_pence) from ${refunds} r where r.booking_id = ${bookings.id} and r.status <> 'failed'), 0)`;

/**
 * Pays back the booking fee a refunded booking's buyer kept (their own request refunds the tickets only):
 * under the booking's lock, the fee still kept is read again and recorded as a cancellation refund of no
 * tickets, under the key `cancel:{event}:{booking}:fee`, so a rerun refunds it once.
 */
async function refundKeptFee(context: CancelEventContext, eventId: string, bookingId: string, reason: string) {
  const requestKey = `${refundKeys.cancellation(eventId, bookingId)}:fee`;
  const refundId = await context.db.transaction(async (tx) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for("update");
    const [earlier] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.requestKey, requestKey));
    if (earlier) return earlier.id;
    const [kept] = await tx
      .select({ orderId: orderLines.orderId, pence: keptFeePence.mapWith(Number) })
      .from(bookings)
      .innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "refunded")));
    if (!kept || kept.pence <= 0) return null;
    const [refund] = await tx
      .insert(refunds)
      .values({ requestKey, orderId: kept.orderId, bookingId, eventId, quantity: 0, ticketPence: 0, feePence: kept.pence, source: "cancellation", reason, requestedBy: null })
      .returning({ id: refunds.id });
    await context.jobs.enqueue(tx, QUEUES.refund, { refundId: refund!.id }, { singletonKey: refund!.id, asSafetyNet: true });
    return refund!.id;
  });
  if (refundId) await tryCompleteRefund(context, refundId);
}

/** The cancel-event job: works through a cancelled event's bookings in slices of half its expiry time. */
export async function startCancelEventJob({ jobs, db, gateway, log }: { jobs: Jobs; db: Db; gateway: PaymentGateway; log: FastifyBaseLogger }) {
  await jobs.work<{ eventId: string }>(QUEUES.cancelEvent, async (job) => {
    const finished = await refundCancelledEvent({ db, gateway, jobs, log }, job.data.eventId, { budgetMs: (job.expireInSeconds * 1000) / 2 });
    if (!finished) {
      // The next slice, queued before this one completes: a crash in between leaves this one to expire and run again.
      await jobs.boss.send(QUEUES.cancelEvent, { eventId: job.data.eventId }, { singletonKey: job.data.eventId });
      log.info({ eventId: job.data.eventId }, "cancelled event's refunds continue in the next slice");
    }
  });
}

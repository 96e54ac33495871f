import { walletPassesChanged } from "../wallet/wallet-passes.service";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { enqueueWaitingListOffers } from "../../jobs/waiting-list-offers";
import type { FastifyBaseLogger } from "fastify";
import { AppError, hasValidTickets, isUuid, managesEvent, refundAmounts, refundIncludesFee, type RefundSource } from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { affiliates, bookings, events, ledgerEntries, orderLines, orders, refunds, tickets } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { PaymentGateway } from "../../providers/payments/payments";
import type { Actor } from "../auth/session";
import { enqueuePayoutSettle } from "../payouts/payouts.service";
import { recordLedger, refundEntries } from "../ledger/ledger";
import { issueCreditNotes } from "../receipts/vat-credit-notes.service";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";

export type RefundRow = typeof refunds.$inferSelect;
export type RefundJobs = Pick<Jobs, "enqueue">;

/** The booking refund's request key (idempotency): one refund per key, however often or concurrently asked. */
export const refundKeys = {
  cancellation: (eventId: string, bookingId: string) => `cancel:${eventId}:${bookingId}`,
  unfulfilled: (orderId: string) => `unfulfilled:${orderId}`,
  request: (requestId: string) => `request:${requestId}`,
};

const NOT_FOUND = "Booking not found";

/**
 * Starts a refund of `quantity` (default: all) of a booking's valid tickets, in the caller's transaction
 * (decision 027): under a lock on the booking, the tickets stop being valid and their places go back on
 * sale at once, the refund is recorded as pending with the amounts it pays back, and the refund job is
 * enqueued to pay it through the provider. A request key seen before answers the refund it made.
 */
export async function startBookingRefund(
  tx: Tx,
  jobs: RefundJobs,
  input: { bookingId: string; quantity?: number; ticketIds?: string[]; source: RefundSource; reason: string; requestedBy: string | null; requestKey: string },
): Promise<{ refund: RefundRow; created: boolean }> {
  const repeat = async () => (await tx.select().from(refunds).where(eq(refunds.requestKey, input.requestKey)))[0];
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for("update");
  if (!booking) throw new AppError("BOOKING_NOT_FOUND", NOT_FOUND);
  // Read after the lock: a concurrent request with the same key has committed by now, and is this one.
  const earlier = await repeat();
  if (earlier) return { refund: earlier, created: false };
  const quantity = input.ticketIds?.length ?? input.quantity ?? booking.ticketQuantity;
  // A chargeback already took the money back through the buyer's bank: refunding too would pay twice.
  if (booking.status === "disputed") throw new AppError("CONFLICT", "This booking's payment is disputed with the card issuer, so it cannot be refunded.", { reason: "DISPUTED" });
  if (!hasValidTickets(booking)) throw new AppError("CONFLICT", "This booking has already been refunded.", { reason: "ALREADY_REFUNDED" });
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > booking.ticketQuantity) {
    throw new AppError("BAD_REQUEST", `Choose between 1 and ${booking.ticketQuantity} ticket${booking.ticketQuantity === 1 ? "" : "s"} to refund.`, { field: "quantity" });
  }
  const voided = await voidTickets(tx, booking, quantity, refundIncludesFee(input.source), input.ticketIds);
  const [refund] = await tx
    .insert(refunds)
    .values({
      requestKey: input.requestKey,
      orderId: voided.orderId,
      bookingId: booking.id,
      eventId: booking.eventId,
      quantity,
      ticketPence: voided.ticketPence,
      feePence: voided.feePence,
      commissionPence: voided.commissionPence,
      organiserFeePence: voided.organiserFeePence,
      absorbedFeePence: voided.absorbedFeePence,
      affiliateId: voided.affiliateId,
      source: input.source,
      reason: input.reason,
      requestedBy: input.requestedBy,
    })
    .returning();
  await tx.update(tickets).set({ refundId: refund!.id }).where(inArray(tickets.id, voided.ticketIds));
  await jobs.enqueue(tx, QUEUES.refund, { refundId: refund!.id }, { singletonKey: refund!.id, asSafetyNet: true });
  // The places refunded go to the event's waiting list first (decision 043).
  await enqueueWaitingListOffers(tx, jobs, booking.eventId);
  return { refund: refund!, created: true };
}

type BookingRow = typeof bookings.$inferSelect;

/**
 * Voids `quantity` of a locked booking's valid tickets: their places go back on sale at once and the
 * booking is refunded when none is left. Answers what those tickets paid (ticket price, and the fee when
 * `includeFee`) and the affiliate commission they take back: the commission still carried (earned, less
 * every reversal already recorded or on its way) beyond what the remaining tickets would have earned;
 * and the fees they no longer owe (D22): the organiser fee on them, and the absorbed booking fee when
 * `includeFee` (a buyer's own request keeps the fee, so the organiser still owes what they absorbed).
 */
export async function voidTickets(tx: Tx, booking: BookingRow, quantity: number, includeFee: boolean, ticketIds?: string[]) {
  const ticketIdsVoided = await ticketsToVoid(tx, booking, quantity, ticketIds);
  const [line] = booking.orderLineId
    ? await tx
        .select({
          orderId: orderLines.orderId,
          unitPricePence: orderLines.unitPricePence,
          feePerTicketPence: orderLines.feePerTicketPence,
          absorbedFeePerTicketPence: orderLines.absorbedFeePerTicketPence,
        })
        .from(orderLines)
        .where(eq(orderLines.id, booking.orderLineId))
    : [];
  const [commission] = await tx
    .select({
      earned: sql<number>`coalesce(sum(${ledgerEntries.amountPence}) filter (where ${ledgerEntries.kind} = 'commission'), 0)::int`.mapWith(Number),
      affiliateId: sql<string | null>`max(${ledgerEntries.affiliateId}::text) filter (where ${ledgerEntries.kind} = 'commission')`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, booking.id));
  const [reversing] = await tx
    .select({ pence: sql<number>`coalesce(sum(${refunds.commissionPence}), 0)::int`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.bookingId, booking.id), ne(refunds.status, "failed")));
  const amounts = refundAmounts({
    unitPricePence: line?.unitPricePence ?? 0,
    feePerTicketPence: line?.feePerTicketPence ?? 0,
    absorbedFeePerTicketPence: line?.absorbedFeePerTicketPence ?? 0,
    quantity,
    validQuantity: booking.ticketQuantity,
    commissionPence: (commission?.earned ?? 0) - (reversing?.pence ?? 0),
    includeFee,
  });
  const left = booking.ticketQuantity - quantity;
  await tx.update(tickets).set({ status: "refunded" }).where(inArray(tickets.id, ticketIdsVoided));
  await tx
    .update(bookings)
    .set({ ticketQuantity: left, refundedQuantity: booking.refundedQuantity + quantity, status: left === 0 ? "refunded" : booking.status })
    .where(eq(bookings.id, booking.id));
  // Their wallet passes are voided in the same transaction (D27); the minute's update run tells the phones.
  await walletPassesChanged(tx, { ticketIds: ticketIdsVoided });
  return {
    ...amounts,
    ticketIds: ticketIdsVoided,
    orderId: line?.orderId ?? null,
    affiliateId: amounts.commissionPence > 0 ? (commission?.affiliateId ?? null) : null,
  };
}

/**
 * Which of a locked booking's valid tickets a refund of `quantity` takes back (issue 36): the ones named,
 * each of which must be a valid ticket of this booking, or else those not checked in first, the last
 * bought first, so the tickets people have already used are the last to go.
 */
async function ticketsToVoid(tx: Tx, booking: BookingRow, quantity: number, named?: string[]): Promise<string[]> {
  const valid = and(eq(tickets.bookingId, booking.id), eq(tickets.status, "valid"));
  if (named) {
    const wanted = [...new Set(named.map((id) => id.toLowerCase()))];
    const found = await tx.select({ id: tickets.id }).from(tickets).where(and(valid, inArray(tickets.id, wanted)));
    if (found.length !== wanted.length || wanted.length !== named.length) {
      throw new AppError("BAD_REQUEST", "Choose tickets of this booking that are still valid: a ticket named is not one, or is named twice.", { field: "ticketIds" });
    }
    return found.map((row) => row.id);
  }
  const rows = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(valid)
    .orderBy(asc(sql`${tickets.checkedInAt} is not null`), desc(tickets.position))
    .limit(quantity);
  // The booking's count and its valid tickets are kept equal (reconcile checks it); a gap is a fault, not a refund.
  if (rows.length !== quantity) throw new Error(`Booking ${booking.id} has ${rows.length} valid tickets for ${quantity} to refund`);
  return rows.map((row) => row.id);
}

/**
 * Writes a succeeded refund's movements on the ledger under the provider's refund id (`keyPrefix` names
 * them, so a repeat adds nothing), and takes its commission off the affiliate's earnings.
 */
export async function recordRefundOnLedger(tx: Tx, refund: RefundRow, providerRef: string | null, keyPrefix = `refund:${refund.id}`): Promise<void> {
  if (!refund.orderId) return;
  await recordLedger(tx, refundEntries({ ...refund, orderId: refund.orderId }, providerRef, keyPrefix));
  if (refund.commissionPence > 0 && refund.affiliateId) {
    await tx
      .update(affiliates)
      .set({ totalEarningsPence: sql`${affiliates.totalEarningsPence} - ${refund.commissionPence}` })
      .where(eq(affiliates.id, refund.affiliateId));
  }
}

/**
 * Starts the refund of a whole payment that never became bookings (sold out, or its event removed, before
 * it arrived), in the confirming transaction: its charge goes on the ledger as the order's (its lines may
 * be gone with their event), and all of it goes back.
 */
export async function startUnfulfilledRefund(tx: Tx, jobs: RefundJobs, order: typeof orders.$inferSelect, reason: string): Promise<void> {
  const providerRef = order.paymentReference ?? order.sessionId;
  await recordLedger(tx, [
    { entryKey: `sale:order:${order.id}`, kind: "ticket_sale", amountPence: order.subtotalPence, orderId: order.id, providerRef },
    { entryKey: `fee:order:${order.id}`, kind: "booking_fee", amountPence: order.feesPence, orderId: order.id, providerRef },
  ]);
  const [refund] = await tx
    .insert(refunds)
    .values({ requestKey: refundKeys.unfulfilled(order.id), orderId: order.id, ticketPence: order.subtotalPence, feePence: order.feesPence, source: "unfulfilled", reason })
    .onConflictDoNothing({ target: refunds.requestKey })
    .returning({ id: refunds.id });
  if (refund) await jobs.enqueue(tx, QUEUES.refund, { refundId: refund.id }, { singletonKey: refund.id, asSafetyNet: true });
}

/**
 * Pays a pending refund back through the provider and records it (decision 027). The provider is asked
 * with the refund's own id as the idempotency key, so however often this runs — the request that started
 * the refund, the refund job after a crash, two nodes at once — the card is refunded once. The ledger
 * entries and the buyer's e-mail are written in one transaction with the refund's success.
 */
export async function completeRefund({
  db,
  gateway,
  jobs,
  refundId,
  providerRefundId,
}: {
  db: Db;
  gateway: PaymentGateway;
  jobs: RefundJobs;
  refundId: string;
  /** The provider's refund when the provider has already told us it was made (its webhook): no need to ask again. */
  providerRefundId?: string;
}): Promise<RefundRow | null> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund || refund.status !== "pending") return refund ?? null;
  const amountPence = refund.ticketPence + refund.feePence;
  let providerRef: string | null = providerRefundId ?? null;
  if (amountPence > 0 && !providerRef) {
    const [order] = await db.select({ paymentReference: orders.paymentReference, sessionId: orders.sessionId }).from(orders).where(eq(orders.id, refund.orderId!));
    try {
      providerRef = (await gateway.refund({ paymentReference: order!.paymentReference ?? order!.sessionId, amountPence, idempotencyKey: `refund-${refund.id}`, refundId: refund.id })).refundId;
    } catch (error) {
      await db.update(refunds).set({ failure: (error as Error).message.slice(0, 500) }).where(eq(refunds.id, refund.id));
      throw error;
    }
  }
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: "succeeded", providerRefundId: providerRef, failure: null, completedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
      .returning();
    if (!done) return (await tx.select().from(refunds).where(eq(refunds.id, refund.id)))[0] ?? null;
    // Invoiced orders: the refund's credit notes, in its own transaction (decision 036); first, so the order's
    // row is locked before the affiliate's, as a refund made in the provider's dashboard locks them.
    if (done.orderId) await issueCreditNotes(tx, done.orderId);
    await recordRefundOnLedger(tx, done, providerRef);
    // Money back after the event was paid out: its payouts are settled again (D23).
    await enqueuePayoutSettle(tx, jobs, [done.eventId]);
    // The unfulfilled payment's notice is the order's own refund e-mail (checkout/refund-email.job.ts).
    if (refund.bookingId) await jobs.enqueue(tx, QUEUES.refundNotice, { refundId: refund.id }, { singletonKey: refund.id });
    return done;
  });
}

/** Completes a refund now if the provider answers; if not, the refund job retries it, so the caller goes on. */
export async function tryCompleteRefund(
  context: { db: Db; gateway: PaymentGateway; jobs: RefundJobs; log?: FastifyBaseLogger },
  refundId: string,
  providerRefundId?: string,
): Promise<RefundRow | null> {
  // Every refund's start (tickets voided, places back on sale) has committed by now: public pages show it.
  publicPagesChanged(context.db, "places");
  try {
    return await completeRefund({ ...context, refundId, providerRefundId });
  } catch (error) {
    context.log?.warn({ err: error, refundId }, "refund not completed yet; the refund job will retry it");
    const [refund] = await context.db.select().from(refunds).where(eq(refunds.id, refundId));
    return refund ?? null;
  }
}

/**
 * An organiser's (or an admin's) refund of some or all of a booking's tickets, from Attendee Management.
 * `requestKey` comes from the form, so a double click or a retried request is the same refund.
 */
export async function refundTickets({
  db,
  gateway,
  jobs,
  log,
  actor,
  bookingId,
  input,
}: {
  db: Db;
  gateway: PaymentGateway;
  jobs: RefundJobs;
  log?: FastifyBaseLogger;
  actor: Actor;
  bookingId: string;
  input: { quantity?: number; ticketIds?: string[]; reason: string; requestKey: string };
}): Promise<{ refund: RefundRow; created: boolean }> {
  if (!isUuid(bookingId)) throw new AppError("BOOKING_NOT_FOUND", NOT_FOUND);
  const [owner] = await db.select({ organiserId: events.userId }).from(bookings).innerJoin(events, eq(events.id, bookings.eventId)).where(eq(bookings.id, bookingId));
  if (!owner || !managesEvent(actor, owner.organiserId)) throw new AppError("BOOKING_NOT_FOUND", NOT_FOUND);
  const started = await db.transaction((tx) =>
    startBookingRefund(tx, jobs, {
      bookingId,
      quantity: input.quantity,
      ticketIds: input.ticketIds,
      source: "organiser",
      reason: input.reason,
      requestedBy: actor.userId,
      // Scoped to the booking, so one form's key can never name another booking's refund.
      requestKey: `organiser:${bookingId}:${input.requestKey}`,
    }),
  );
  const refund = (await tryCompleteRefund({ db, gateway, jobs, log }, started.refund.id)) ?? started.refund;
  return { refund, created: started.created };
}

import { walletPassesChanged } from "../wallet/wallet-passes.service";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isUuid } from "../../../domain";
import { validBookingSql } from "../../../domain/refunds.sql";
import type { Db, Tx } from "../../db/client";
import { bookings, ledgerEntries, orderLines, orders, refunds, tickets } from "../../db/schema";
import type { Jobs } from "../../jobs/jobs";
import type { PlatformCompany } from "../../config";
import type { PaymentGateway, ProviderNotice, ProviderRefund } from "../../providers/payments/payments";
import { releaseOrder, settlePaidSession } from "../checkout/checkout.service";
import { enqueuePayoutSettle, eventsOfOrder } from "../payouts/payouts.service";
import { applyAccountNotice } from "../payouts/payout-accounts.service";
import { recordLedger } from "../ledger/ledger";
import { recordRefundOnLedger, tryCompleteRefund, voidTickets } from "../refunds/refunds.service";
import { issueCreditNotes } from "../receipts/vat-credit-notes.service";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";

export interface ProviderEventContext {
  db: Db;
  jobs: Jobs;
  gateway: PaymentGateway;
  /** The platform as receipts name it (config.company), recorded on each order it confirms. */
  company: PlatformCompany;
  log?: FastifyBaseLogger;
}

/**
 * Acts on a provider's webhook notice (decision 027). Every branch is idempotent, so Stripe's redeliveries
 * (it retries for three days, and may send an event twice or out of order) change nothing the second time.
 */
export async function handleProviderNotice(context: ProviderEventContext, notice: ProviderNotice): Promise<void> {
  const { db, jobs, gateway, company } = context;
  switch (notice.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const payment = await gateway.sessionPayment(notice.sessionId);
      if (payment.paid) await settlePaidSession({ db, jobs, gateway, company, sessionId: notice.sessionId, paymentReference: payment.paymentIntentId });
      return;
    }
    case "checkout.session.expired":
      await releaseOrder({ db, sessionId: notice.sessionId, status: "expired" });
      return;
    case "charge.refunded":
      await recordProviderRefunds(context, notice.paymentReference, notice.refunds);
      return;
    case "charge.dispute.created":
      await recordDispute(db, jobs, notice);
      return;
    case "account.updated":
      await applyAccountNotice({ db, gateway }, notice.account);
      return;
    case "other":
      return;
  }
}

/** Our order for the provider's payment (Stripe's payment_intent is our order's payment reference). */
async function orderPaidBy(db: Db | Tx, paymentReference: string) {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, paymentReference));
  return order ?? null;
}

/**
 * A payment's refunds as the provider reports them: each one we asked for (its metadata names our refund)
 * is completed if it is still pending; each other one was made in the provider's dashboard and is
 * recorded once, as that payment's refund of tickets and money.
 */
async function recordProviderRefunds(context: ProviderEventContext, paymentReference: string, reported: ProviderRefund[] | null): Promise<void> {
  const { db, gateway, log } = context;
  const order = await orderPaidBy(db, paymentReference);
  if (!order) {
    log?.warn({ paymentReference }, "a refund notice for a payment we have no order for");
    return;
  }
  const list = reported ?? (await gateway.paymentRefunds(paymentReference));
  // Oldest first, so an outside refund is allocated after the refunds that came before it.
  for (const refund of [...list].reverse()) {
    if (refund.status !== "succeeded") continue;
    const [ours] = refund.refundId && isUuid(refund.refundId) ? await db.select().from(refunds).where(and(eq(refunds.id, refund.refundId), eq(refunds.orderId, order.id))) : [];
    if (ours) {
      // Stripe says it is made: complete it with Stripe's refund id (the refund job would find the same).
      if (ours.status === "pending") await tryCompleteRefund(context, ours.id, refund.id);
      continue;
    }
    await db.transaction((tx) => recordOutsideRefund(tx, context.jobs, order.id, refund));
    publicPagesChanged(db, "places");
  }
}

interface Allocation {
  booking: typeof bookings.$inferSelect | null;
  quantity: number;
  ticketPence: number;
  feePence: number;
}

/**
 * Records a refund made outside the app (in Stripe's dashboard), once per provider refund id, under a lock
 * on its order. Its amount goes to the order's bookings: whole tickets first, where it covers a ticket's
 * price and fee (those tickets are voided and their places freed, as an organiser's refund does); a
 * remainder is a money-only refund on a booking, whose tickets stay valid (the booking is Partly refunded).
 */
async function recordOutsideRefund(tx: Tx, jobs: Jobs, orderId: string, provider: ProviderRefund): Promise<void> {
  // NO KEY UPDATE, as issueCreditNotes: a refund starting on a booking of the order (its row refers to the order)
  // goes on while this waits for that booking, instead of the two waiting on each other.
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("no key update");
  const [known] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.providerRefundId, provider.id)).limit(1);
  if (known) return;

  const rows = await tx
    .select({ booking: bookings, unitPricePence: orderLines.unitPricePence, feePerTicketPence: orderLines.feePerTicketPence })
    .from(bookings)
    .innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .for("update", { of: bookings });
  const money = await moneyLeftPerBooking(
    tx,
    rows.map((row) => row.booking.id),
  );

  let left = provider.amountPence;
  const plan: Allocation[] = [];
  const orderLeft = rows.reduce((sum, row) => sum + money.ticket(row.booking.id) + money.fee(row.booking.id), 0);
  const voidable = (booking: typeof bookings.$inferSelect) => (booking.status === "confirmed" ? booking.ticketQuantity : 0);
  if (left >= orderLeft) {
    // All that is left: every valid ticket goes, with whatever money each booking still holds.
    for (const { booking } of rows) {
      const ticketPence = money.ticket(booking.id);
      const feePence = money.fee(booking.id);
      if (ticketPence + feePence > 0 || voidable(booking) > 0) plan.push({ booking, quantity: voidable(booking), ticketPence, feePence });
      left -= ticketPence + feePence;
    }
  } else {
    for (const { booking, unitPricePence, feePerTicketPence } of rows) {
      const cost = (quantity: number) => Math.min(unitPricePence * quantity, money.ticket(booking.id)) + Math.min(feePerTicketPence * quantity, money.fee(booking.id));
      for (let quantity = voidable(booking); quantity >= 1; quantity--) {
        if (cost(quantity) > 0 && cost(quantity) <= left) {
          const ticketPence = Math.min(unitPricePence * quantity, money.ticket(booking.id));
          const feePence = cost(quantity) - ticketPence;
          plan.push({ booking, quantity, ticketPence, feePence });
          left -= ticketPence + feePence;
          break;
        }
      }
    }
    // The remainder, less than any one ticket: money back on the first booking that still holds it.
    for (const { booking } of rows) {
      if (left <= 0) break;
      const entry = plan.find((allocation) => allocation.booking?.id === booking.id);
      const ticketRoom = money.ticket(booking.id) - (entry?.ticketPence ?? 0);
      const feeRoom = money.fee(booking.id) - (entry?.feePence ?? 0);
      const take = Math.min(left, ticketRoom + feeRoom);
      if (take <= 0) continue;
      const ticketPence = Math.min(take, ticketRoom);
      if (entry) Object.assign(entry, { ticketPence: entry.ticketPence + ticketPence, feePence: entry.feePence + take - ticketPence });
      else plan.push({ booking, quantity: 0, ticketPence, feePence: take - ticketPence });
      left -= take;
    }
  }
  // Money the bookings no longer account for (a payment refunded before it became bookings): the order's.
  if (left > 0) plan.push({ booking: null, quantity: 0, ticketPence: left, feePence: 0 });

  const completedAt = new Date();
  for (const [index, allocation] of plan.entries()) {
    const voided = allocation.booking && allocation.quantity > 0 ? await voidTickets(tx, allocation.booking, allocation.quantity, true) : null;
    const scope = allocation.booking?.id ?? "order";
    const [refund] = await tx
      .insert(refunds)
      .values({
        requestKey: index === 0 ? `stripe:${provider.id}` : `stripe:${provider.id}:${scope}`,
        orderId,
        bookingId: allocation.booking?.id ?? null,
        eventId: allocation.booking?.eventId ?? null,
        quantity: allocation.quantity,
        ticketPence: allocation.ticketPence,
        feePence: allocation.feePence,
        commissionPence: voided?.commissionPence ?? 0,
        // Whole tickets voided owe no fees (D22); a money-only refund leaves the tickets, and their fees, as they are.
        organiserFeePence: voided?.organiserFeePence ?? 0,
        absorbedFeePence: voided?.absorbedFeePence ?? 0,
        affiliateId: voided?.affiliateId ?? null,
        source: "provider",
        reason: `Refunded in the payment provider's dashboard (${provider.id})`,
        status: "succeeded",
        providerRefundId: provider.id,
        completedAt,
      })
      .returning();
    if (voided?.ticketIds.length) await tx.update(tickets).set({ refundId: refund!.id }).where(inArray(tickets.id, voided.ticketIds));
    await recordRefundOnLedger(tx, refund!, provider.id, `stripe:${provider.id}:${scope}`);
  }
  // Invoiced orders: every allocation's credit notes at once, each issuer's numbers taken once (decision 036).
  await issueCreditNotes(tx, orderId);
  await enqueuePayoutSettle(tx, jobs, await eventsOfOrder(tx, orderId));
}

/** Per booking, the ticket money and fees still held: charged, less refunds made or on their way. */
async function moneyLeftPerBooking(tx: Tx, bookingIds: string[]) {
  const held = new Map<string, { ticket: number; fee: number }>();
  if (bookingIds.length) {
    const ledger = await tx
      .select({
        bookingId: ledgerEntries.bookingId,
        ticket: sql<number>`(coalesce(sum(${ledgerEntries.amountPence}) filter (where ${ledgerEntries.kind} = 'ticket_sale'), 0) - coalesce(sum(${ledgerEntries.amountPence}) filter (where ${ledgerEntries.kind} = 'ticket_refund'), 0))::int`.mapWith(Number),
        fee: sql<number>`(coalesce(sum(${ledgerEntries.amountPence}) filter (where ${ledgerEntries.kind} = 'booking_fee'), 0) - coalesce(sum(${ledgerEntries.amountPence}) filter (where ${ledgerEntries.kind} = 'fee_refund'), 0))::int`.mapWith(Number),
      })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.bookingId, bookingIds))
      .groupBy(ledgerEntries.bookingId);
    const pending = await tx
      .select({
        bookingId: refunds.bookingId,
        ticket: sql<number>`sum(${refunds.ticketPence})::int`.mapWith(Number),
        fee: sql<number>`sum(${refunds.feePence})::int`.mapWith(Number),
      })
      .from(refunds)
      .where(and(inArray(refunds.bookingId, bookingIds), eq(refunds.status, "pending")))
      .groupBy(refunds.bookingId);
    for (const row of ledger) held.set(row.bookingId!, { ticket: row.ticket, fee: row.fee });
    for (const row of pending) {
      const entry = held.get(row.bookingId!) ?? { ticket: 0, fee: 0 };
      held.set(row.bookingId!, { ticket: entry.ticket - row.ticket, fee: entry.fee - row.fee });
    }
  }
  return {
    ticket: (bookingId: string) => Math.max(0, held.get(bookingId)?.ticket ?? 0),
    fee: (bookingId: string) => Math.max(0, held.get(bookingId)?.fee ?? 0),
  };
}

/**
 * The buyer's bank disputed the payment: the disputed amount leaves on the ledger under the dispute's id,
 * and the order's bookings that still have valid tickets become disputed (refused at the door).
 */
async function recordDispute(db: Db, jobs: Jobs, notice: Extract<ProviderNotice, { type: "charge.dispute.created" }>): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, notice.paymentReference)).for("no key update");
    if (!order) return;
    await recordLedger(tx, [{ entryKey: `dispute:${notice.disputeId}`, kind: "dispute", amountPence: notice.amountPence, orderId: order.id, providerRef: notice.disputeId }]);
    const lines = tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id));
    const disputed = await tx
      .update(bookings)
      .set({ status: "disputed" })
      .where(and(inArray(bookings.orderLineId, lines), validBookingSql(bookings)))
      .returning({ id: bookings.id });
    // A disputed booking's tickets are refused at the door: their wallet passes are voided too (D27).
    await walletPassesChanged(tx, { bookingIds: disputed.map((booking) => booking.id) }, jobs);
    // A disputed booking's share is withheld: taken back from a payout already made (D23).
    await enqueuePayoutSettle(tx, jobs, await eventsOfOrder(tx, order.id));
  });
  publicPagesChanged(db, "places");
}

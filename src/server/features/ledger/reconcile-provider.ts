import { inArray, sql, type SQL } from "drizzle-orm";
import { formatPounds } from "../../../domain";
import { ledgerKindsIn, ledgerSum } from "../../../domain/ledger.sql";
import { rowsOf, type Db } from "../../db/client";
import { orders } from "../../db/schema";
import type { PaymentGateway, ProviderPayment, ProviderRefundRecord, ProviderTransfer } from "../../providers/payments/payments";
import type { ReconcileProblem } from "./reconcile";

/** How far back reconcile compares the ledger with the provider by default (decision 027): `--days` changes it. */
export const PROVIDER_LOOKBACK_DAYS = 90;
/**
 * The provider's records are read from this much earlier than the period: a ledger entry is written after
 * the provider's call it records (at once, or by the refund sweep or payout job after a crash), so an entry
 * at the start of the period finds its provider record just before it.
 */
const MARGIN_MS = 2 * 24 * 3600 * 1000;

/** Whether a ledger row (its time, and whether the database found it written before the provider was asked) is one the provider's lists should hold. */
type Listed = (row: { at: Date; before_asked: boolean }) => boolean;

const money = (pence: unknown) => formatPounds(Number(pence));
/** An order id as PostgreSQL's uuid reads it: the provider's metadata is only compared with orders when it is one. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the provider answered, and when it was asked (the database's clock, as its text: a JavaScript Date keeps
 * milliseconds, and an entry written in the same millisecond before the asking would read as written after it),
 * or why it could not be.
 */
export type ProviderAnswer =
  | { askedAt: string; payments: ProviderPayment[]; refunds: ProviderRefundRecord[]; transfers: ProviderTransfer[] }
  | { askedAt: string; failure: string };

/**
 * Asks the provider for its payments, refunds and transfers since `since` (less a margin), noting the
 * database's time first: a refund or transfer made after that may be on the ledger and not yet in the lists.
 */
export async function askProvider(db: Db, gateway: PaymentGateway, since: Date): Promise<ProviderAnswer> {
  const from = new Date(since.getTime() - MARGIN_MS);
  const [clock] = rowsOf<{ at: string }>(await db.execute(sql`select clock_timestamp()::text as at`));
  const askedAt = clock!.at;
  try {
    const [payments, refunds, transfers] = await Promise.all([gateway.listPayments({ since: from }), gateway.listRefunds({ since: from }), gateway.listTransfers({ since: from })]);
    return { askedAt, payments, refunds, transfers };
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return { askedAt, failure: `the payment provider (${gateway.name}) could not be asked for its payments, refunds and transfers since ${since.toISOString().slice(0, 10)} (${reason}): the ledger is not reconciled with it` };
  }
}

/**
 * The ledger against the payment provider's own lists over a period (decision 027): every payment the
 * provider took is an order's charge on the ledger (an order that never confirmed has none: money taken for
 * nothing), every refund and transfer it made is on the ledger for its amount (reversals too), and the
 * reverse: every charge, refund and transfer on the ledger in the period is the provider's. Refunds and
 * payouts still on their way (our row pending) are not yet expected on the ledger. A provider that cannot
 * be asked is a problem, never a pass.
 *
 * The app runs while reconcile does, so `db` is one snapshot taken after the provider was asked (reconcile's
 * repeatable-read transaction): what the provider listed is then on the ledger or still on its way, and an
 * entry written after the provider was asked is not looked for in its lists (it may be newer than them).
 */
export async function providerProblems(db: Db, answer: ProviderAnswer, since: Date): Promise<ReconcileProblem[]> {
  if ("failure" in answer) return [{ orderId: null, bookingId: null, problem: answer.failure }];
  const from = new Date(since.getTime() - MARGIN_MS);
  const inPeriod = (at: Date) => at.getTime() >= since.getTime();
  // A ledger entry the provider's lists should hold: in the period, and written before they were asked for
  // (`before_asked`, compared by the database to the microsecond).
  const beforeAsked = sql`< ${answer.askedAt}::timestamptz as before_asked`;
  const listed = (row: { at: Date; before_asked: boolean }) => inPeriod(new Date(row.at)) && row.before_asked;
  return [
    ...(await paymentProblems(db, answer.payments, from, inPeriod, beforeAsked, listed)),
    ...(await refundProblems(db, answer.refunds, from, inPeriod, beforeAsked, listed)),
    ...(await transferProblems(db, answer.transfers, from, inPeriod, beforeAsked, listed)),
  ];
}

async function paymentProblems(db: Db, payments: ProviderPayment[], from: Date, inPeriod: (at: Date) => boolean, beforeAsked: SQL, listed: Listed): Promise<ReconcileProblem[]> {
  const problems: ReconcileProblem[] = [];
  const taken = payments.filter((payment) => inPeriod(payment.createdAt));
  const byRef = new Map<string, { id: string; status: string; charged: number }>();
  for (let start = 0; start < taken.length; start += 5000) {
    const refs = taken.slice(start, start + 5000).map((payment) => payment.id);
    const rows = await db
      .select({
        id: orders.id,
        status: orders.status,
        ref: orders.paymentReference,
        // Spelt out: drizzle leaves a lone table's columns unqualified, which the subquery would read as its own.
        charged: sql<number>`(select ${ledgerSum("chargedPence")} from ledger_entries l where l.order_id = "orders"."id" and ${ledgerKindsIn("chargedPence")})`.mapWith(Number),
      })
      .from(orders)
      .where(inArray(orders.paymentReference, refs));
    for (const row of rows) byRef.set(row.ref!, row);
  }
  // A payment its order never recorded (the provider's notice never arrived, so the order never confirmed) is
  // found by the order id the provider keeps with it (Stripe: the PaymentIntent's metadata).
  const byOrderId = new Map<string, { id: string; status: string; ref: string | null }>();
  const orderIds = [...new Set(taken.flatMap((payment) => (!byRef.has(payment.id) && payment.orderId && UUID.test(payment.orderId) ? [payment.orderId] : [])))];
  for (let start = 0; start < orderIds.length; start += 5000) {
    const rows = await db.select({ id: orders.id, status: orders.status, ref: orders.paymentReference }).from(orders).where(inArray(orders.id, orderIds.slice(start, start + 5000)));
    for (const row of rows) byOrderId.set(row.id, row);
  }
  for (const payment of taken) {
    const order = byRef.get(payment.id);
    const owner = order || !payment.orderId ? undefined : byOrderId.get(payment.orderId);
    if (owner?.ref) problems.push({ orderId: owner.id, bookingId: null, problem: `the provider took ${money(payment.amountPence)} (${payment.id}) for this ${owner.status} order, which was paid by ${owner.ref}: nothing is on the ledger for this payment` });
    else if (owner) problems.push({ orderId: owner.id, bookingId: null, problem: `the provider took ${money(payment.amountPence)} (${payment.id}) for this ${owner.status} order, which never confirmed: nothing is on the ledger` });
    else if (!order) problems.push({ orderId: null, bookingId: null, problem: `the provider took ${money(payment.amountPence)} (${payment.id}) for no order of ours` });
    else if (order.charged === 0) problems.push({ orderId: order.id, bookingId: null, problem: `the provider took ${money(payment.amountPence)} (${payment.id}) for this ${order.status} order, which never confirmed: nothing is on the ledger` });
    else if (order.charged !== payment.amountPence) problems.push({ orderId: order.id, bookingId: null, problem: `the provider took ${money(payment.amountPence)} (${payment.id}), but the ledger charged ${money(order.charged)}` });
  }
  const providerIds = new Set(payments.map((payment) => payment.id));
  const charged = rowsOf<{ order_id: string; payment_reference: string | null; at: Date; before_asked: boolean; charged: number }>(
    await db.execute(sql`
      select o.id as order_id, o.payment_reference, min(l.created_at) as at, min(l.created_at) ${beforeAsked}, ${ledgerSum("chargedPence")} as charged
      from ledger_entries l join orders o on o.id = l.order_id
      where ${ledgerKindsIn("chargedPence")} and l.created_at >= ${from.toISOString()}
      group by o.id`),
  );
  for (const row of charged) {
    if (listed(row) && !(row.payment_reference && providerIds.has(row.payment_reference))) {
      problems.push({ orderId: row.order_id, bookingId: null, problem: `charged ${money(row.charged)} on the ledger, but the provider has no payment ${row.payment_reference ?? "(none recorded)"}` });
    }
  }
  return problems;
}

async function refundProblems(db: Db, refunds: ProviderRefundRecord[], from: Date, inPeriod: (at: Date) => boolean, beforeAsked: SQL, listed: Listed): Promise<ReconcileProblem[]> {
  const problems: ReconcileProblem[] = [];
  const onLedger = new Map(
    rowsOf<{ ref: string | null; order_id: string | null; booking_id: string | null; at: Date; before_asked: boolean; pence: number }>(
      await db.execute(sql`
        select l.provider_ref as ref, min(l.order_id::text) as order_id, min(l.booking_id::text) as booking_id, min(l.created_at) as at, min(l.created_at) ${beforeAsked}, ${ledgerSum("refundedPence")} as pence
        from ledger_entries l where ${ledgerKindsIn("refundedPence")} and l.created_at >= ${from.toISOString()}
        group by l.provider_ref`),
    ).map((row) => [row.ref, row]),
  );
  const onTheirWay = new Set(rowsOf<{ id: string }>(await db.execute(sql`select id::text from refunds where status = 'pending'`)).map((row) => row.id));
  const made = refunds.filter((refund) => refund.status !== "failed" && refund.status !== "canceled");
  const orderOf = new Map<string, string>();
  const paymentRefs = [...new Set(made.map((refund) => refund.paymentReference).filter((ref): ref is string => Boolean(ref)))];
  for (let start = 0; start < paymentRefs.length; start += 5000) {
    const rows = await db.select({ ref: orders.paymentReference, id: orders.id }).from(orders).where(inArray(orders.paymentReference, paymentRefs.slice(start, start + 5000)));
    for (const row of rows) orderOf.set(row.ref!, row.id);
  }
  for (const refund of made) {
    if (!inPeriod(refund.createdAt)) continue;
    const entry = onLedger.get(refund.id);
    const orderId = (refund.paymentReference && orderOf.get(refund.paymentReference)) ?? null;
    if (!entry) {
      if (!(refund.refundId && onTheirWay.has(refund.refundId))) problems.push({ orderId, bookingId: null, problem: `the provider refunded ${money(refund.amountPence)} (${refund.id}${refund.paymentReference ? ` of ${refund.paymentReference}` : ""}), but nothing is on the ledger under it` });
    } else if (Number(entry.pence) !== refund.amountPence) {
      problems.push({ orderId, bookingId: null, problem: `the provider refunded ${money(refund.amountPence)} (${refund.id}), but the ledger has ${money(entry.pence)} under it` });
    }
  }
  const providerIds = new Set(made.map((refund) => refund.id));
  for (const [ref, entry] of onLedger) {
    if (listed(entry) && !(ref && providerIds.has(ref))) {
      problems.push({ orderId: entry.order_id, bookingId: entry.booking_id, problem: `${money(entry.pence)} paid back on the ledger under ${ref ?? "no provider id"}, which the provider has no refund of` });
    }
  }
  return problems;
}

async function transferProblems(db: Db, transfers: ProviderTransfer[], from: Date, inPeriod: (at: Date) => boolean, beforeAsked: SQL, listed: Listed): Promise<ReconcileProblem[]> {
  const problems: ReconcileProblem[] = [];
  const onLedger = rowsOf<{ ref: string | null; payout_id: string | null; event_id: string | null; at: Date; before_asked: boolean; pence: number; reversed: number; reversal_pending: boolean }>(
    await db.execute(sql`
      select l.provider_ref as ref, l.payout_id::text, l.event_id::text, l.created_at as at, l.created_at ${beforeAsked}, l.amount_pence as pence,
        coalesce((select sum(r.amount_pence) from ledger_entries r where r.kind = 'transfer_reversal' and r.payout_id = l.payout_id), 0)::int as reversed,
        exists (select 1 from payout_reversals pr where pr.payout_id = l.payout_id and pr.status = 'pending') as reversal_pending
      from ledger_entries l where l.kind = 'transfer' and l.created_at >= ${from.toISOString()}`),
  );
  const byRef = new Map(onLedger.map((row) => [row.ref, row]));
  const onTheirWay = new Set(rowsOf<{ id: string }>(await db.execute(sql`select id::text from payouts where status = 'pending'`)).map((row) => row.id));
  const payoutName = (id: string | null) => (id ? `payout ${id}` : "no payout of ours");
  for (const transfer of transfers) {
    if (!inPeriod(transfer.createdAt)) continue;
    const entry = byRef.get(transfer.id);
    if (!entry) {
      if (!(transfer.payoutId && onTheirWay.has(transfer.payoutId))) problems.push({ orderId: null, bookingId: null, problem: `the provider transferred ${money(transfer.amountPence)} (${transfer.id}, ${payoutName(transfer.payoutId)}), but no transfer is on the ledger under it` });
      continue;
    }
    if (Number(entry.pence) !== transfer.amountPence) problems.push({ orderId: null, bookingId: null, problem: `the provider transferred ${money(transfer.amountPence)} (${transfer.id}, ${payoutName(entry.payout_id)}), but the ledger has ${money(entry.pence)}` });
    else if (Number(entry.reversed) !== transfer.reversedPence && !entry.reversal_pending) {
      problems.push({ orderId: null, bookingId: null, problem: `the provider reversed ${money(transfer.reversedPence)} of transfer ${transfer.id} (${payoutName(entry.payout_id)}), but the ledger took back ${money(entry.reversed)}` });
    }
  }
  const providerIds = new Set(transfers.map((transfer) => transfer.id));
  for (const entry of onLedger) {
    if (listed(entry) && !(entry.ref && providerIds.has(entry.ref))) {
      problems.push({ orderId: null, bookingId: null, problem: `${money(entry.pence)} transferred on the ledger (${payoutName(entry.payout_id)}, event ${entry.event_id}) under ${entry.ref ?? "no provider id"}, which the provider has no transfer of` });
    }
  }
  return problems;
}

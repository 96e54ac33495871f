import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { formatPounds, PAYOUT_BUSINESS_DAYS, payoutDueAt } from "../../../domain";
import { eventEndSql } from "../../../domain/events.sql";
import { ledgerKindsIn, ledgerSum } from "../../../domain/ledger.sql";
import type { Db, Tx } from "../../db/client";
import { affiliates, events, orderLines, payoutAccounts, payoutReversals, payouts, users } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import { payoutTransferGroup, type PaymentGateway } from "../../providers/payments/payments";
import { recordLedger } from "../ledger/ledger";
import { ensurePayoutAccount } from "./payout-accounts.service";
import { eventSettlements, type EventSettlement } from "../ledger/settlement";

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutReversalRow = typeof payoutReversals.$inferSelect;

export interface PayoutContext {
  db: Db;
  /** With the local provider, a payee without an account gets a simulated one (ready at once). */
  gateway: PaymentGateway;
  log?: FastifyBaseLogger;
}

/** One thing a payout run did (or could not do) for one payee of one event. */
export interface PayoutOutcome {
  eventId: string;
  eventTitle: string;
  payeeKind: "organiser" | "affiliate";
  payeeUserId: string;
  payeeEmail: string;
  amountPence: number;
  payoutId: string | null;
  /** tr_… for a transfer, trr_… for a reversal. */
  providerId: string | null;
  /** Why it waits or failed. */
  reason: string | null;
}

export interface PayoutRunReport {
  paid: PayoutOutcome[];
  reversed: PayoutOutcome[];
  waiting: PayoutOutcome[];
  failed: PayoutOutcome[];
}

const emptyReport = (): PayoutRunReport => ({ paid: [], reversed: [], waiting: [], failed: [] });

interface PayoutEvent {
  id: string;
  title: string;
  userId: string;
  dateTime: Date;
  endTime: Date | null;
}

interface Payee {
  kind: "organiser" | "affiliate";
  userId: string;
  affiliateId: string | null;
  duePence: number;
  transferredPence: number;
}

/** The provider idempotency key of a payout's transfer: a restarted job asks for the same transfer. */
export const payoutTransferKey = (payoutId: string) => `payout-${payoutId}`;

/**
 * A reversal's key names its cause: the payout, and how much of it should have been taken back in all once
 * it is made. Two settles of the same state (a retried job, two nodes) are one reversal; a later refund
 * makes a new state, hence a new key, for the difference only.
 */
export const settleReversalKey = (payoutId: string, reversedInAllPence: number) => `settle:${payoutId}:${reversedInAllPence}`;

/** What this payee is owed on the event now, and has been paid of it (net of reversals). */
function payeeFigures(settlement: EventSettlement | undefined, kind: string, affiliateId: string | null) {
  if (!settlement) return { duePence: 0, transferredPence: 0 };
  if (kind === "organiser") return { duePence: settlement.organiserDuePence, transferredPence: settlement.organiserTransferredPence };
  const affiliate = settlement.affiliates.find((row) => row.affiliateId === affiliateId);
  return { duePence: affiliate?.duePence ?? 0, transferredPence: affiliate?.transferredPence ?? 0 };
}

async function payeesOf(db: Db, event: PayoutEvent, settlement: EventSettlement | undefined): Promise<Payee[]> {
  if (!settlement) return [];
  const payees: Payee[] = [{ kind: "organiser", userId: event.userId, affiliateId: null, ...payeeFigures(settlement, "organiser", null) }];
  const affiliateIds = settlement.affiliates.map((row) => row.affiliateId);
  if (affiliateIds.length) {
    const owners = await db.select({ id: affiliates.id, userId: affiliates.userId }).from(affiliates).where(inArray(affiliates.id, affiliateIds));
    for (const owner of owners) payees.push({ kind: "affiliate", userId: owner.userId, affiliateId: owner.id, ...payeeFigures(settlement, "affiliate", owner.id) });
  }
  return payees;
}

class Outcomes {
  private emails = new Map<string, string>();
  constructor(
    private db: Db,
    readonly report: PayoutRunReport,
  ) {}

  async add(list: keyof PayoutRunReport, event: PayoutEvent, payee: { kind: string; userId: string }, fields: Pick<PayoutOutcome, "amountPence" | "payoutId" | "providerId" | "reason">) {
    let email = this.emails.get(payee.userId);
    if (email === undefined) {
      const [user] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, payee.userId));
      email = user?.email ?? payee.userId;
      this.emails.set(payee.userId, email);
    }
    this.report[list].push({ eventId: event.id, eventTitle: event.title, payeeKind: payee.kind as PayoutOutcome["payeeKind"], payeeUserId: payee.userId, payeeEmail: email, ...fields });
  }
}

/** The payee's account with this provider; with the local provider one is made when missing (ready at once). */
async function accountFor({ db, gateway }: PayoutContext, userId: string) {
  if (gateway.name === "local") return ensurePayoutAccount({ db, gateway, userId });
  const [account] = await db.select().from(payoutAccounts).where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.provider, gateway.name)));
  return account ?? null;
}

/**
 * Brings one payee of one event to what they are owed (D23):
 * - no payout yet, and due: the payout row is created (unique per event and payee, so a second node or a
 *   restarted job finds it), then transferred under its own key and, in one transaction, marked paid with
 *   its `transfer:{payout}` ledger entry. A payee without a ready account waits, and nothing moves.
 * - a payout left pending (a node died, the provider failed): transferred again under the same key.
 * - paid, and now owed less (a refund or dispute since): the difference is reversed.
 */
async function settlePayee(context: PayoutContext, outcomes: Outcomes, event: PayoutEvent, payee: Payee, options: { mayStart: boolean; dueAt: Date; now: Date }) {
  const { db } = context;
  const find = async () =>
    (await db.select().from(payouts).where(and(eq(payouts.eventId, event.id), eq(payouts.payeeKind, payee.kind), eq(payouts.payeeUserId, payee.userId))))[0];
  let row = await find();
  if (!row) {
    const amountPence = payee.duePence - payee.transferredPence;
    if (!options.mayStart || amountPence <= 0) return;
    const account = await accountFor(context, payee.userId);
    if (!account?.ready) {
      const reason = account ? "their payout account is not ready to receive payouts yet" : "they have not connected a payout account";
      await outcomes.add("waiting", event, payee, { amountPence, payoutId: null, providerId: null, reason });
      return;
    }
    const id = randomUUID();
    row = await db.transaction(async (tx) => {
      // Under the event's lock (postponing takes it too), its end is read again: an event moved to a later
      // date since this run listed it is not due, so a postponement racing a payout cannot slip through (issue 33).
      const [current] = await tx.select({ dateTime: events.dateTime, endTime: events.endTime }).from(events).where(eq(events.id, event.id)).for("share");
      if (!current || payoutDueAt(current).getTime() > options.now.getTime()) return undefined;
      const [made] = await tx
        .insert(payouts)
        .values({ id, eventId: event.id, payeeKind: payee.kind, payeeUserId: payee.userId, affiliateId: payee.affiliateId, amountPence, transferKey: payoutTransferKey(id), accountId: account.accountId, dueAt: payoutDueAt(current) })
        .onConflictDoNothing()
        .returning();
      return made ?? (await tx.select().from(payouts).where(and(eq(payouts.eventId, event.id), eq(payouts.payeeKind, payee.kind), eq(payouts.payeeUserId, payee.userId))))[0];
    });
    if (!row) return;
  }
  // One user with two affiliate codes on the same event: the unique payee row is the first code's.
  if (row.affiliateId !== payee.affiliateId) return;
  if (row.status === "pending") {
    // An event moved later since this payout was decided is not paid before its new due date (issue 33).
    const [current] = await db.select({ dateTime: events.dateTime, endTime: events.endTime }).from(events).where(eq(events.id, event.id));
    const dueNow = current ? payoutDueAt(current).getTime() : Infinity;
    if (dueNow > row.dueAt.getTime() && dueNow > options.now.getTime()) return;
    const paid = await transfer(context, outcomes, event, payee, row);
    if (!paid) return;
    row = paid;
  }
  if (row.status === "paid") await reverseExcess(context, outcomes, event, payee, row);
}

async function transfer(context: PayoutContext, outcomes: Outcomes, event: PayoutEvent, payee: Payee, row: PayoutRow): Promise<PayoutRow | null> {
  const { db, gateway } = context;
  let transferId: string;
  try {
    ({ transferId } = await gateway.transfer({
      accountId: row.accountId!,
      amountPence: row.amountPence,
      idempotencyKey: row.transferKey,
      transferGroup: payoutTransferGroup(row.eventId),
      metadata: { payoutId: row.id, eventId: row.eventId },
      description: `Payout for ${event.title}`.slice(0, 200),
    }));
  } catch (error) {
    const reason = (error as Error).message.slice(0, 500);
    await db.update(payouts).set({ failure: reason }).where(eq(payouts.id, row.id));
    context.log?.warn({ err: error, payoutId: row.id }, "payout transfer failed; the next run tries it again");
    await outcomes.add("failed", event, payee, { amountPence: row.amountPence, payoutId: row.id, providerId: null, reason });
    return null;
  }
  // Only the transaction's own connection inside it (the embedded database has just the one).
  const { row: settled, recorded } = await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payouts)
      .set({ status: "paid", providerTransferId: transferId, paidAt: new Date(), failure: null })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, "pending")))
      .returning();
    // Another node recorded it first: the same transfer (same key), already on the ledger.
    if (!paid) return { row: (await tx.select().from(payouts).where(eq(payouts.id, row.id)))[0] ?? null, recorded: false };
    await recordLedger(tx, [
      { entryKey: `transfer:${paid.id}`, kind: "transfer", amountPence: paid.amountPence, orderId: null, eventId: paid.eventId, payoutId: paid.id, affiliateId: paid.affiliateId, providerRef: transferId },
    ]);
    return { row: paid, recorded: true };
  });
  if (recorded && settled) await outcomes.add("paid", event, payee, { amountPence: settled.amountPence, payoutId: settled.id, providerId: transferId, reason: null });
  return settled;
}

/**
 * Takes back from a paid payout what its payee is no longer owed. Under a lock on the payout, the amount
 * still to take back is worked out from the ledger and the reversals already made or on their way, and
 * recorded as a pending reversal whose key names that state; then every pending reversal of the payout is
 * made at the provider under its key and, in one transaction, marked succeeded with its ledger entry.
 */
async function reverseExcess(context: PayoutContext, outcomes: Outcomes, event: PayoutEvent, payee: Payee, payout: PayoutRow) {
  const { db, gateway } = context;
  await db.transaction(async (tx) => {
    await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, payout.id)).for("update");
    const { duePence } = payeeFigures((await eventSettlements(tx, [payout.eventId])).get(payout.eventId), payout.payeeKind, payout.affiliateId);
    const [made] = await tx
      .select({ pence: sql<number>`coalesce(sum(${payoutReversals.amountPence}), 0)::int`.mapWith(Number) })
      .from(payoutReversals)
      .where(and(eq(payoutReversals.payoutId, payout.id), ne(payoutReversals.status, "failed")));
    const reversedInAll = Math.min(payout.amountPence, Math.max(0, payout.amountPence - duePence));
    const amountPence = reversedInAll - (made?.pence ?? 0);
    if (amountPence <= 0) return;
    await tx
      .insert(payoutReversals)
      .values({ payoutId: payout.id, reversalKey: settleReversalKey(payout.id, reversedInAll), amountPence })
      .onConflictDoNothing({ target: payoutReversals.reversalKey });
  });
  const pending = await db
    .select()
    .from(payoutReversals)
    .where(and(eq(payoutReversals.payoutId, payout.id), eq(payoutReversals.status, "pending")))
    .orderBy(asc(payoutReversals.createdAt));
  for (const reversal of pending) {
    let reversalId: string;
    try {
      ({ reversalId } = await gateway.reverseTransfer({
        transferId: payout.providerTransferId!,
        amountPence: reversal.amountPence,
        idempotencyKey: reversal.reversalKey,
        metadata: { payoutId: payout.id, eventId: payout.eventId, payoutReversalId: reversal.id },
      }));
    } catch (error) {
      const reason = (error as Error).message.slice(0, 500);
      await db.update(payoutReversals).set({ failure: reason }).where(eq(payoutReversals.id, reversal.id));
      context.log?.warn({ err: error, payoutReversalId: reversal.id }, "transfer reversal failed; the next settle tries it again");
      await outcomes.add("failed", event, payee, { amountPence: -reversal.amountPence, payoutId: payout.id, providerId: null, reason });
      continue;
    }
    const done = await db.transaction(async (tx) => {
      const [succeeded] = await tx
        .update(payoutReversals)
        .set({ status: "succeeded", providerReversalId: reversalId, failure: null, completedAt: new Date() })
        .where(and(eq(payoutReversals.id, reversal.id), eq(payoutReversals.status, "pending")))
        .returning();
      if (!succeeded) return null;
      await recordLedger(tx, [
        { entryKey: `reversal:${succeeded.id}`, kind: "transfer_reversal", amountPence: succeeded.amountPence, orderId: null, eventId: payout.eventId, payoutId: payout.id, affiliateId: payout.affiliateId, providerRef: reversalId },
      ]);
      return succeeded;
    });
    if (done) await outcomes.add("reversed", event, payee, { amountPence: done.amountPence, payoutId: payout.id, providerId: reversalId, reason: null });
  }
}

async function settleEvents(context: PayoutContext, outcomes: Outcomes, list: PayoutEvent[], now: Date, onlyStarted = false) {
  const settlements = await eventSettlements(context.db, list.map((event) => event.id));
  for (const event of list) {
    const dueAt = payoutDueAt(event);
    const mayStart = !onlyStarted && dueAt.getTime() <= now.getTime();
    for (const payee of await payeesOf(context.db, event, settlements.get(event.id))) await settlePayee(context, outcomes, event, payee, { mayStart, dueAt, now });
  }
}

const eventColumns = { id: events.id, title: events.title, userId: events.userId, dateTime: events.dateTime, endTime: events.endTime };

/** Events looked at per slice of a payout run. */
export const PAYOUT_SLICE = 50;

/**
 * The scheduled payout run (D23): every event whose payout is due by `now` (7 UK business days after it
 * ended) and that still owes its organiser or an affiliate something is settled, slice by slice; each
 * payee in their own transactions, so a run killed at any point is finished by the next without paying
 * anyone twice. Also finishes payouts and reversals left pending.
 */
export async function runDuePayouts(context: PayoutContext, now: Date = new Date(), { slice = PAYOUT_SLICE }: { slice?: number } = {}): Promise<PayoutRunReport> {
  const outcomes = new Outcomes(context.db, emptyReport());
  // A lower bound in SQL (a business day is at least a day); the exact due date is the domain's.
  const endedBefore = new Date(now.getTime() - PAYOUT_BUSINESS_DAYS * 86_400_000);
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const candidates = await context.db
      .select(eventColumns)
      .from(events)
      .where(
        and(
          sql`${events.id} > ${after}`,
          sql`${eventEndSql(events)} <= ${endedBefore.toISOString()}::timestamptz`,
          sql`(
            ((select ${ledgerSum("ticketsKeptPence")} from ledger_entries l where l.event_id = ${events.id} and ${ledgerKindsIn("ticketsKeptPence")}) > 0
              and not exists (select 1 from payouts p where p.event_id = ${events.id} and p.payee_kind = 'organiser' and p.status = 'paid'))
            or exists (
              select 1 from ledger_entries l where l.event_id = ${events.id} and ${ledgerKindsIn("commissionPence")}
              group by l.affiliate_id
              having ${ledgerSum("commissionPence")} > 0
                and not exists (select 1 from payouts p where p.event_id = ${events.id} and p.affiliate_id = l.affiliate_id and p.status = 'paid'))
            or exists (
              select 1 from payout_reversals r join payouts p on p.id = r.payout_id where p.event_id = ${events.id} and r.status = 'pending')
          )`,
        ),
      )
      .orderBy(asc(events.id))
      .limit(slice);
    if (!candidates.length) break;
    after = candidates.at(-1)!.id;
    await settleEvents(context, outcomes, candidates, now);
    if (candidates.length < slice) break;
  }
  return outcomes.report;
}

/**
 * Settles one event again after money went back to a buyer (a refund or a dispute, the `payout-settle`
 * job): payouts already made are brought to what is now owed (a reversal when less), and payouts left
 * pending are finished; none is started before its due date.
 */
export async function settleEventPayouts(context: PayoutContext, eventId: string): Promise<PayoutRunReport> {
  const outcomes = new Outcomes(context.db, emptyReport());
  const list = await context.db.select(eventColumns).from(events).where(eq(events.id, eventId));
  await settleEvents(context, outcomes, list, new Date(), true);
  return outcomes.report;
}

/**
 * In the transaction that paid money back to a buyer: queues a settle of each of these events that has a
 * payout (made or on its way), so what was paid out is taken back if it is now more than is owed.
 */
export async function enqueuePayoutSettle(tx: Tx, jobs: Pick<Jobs, "enqueue">, eventIds: (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(eventIds.filter((id): id is string => Boolean(id)))];
  if (!ids.length) return;
  const paidOut = await tx.selectDistinct({ eventId: payouts.eventId }).from(payouts).where(inArray(payouts.eventId, ids));
  for (const { eventId } of paidOut) await jobs.enqueue(tx, QUEUES.payoutSettle, { eventId });
}

/** The events of an order's lines (a dispute is on the whole order). */
export async function eventsOfOrder(tx: Tx, orderId: string): Promise<string[]> {
  const rows = await tx.selectDistinct({ eventId: orderLines.eventId }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return rows.map((row) => row.eventId).filter((id): id is string => Boolean(id));
}

/** A run's report as `npm run admin -- payouts` prints it. */
export function formatPayoutReport(report: PayoutRunReport): string {
  const line = (outcome: PayoutOutcome) =>
    `- ${formatPounds(Math.abs(outcome.amountPence))} ${outcome.payeeKind === "organiser" ? "to the organiser" : "to the affiliate"} ${outcome.payeeEmail} for "${outcome.eventTitle}"${outcome.providerId ? ` (${outcome.providerId})` : ""}${outcome.reason ? `: ${outcome.reason}` : ""}`;
  const section = (title: string, outcomes: PayoutOutcome[]) => (outcomes.length ? [`${title} (${outcomes.length}):`, ...outcomes.map(line)] : []);
  const total = report.paid.reduce((sum, outcome) => sum + outcome.amountPence, 0);
  const lines = [
    `Paid ${report.paid.length} payout${report.paid.length === 1 ? "" : "s"}, ${formatPounds(total)} in all.`,
    ...section("Paid", report.paid),
    ...section("Taken back after a refund or dispute", report.reversed),
    ...section("Waiting for a payout account", report.waiting),
    ...section("Failed (tried again on the next run)", report.failed),
  ];
  if (!report.paid.length && !report.reversed.length && !report.waiting.length && !report.failed.length) lines.push("Nothing is due.");
  return lines.join("\n");
}

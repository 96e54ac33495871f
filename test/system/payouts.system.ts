import { and, eq, inArray, sql } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import { organiserFee } from "../../src/domain";
import { ledgerEntries, payouts } from "../../src/server/db/schema";
import { reconcile } from "../../src/server/features/ledger/reconcile";
import { QUEUES } from "../../src/server/jobs/jobs";
import { createEvent, createUser } from "../fixtures";
import { createPaidBookings } from "../paid-bookings";
import { waitFor } from "./http";
import { setUpJobCluster } from "./job-cluster";

/**
 * The payout job killed mid-run (D23): a node paying many events' organisers dies by SIGKILL after some
 * but not all payouts; a new node takes the job up when pg-boss finds it lost, and in the end every payee
 * is paid exactly once (one payout row, one transfer under one provider id each) and the ledger balances.
 */
const cluster = setUpJobCluster("payouts");
const EVENTS = 300;
const PRICE = 1500;

async function paid(eventIds: string[]): Promise<number> {
  const [row] = await cluster.store.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(payouts)
    .where(and(inArray(payouts.eventId, eventIds), eq(payouts.status, "paid")));
  return row!.n;
}

describe("the payout job killed in the middle", () => {
  it("resumes on a new node: every payee paid exactly once, and the ledger balances", async () => {
    // 300 events that ended in March 2024 (long due), each its own organiser's, with two paid bookings (1 and 2 tickets).
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const organiser = await createUser(cluster.store.db);
      const event = await createEvent(cluster.store.db, {
        userId: organiser.id,
        title: `Payout Night ${i}`,
        pricePence: PRICE,
        maxAttendees: null,
        dateTime: new Date(Date.UTC(2024, 2, 1 + (i % 28), 19)),
        endTime: new Date(Date.UTC(2024, 2, 1 + (i % 28), 22)),
      });
      await createPaidBookings(cluster.store.db, { eventId: event.id, pricePence: PRICE, count: 2 });
      eventIds.push(event.id);
    }

    // The hourly schedule's tick, now: the job queued as the schedule queues it, and a node's worker runs it.
    const boss = new PgBoss({ connectionString: cluster.postgresUrl, supervise: false, schedule: false, migrate: false, max: 1 });
    await boss.start();
    try {
      await boss.send(QUEUES.payouts, {});
    } finally {
      await boss.stop({ graceful: false });
    }
    const before = await waitFor(
      async () => {
        const n = await paid(eventIds);
        return n >= 20 ? n : undefined;
      },
      { timeoutMs: 60_000, what: "the first payouts" },
    );
    await cluster.node.kill();
    const atKill = await paid(eventIds);
    expect(atKill).toBeGreaterThanOrEqual(before);
    expect(atKill).toBeLessThan(EVENTS);

    await cluster.startNode();
    await waitFor(async () => ((await paid(eventIds)) === EVENTS ? true : undefined), { timeoutMs: 180_000, what: "every organiser to be paid" });

    const made = await cluster.store.db.select().from(payouts).where(inArray(payouts.eventId, eventIds));
    expect(made).toHaveLength(EVENTS);
    expect(new Set(made.map((payout) => payout.eventId)).size).toBe(EVENTS);
    // Each: 3 tickets at £15, less the organiser fee on the 1-ticket and the 2-ticket booking.
    const share = 3 * PRICE - organiserFee(PRICE, 1) - organiserFee(PRICE, 2);
    expect(made.every((payout) => payout.status === "paid" && payout.amountPence === share)).toBe(true);
    expect(new Set(made.map((payout) => payout.providerTransferId)).size).toBe(EVENTS);
    const transfers = await cluster.store.db
      .select({ payoutId: ledgerEntries.payoutId, n: sql<number>`count(*)::int`.mapWith(Number), pence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number), refs: sql<string[]>`array_agg(${ledgerEntries.providerRef})` })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.eventId, eventIds), eq(ledgerEntries.kind, "transfer")))
      .groupBy(ledgerEntries.payoutId);
    expect(transfers).toHaveLength(EVENTS);
    expect(transfers.every((row) => row.n === 1 && row.pence === share)).toBe(true);
    const byPayout = new Map(made.map((payout) => [payout.id, payout.providerTransferId]));
    expect(transfers.every((row) => row.refs[0] === byPayout.get(row.payoutId!))).toBe(true);
    const report = await reconcile(cluster.store.db);
    expect(report.problems).toEqual([]);
    expect(report.payouts.transferredPence).toBe(EVENTS * share);
    expect(report.payouts.owedToOrganisersPence).toBe(0);
  }, 300_000);
});

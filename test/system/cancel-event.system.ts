import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, ledgerEntries, refunds } from "../../src/server/db/schema";
import { reconcile } from "../../src/server/features/ledger/reconcile";
import { createEvent } from "../fixtures";
import { createPaidBookings } from "../paid-bookings";
import { signedInPerson, waitFor } from "./http";
import { setUpJobCluster } from "./job-cluster";

/**
 * The cancel-event job killed mid-way (decision 027): a node refunding a cancelled event's bookings dies
 * by SIGKILL after some but not all refunds; a new node takes the job up when pg-boss finds it lost,
 * and in the end every booking is refunded exactly once and the ledger balances.
 */
const cluster = setUpJobCluster("cancel");
const BOOKINGS = 300;

async function succeeded(eventId: string): Promise<number> {
  const [row] = await cluster.store.db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(refunds).where(and(eq(refunds.eventId, eventId), eq(refunds.status, "succeeded")));
  return row!.n;
}

describe("the cancel-event job killed in the middle", () => {
  it("resumes on a new node: every booking refunded exactly once, none skipped, and the ledger balances", async () => {
    const organiser = await signedInPerson(cluster.store.db, cluster.node);
    const event = await createEvent(cluster.store.db, { userId: organiser.account.id, title: "Killed Mid-Refund Gala", pricePence: 2500, maxAttendees: null });
    const { bookingIds, totalPence } = await createPaidBookings(cluster.store.db, { eventId: event.id, pricePence: 2500, count: BOOKINGS });

    const cancelled = await organiser.client.post(cluster.node, `/api/events/${event.id}/cancel`, { reason: "The roof leaks." });
    expect(cancelled.status).toBe(200);
    // Some refunds made, not all: then the node dies at once, mid-transaction or mid-call.
    const before = await waitFor(
      async () => {
        const n = await succeeded(event.id);
        return n >= 20 ? n : undefined;
      },
      { timeoutMs: 60_000, what: "the first refunds" },
    );
    await cluster.node.kill();
    const atKill = await succeeded(event.id);
    expect(atKill).toBeGreaterThanOrEqual(before);
    expect(atKill).toBeLessThan(BOOKINGS);

    await cluster.startNode();
    await waitFor(
      async () => {
        const [left] = await cluster.store.db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(bookings).where(and(eq(bookings.eventId, event.id), eq(bookings.status, "confirmed")));
        return left!.n === 0 && (await succeeded(event.id)) === BOOKINGS ? true : undefined;
      },
      { timeoutMs: 180_000, what: "every booking to be refunded" },
    );

    const made = await cluster.store.db.select().from(refunds).where(eq(refunds.eventId, event.id));
    expect(made).toHaveLength(BOOKINGS);
    expect(new Set(made.map((refund) => refund.bookingId))).toEqual(new Set(bookingIds));
    expect(new Set(made.map((refund) => refund.providerRefundId)).size).toBe(BOOKINGS);
    const paidBack = await cluster.store.db
      .select({ bookingId: ledgerEntries.bookingId, pence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number), entries: sql<number>`count(*)::int`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.bookingId, bookingIds), inArray(ledgerEntries.kind, ["ticket_refund", "fee_refund"])))
      .groupBy(ledgerEntries.bookingId);
    expect(paidBack).toHaveLength(BOOKINGS);
    expect(paidBack.every((row) => row.entries === 2)).toBe(true);
    expect(paidBack.reduce((sum, row) => sum + row.pence, 0)).toBe(totalPence);
    expect((await reconcile(cluster.store.db)).problems).toEqual([]);
    const progress = await organiser.client.get(cluster.node, `/api/events/${event.id}/cancellation`);
    expect(progress.body).toEqual({ bookings: BOOKINGS, refunded: BOOKINGS, pending: 0, failed: 0, done: true });
  }, 300_000);
});

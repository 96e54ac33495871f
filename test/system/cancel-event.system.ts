import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from "vitest";
import { openPostgres, type Database } from "../../src/server/db/client";
import { bookings, ledgerEntries, refunds } from "../../src/server/db/schema";
import { reconcile } from "../../src/server/features/refunds/reconcile";
import { freePort, startAppProcess, type AppProcess } from "../app-process";
import { createEvent } from "../fixtures";
import { createPaidBookings } from "../paid-bookings";
import { startSmtpReceiver } from "../smtp-receiver";
import { PUBLIC_URL, signedInPerson, waitFor } from "./http";
import { startRestartablePostgres } from "./restartable-postgres";

/**
 * The cancel-event job killed mid-way (decision 027): a node refunding a cancelled event's bookings dies
 * by SIGKILL after some but not all refunds; a new node takes the job up when pg-boss finds it lost,
 * and in the end every booking is refunded exactly once and the ledger balances.
 */
let postgres: Awaited<ReturnType<typeof startRestartablePostgres>>;
let store: Database;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let node: AppProcess;
let port: number;
const dataDir = mkdtempSync(join(tmpdir(), "eventora-cancel-"));
const authSecret = randomBytes(32).toString("base64url");
const BOOKINGS = 300;

function startNode() {
  return startAppProcess(
    {
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      PUBLIC_URL,
      AUTH_SECRET: authSecret,
      PAYMENT_PROVIDER: "local",
      SMTP_URL: smtp.smtpUrl,
      // A job whose node died is found lost after 8 s and retried a second later.
      JOBS_EXPIRE_SECONDS: "8",
      JOBS_SUPERVISE_INTERVAL_SECONDS: "1",
      JOBS_POLLING_INTERVAL_SECONDS: "0.5",
      JOBS_RETRY_DELAY_SECONDS: "1",
    },
    { port, captureStderr: true },
  );
}

beforeAll(async () => {
  [postgres, smtp, port] = await Promise.all([startRestartablePostgres(), startSmtpReceiver(), freePort()]);
  store = await openPostgres(postgres.url, 3);
  node = await startNode();
});

beforeEach(() => {
  onTestFailed(() => {
    console.error(`The app's stderr (last node):\n${node?.stderr().slice(-20_000)}`);
  });
});

afterAll(async () => {
  await node?.stop();
  await store?.close();
  await smtp?.stop();
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function succeeded(eventId: string): Promise<number> {
  const [row] = await store.db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(refunds).where(and(eq(refunds.eventId, eventId), eq(refunds.status, "succeeded")));
  return row!.n;
}

describe("the cancel-event job killed in the middle", () => {
  it("resumes on a new node: every booking refunded exactly once, none skipped, and the ledger balances", async () => {
    const organiser = await signedInPerson(store.db, node);
    const event = await createEvent(store.db, { userId: organiser.account.id, title: "Killed Mid-Refund Gala", pricePence: 2500, maxAttendees: null });
    const { bookingIds, totalPence } = await createPaidBookings(store.db, { eventId: event.id, pricePence: 2500, count: BOOKINGS });

    const cancelled = await organiser.client.post(node, `/api/events/${event.id}/cancel`, { reason: "The roof leaks." });
    expect(cancelled.status).toBe(200);
    // Some refunds made, not all: then the node dies at once, mid-transaction or mid-call.
    const before = await waitFor(
      async () => {
        const n = await succeeded(event.id);
        return n >= 20 ? n : undefined;
      },
      { timeoutMs: 60_000, what: "the first refunds" },
    );
    await node.kill();
    const atKill = await succeeded(event.id);
    expect(atKill).toBeGreaterThanOrEqual(before);
    expect(atKill).toBeLessThan(BOOKINGS);

    node = await startNode();
    await waitFor(
      async () => {
        const [left] = await store.db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(bookings).where(and(eq(bookings.eventId, event.id), eq(bookings.status, "confirmed")));
        return left!.n === 0 && (await succeeded(event.id)) === BOOKINGS ? true : undefined;
      },
      { timeoutMs: 180_000, what: "every booking to be refunded" },
    );

    const made = await store.db.select().from(refunds).where(eq(refunds.eventId, event.id));
    expect(made).toHaveLength(BOOKINGS);
    expect(new Set(made.map((refund) => refund.bookingId))).toEqual(new Set(bookingIds));
    expect(new Set(made.map((refund) => refund.providerRefundId)).size).toBe(BOOKINGS);
    const paidBack = await store.db
      .select({ bookingId: ledgerEntries.bookingId, pence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number), entries: sql<number>`count(*)::int`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.bookingId, bookingIds), inArray(ledgerEntries.kind, ["ticket_refund", "fee_refund"])))
      .groupBy(ledgerEntries.bookingId);
    expect(paidBack).toHaveLength(BOOKINGS);
    expect(paidBack.every((row) => row.entries === 2)).toBe(true);
    expect(paidBack.reduce((sum, row) => sum + row.pence, 0)).toBe(totalPence);
    expect((await reconcile(store.db)).problems).toEqual([]);
    const progress = await organiser.client.get(node, `/api/events/${event.id}/cancellation`);
    expect(progress.body).toEqual({ bookings: BOOKINGS, refunded: BOOKINGS, pending: 0, failed: 0, done: true });
  }, 300_000);
});

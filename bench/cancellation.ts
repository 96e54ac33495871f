/**
 * Cancellation: an event with 2,000 paid bookings cancelled through the product's real path — the
 * cancel service, then the cancel-event job (one transaction per booking, the provider's refund, the
 * ledger entries) and the refund-notice job writing each buyer's e-mail to the outbox — with the job
 * timings a deployment runs by default. Beside it, the same 2,000 refunds written directly through `pg`:
 * per booking, one transaction inserting the refund and its three ledger rows and updating the booking,
 * with no provider, no job and no e-mail. Then the time reconcile takes over both.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres } from "../src/server/db/client";
import { events, outboxMessages, refunds, users } from "../src/server/db/schema";
import { loadConfig } from "../src/server/config";
import { startCancelEventJob } from "../src/server/features/event-changes/cancel-event.job";
import { cancelEvent } from "../src/server/features/event-changes/event-lifecycle.service";
import { reconcile } from "../src/server/features/ledger/reconcile";
import { startRefundNoticeJob } from "../src/server/features/refunds/refund-notice.job";
import { startRefundJob } from "../src/server/features/refunds/refund.job";
import { jobTimingsFrom, startJobs } from "../src/server/jobs/jobs";
import { createOutboxEmailSender } from "../src/server/providers/email/outbox";
import { createLocalPayments } from "../src/server/providers/payments/local";
import { addDefaultTicketTypes } from "../test/fixtures";
import { createPaidBookings } from "../test/paid-bookings";

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silent; }, level: "silent" } as never;

async function waitUntil(read: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A database of its own beside `serverUrl`'s, migrated: the reconcile timed after the cancellation then proves
 * this part's money alone (earlier parts write bare-SQL baselines that no payment provider ever saw).
 */
async function ownDatabase(serverUrl: string): Promise<string> {
  const name = `bench_cancellation_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function benchCancellation({ databaseUrl: serverUrl, bookings = 2000, poolSize = 10 }: { databaseUrl: string; bookings?: number; poolSize?: number }) {
  const databaseUrl = await ownDatabase(serverUrl);
  const database = await openPostgres(databaseUrl, poolSize);
  await database.migrate();
  const db = database.db;
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl });
  const jobs = startJobs({ database, timings: jobTimingsFrom(config), onError: (error) => console.warn(error.message) });
  const dir = mkdtempSync(join(tmpdir(), "eventora-bench-outbox-"));
  const problems: string[] = [];
  try {
    await jobs.ready;
    const gateway = createLocalPayments({ publicUrl: "http://bench.test", db });
    await startCancelEventJob({ jobs, db, gateway, log: silent });
    await startRefundJob({ jobs, db, gateway, log: silent });
    await startRefundNoticeJob({ jobs, mailer: { db, email: createOutboxEmailSender({ db, dir }) as never, publicUrl: "http://bench.test", company: config.company }, log: silent });

    const organiser = `org_${randomUUID()}`;
    await db.insert(users).values({ id: organiser, name: "Organiser", email: `${organiser}@bench.test`, emailVerified: true });
    const newEvent = async (title: string) =>
      (await db.insert(events).values({ userId: organiser, title, location: "London", dateTime: new Date(Date.now() + 30 * 86_400_000), pricePence: 2500 }).returning())[0]!;
    const product = await newEvent(`Cancelled Bench ${randomUUID().slice(0, 8)}`);
    const base = await newEvent(`Baseline Bench ${randomUUID().slice(0, 8)}`);
    await addDefaultTicketTypes(db);
    await createPaidBookings(db, { eventId: product.id, pricePence: 2500, count: bookings });
    const baseline = await createPaidBookings(db, { eventId: base.id, pricePence: 2500, count: bookings });

    // The product: the organiser's cancel, then the job until every refund has succeeded and every e-mail is in the outbox.
    const started = performance.now();
    await cancelEvent({ db, jobs, actor: { userId: organiser, isAdmin: false } as never, eventId: product.id, input: { reason: "Benchmark cancellation" } });
    const succeeded = async () =>
      (await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(refunds).where(and(eq(refunds.eventId, product.id), eq(refunds.status, "succeeded"))))[0]!.n;
    await waitUntil(async () => (await succeeded()) === bookings, 30 * 60_000);
    const refundsMs = performance.now() - started;
    const mails = async () =>
      (await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(outboxMessages).where(eq(outboxMessages.subject, `Cancelled: ${product.title}, your refund`)))[0]!.n;
    await waitUntil(async () => (await mails()) >= bookings, 60 * 60_000);
    const lastMailMs = performance.now() - started;

    // The baseline: the same refunds as bare SQL, four at a time as the job runs them.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    const rows = (
      await pool.query<{ id: string; order_id: string; ticket: number; fee: number; quantity: number; payment_reference: string; orgfee: number }>(
        `select b.id, ol.order_id, ol.unit_price_pence * b.ticket_quantity as ticket, ol.fee_per_ticket_pence * b.ticket_quantity as fee, b.ticket_quantity as quantity, o.payment_reference,
           (select coalesce(sum(l.amount_pence), 0)::int from ledger_entries l where l.booking_id = b.id and l.kind = 'organiser_fee') as orgfee
         from bookings b join order_lines ol on ol.id = b.order_line_id join orders o on o.id = ol.order_id where b.event_id = $1 order by b.id`,
        [base.id],
      )
    ).rows;
    const baseStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const client = await pool.connect();
        try {
          while (next < rows.length) {
            const row = rows[next++]!;
            const providerRef = `re_base_${row.id.replaceAll("-", "")}`;
            await client.query("begin");
            await client.query(
              `with r as (
                 insert into refunds (request_key, order_id, booking_id, event_id, quantity, ticket_pence, fee_pence, organiser_fee_pence, source, reason, status, provider_refund_id, completed_at)
                 values ($1, $2, $3, $4, $5, $6, $7, $9, 'cancellation', 'Baseline', 'succeeded', $8, now()) returning id
               ), provider as (
                 -- What the local provider keeps of a refund it made (its own record, which reconcile reads).
                 insert into local_payment_records (id, kind, amount_pence, parent_ref, our_ref)
                 select $8, 'refund', $6::int + $7::int, $10, r.id::text from r
               )
               insert into ledger_entries (entry_key, kind, amount_pence, order_id, booking_id, event_id, refund_id, provider_ref)
               select 'refund:' || r.id || ':' || k.kind, k.kind, k.amount, $2, $3, $4, r.id, $8
               from r, (values ('ticket_refund', $6::int), ('fee_refund', $7::int), ('organiser_fee_reversal', $9::int)) as k(kind, amount)`,
              [`base:${row.id}`, row.order_id, row.id, base.id, row.quantity, row.ticket, row.fee, providerRef, row.orgfee, row.payment_reference],
            );
            await client.query("update bookings set ticket_quantity = 0, refunded_quantity = refunded_quantity + $2, status = 'refunded' where id = $1", [row.id, row.quantity]);
            await client.query("commit");
          }
        } finally {
          client.release();
        }
      }),
    );
    const baselineMs = performance.now() - baseStarted;
    await pool.end();

    const reconcileStarted = performance.now();
    const report = await reconcile(db);
    const reconcileMs = performance.now() - reconcileStarted;
    if (report.problems.length) problems.push(`cancellation: reconcile found ${report.problems.length} problems, e.g. ${report.problems[0]!.problem}`);
    const refundedPerBooking = await db.execute(sql`select count(*)::int as n from (select booking_id from refunds where event_id = ${product.id} group by booking_id having count(*) <> 1) x`);
    if (Number((refundedPerBooking as unknown as { rows: { n: number }[] }).rows[0]!.n) !== 0) problems.push("cancellation: a booking was refunded other than once");
    return {
      problems,
      bookings,
      baselineTotalPence: baseline.totalPence,
      product: { refundsPerSecond: bookings / (refundsMs / 1000), refundsMs, lastMailMs },
      baseline: { refundsPerSecond: bookings / (baselineMs / 1000), refundsMs: baselineMs },
      reconcileMs,
    };
  } finally {
    await jobs.stop();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

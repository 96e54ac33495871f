/**
 * Checkout surge: N buyers at once against an event with C places. Each buyer runs the product's own
 * create-payment (price, lock, capacity check, hold) and then the idempotent confirmation (which
 * enqueues the ticket e-mail in its transaction); holds and confirmations that arrive together share a
 * transaction (decision 033). Beside it, the limit of that: the same buyers against an event of the same
 * places, each hold and each confirmation gathered into batches of the sizes the product reached (read
 * from the statements it sent), and each batch sent through `pg` as the product's statements: for holds,
 * the buyers' rate limits and e-mails, then in one transaction the event locked and the places counted
 * (the product's own prepared statements, captured as sent) and the orders, lines and remembered names in
 * one statement; for confirmations, in one transaction the orders locked, the events locked for key
 * share, the lines read, the bookings, ledger charges and orders' new status in one statement, and the
 * ticket e-mails queued (pg-boss's own insert, captured as sent). Oversold must be 0.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { BOOKING_FEE_PENCE, CHECKOUT_HOLD_MINUTES, CHECKOUT_RATE_LIMIT, organiserFee, ticketLimitError } from "../src/domain";
import { isDatabaseUnavailable, openPostgres } from "../src/server/db/client";
import { bookings, events, profiles, users } from "../src/server/db/schema";
import { confirmOrder, createPayment } from "../src/server/features/checkout/checkout.service";
import { loadConfig } from "../src/server/config";
import { jobTimingsFrom, QUEUES, startJobs } from "../src/server/jobs/jobs";
import { groupCommit, meanBatch, statementsSentBy, theStatement, type SentStatement } from "./pg-batches";
import { percentile } from "./stats";
import { addDefaultTicketTypes, fixtureSellerDetails, ticketTypeIdOf } from "../test/fixtures";

const PRICE_PENCE = 2500;

/** The rows of a multi-row VALUES: `rows` rows of `width` placeholders from `$first`, each followed by `also`. */
function valuesList(rows: number, width: number, first = 1, also = ""): string {
  return Array.from({ length: rows }, (_, r) => `(${Array.from({ length: width }, (_, c) => `$${first + r * width + c}`).join(", ")}${also})`).join(", ");
}
const inList = (n: number, first = 1) => Array.from({ length: n }, (_, i) => `$${first + i}`).join(", ");

/** The sizes of the product's batches, from the statements it sent: one per batch, `size` reading its calls. */
function batchSizes(sent: SentStatement[], isBatch: (statement: SentStatement) => boolean, size: (statement: SentStatement) => number): number[] {
  return sent.filter(isBatch).map(size);
}

/** Waits until the queue has sent every ticket e-mail, so the next phase does not share the machine with the worker. */
async function ticketEmailsSent(pool: pg.Pool) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')", [QUEUES.ticketEmail]);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function benchCheckoutSurge({ databaseUrl, buyers = 1000, capacity = 300, poolSize = 10 }: { databaseUrl: string; buyers?: number; capacity?: number; poolSize?: number }) {
  const database = await openPostgres(databaseUrl, poolSize);
  const db = database.db;
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl });
  const jobs = startJobs({ database, timings: jobTimingsFrom(config), onError: (error) => console.warn(error.message) });
  await jobs.ready;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  try {
    const organiser = `org_${randomUUID()}`;
    await db.insert(users).values({ id: organiser, name: "Organiser", email: `${organiser}@bench.test`, emailVerified: true });
    // A paid event is sold only once its organiser has named themselves as its seller (issue 34).
    await db.insert(profiles).values({ userId: organiser, ...fixtureSellerDetails("Organiser") });
    const buyerIds = Array.from({ length: buyers }, () => `buyer_${randomUUID()}`);
    await db.insert(users).values(buyerIds.map((id) => ({ id, name: "Buyer", email: `${id}@bench.test`, emailVerified: true })));
    const newEvent = async (title: string) =>
      (
        await db
          .insert(events)
          .values({ userId: organiser, title, location: "London", dateTime: new Date(Date.now() + 30 * 86_400_000), pricePence: PRICE_PENCE, maxAttendees: capacity })
          .returning()
      )[0]!;
    const event = await newEvent("Surge");
    await addDefaultTicketTypes(db);

    const holdLatencies: number[] = [];
    const confirmLatencies: number[] = [];
    let held = 0;
    // Buyers turned away because the database could not be reached in time (pool wait over the connect
    // timeout): the app answers them 503, which is neither a hold nor 'Sold out'.
    let unavailable = 0;
    const started = performance.now();
    const sent = await statementsSentBy(() =>
      Promise.all(
        buyerIds.map(async (userId) => {
          const t0 = performance.now();
          let sessionId: string;
          try {
            sessionId = (await createPayment({ db, userId, input: { eventId: event.id, ticketQuantity: 1, attendeeName: "Bench Buyer" } })).sessionId;
          } catch (error) {
            if (isDatabaseUnavailable(error)) unavailable += 1;
            holdLatencies.push(performance.now() - t0);
            return;
          }
          holdLatencies.push(performance.now() - t0);
          held += 1;
          const t1 = performance.now();
          try {
            await confirmOrder({ db, jobs, company: config.company, sessionId });
          } catch (error) {
            if (!isDatabaseUnavailable(error)) throw error;
            unavailable += 1;
          }
          confirmLatencies.push(performance.now() - t1);
        }),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    const [{ sold }] = (await db
      .select({ sold: sql<number>`coalesce(sum(${bookings.ticketQuantity}), 0)::int` })
      .from(bookings)
      .where(eq(bookings.eventId, event.id))) as [{ sold: number }];
    await ticketEmailsSent(pool);

    // The product's batches: a hold batch counts its buyers' holdings once (hold_standing, its userIds), a
    // confirmation batch locks its orders once (by session id).
    const isBuyers = (value: unknown): value is string[] => Array.isArray(value) && typeof value[0] === "string" && value[0].startsWith("buyer_");
    const holdSizes = batchSizes(sent, (statement) => statement.name === "hold_standing", (statement) => statement.values.find(isBuyers)?.length ?? 0);
    const lockingOrders = (statement: SentStatement) => statement.text.includes('"orders"."session_id" in (') && /for update$/.test(statement.text.trim());
    const confirmSizes = batchSizes(sent, lockingOrders, (statement) => statement.values.length);
    const lockEvents = theStatement(sent, "lock of a hold's events", (statement) => statement.name === "lock_events_count");
    const holdStanding = theStatement(sent, "count of places taken and held (hold_standing)", (statement) => statement.name === "hold_standing");
    const enqueue = theStatement(sent, "insert of ticket e-mail jobs", (statement) => /insert into/i.test(statement.text) && statement.values.length === 1 && String(statement.values[0]).includes('"bookingId"'));
    const jobTemplate = (JSON.parse(String(enqueue.values[0])) as { data: { bookingId: string }; singletonKey?: string }[])[0]!;

    // The baseline: the same buyers again, against an event of the same places.
    const baselineEvent = await newEvent("Baseline");
    await addDefaultTicketTypes(db);
    const baselineTypeId = await ticketTypeIdOf(db, baselineEvent.id);
    /** The product's values of a captured statement, with its event's id (in any array of them) and its buyers replaced. */
    const refill = (statement: SentStatement, userIds: string[]) =>
      statement.values.map((value) => (isBuyers(value) ? userIds : Array.isArray(value) && value.includes(event.id) ? value.map((id) => (id === event.id ? baselineEvent.id : id)) : value));
    const fee = BOOKING_FEE_PENCE;
    const total = PRICE_PENCE + fee;
    type Hold = { orderId: string; sessionId: string; userId: string } | null;
    const holds = groupCommit(Math.max(1, Math.round(meanBatch(holdSizes))), async (userIds: string[]): Promise<Hold[]> => {
      const keys = userIds.map((userId) => `create-payment:user:${userId}`);
      const sortedKeys = [...keys].sort();
      const window = CHECKOUT_RATE_LIMIT.windowSeconds;
      const [limits, emails] = await Promise.all([
        pool.query<{ key: string; count: number }>(
          `insert into rate_limits (key, count, reset_at) values ${sortedKeys.map((_, i) => `($${i + 1}, 1, now() + make_interval(secs => ${window}))`).join(", ")}
           on conflict (key) do update set count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
             reset_at = case when rate_limits.reset_at <= now() then now() + make_interval(secs => ${window}) else rate_limits.reset_at end
           returning key, count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
          sortedKeys,
        ),
        pool.query<{ id: string; email: string }>(`select id, email from "user" where id in (${inList(userIds.length)})`, userIds),
      ]);
      const allowed = new Set(limits.rows.filter((row) => row.count <= CHECKOUT_RATE_LIMIT.limit).map((row) => row.key));
      const emailOf = new Map(emails.rows.map((row) => [row.id, row.email]));
      const client = await pool.connect();
      try {
        await client.query("begin");
        const locked = await client.query<{ max_attendees: number }>({ name: lockEvents.name, text: lockEvents.text, values: refill(lockEvents, userIds) });
        const standing = await client.query<{ user_id: string | null; n: number }>({ name: holdStanding.name, text: holdStanding.text, values: refill(holdStanding, userIds) });
        let taken = Number(standing.rows.find((row) => row.user_id === null)!.n);
        const heldBy = new Map(standing.rows.filter((row) => row.user_id !== null).map((row) => [row.user_id!, Number(row.n)]));
        const accepted = userIds.map((userId, i): Hold => {
          if (!allowed.has(keys[i]!) || !emailOf.has(userId) || taken + 1 > locked.rows[0]!.max_attendees) return null;
          if (ticketLimitError({ title: "Baseline", requested: 1, alreadyHeld: heldBy.get(userId) ?? 0 })) return null;
          taken += 1;
          return { orderId: randomUUID(), sessionId: `cs_base_${randomUUID()}`, userId };
        });
        const orders = accepted.filter((hold): hold is NonNullable<Hold> => hold !== null);
        if (orders.length) {
          const n = orders.length;
          const lineValues = orders.flatMap(({ orderId }) => [orderId, baselineEvent.id, baselineTypeId, 1, PRICE_PENCE, fee, 0, total]);
          const profileValues = [...orders].sort((a, b) => (a.userId < b.userId ? -1 : 1)).flatMap(({ userId }) => [userId, "Bench Buyer"]);
          const orderValues = orders.flatMap(({ orderId, sessionId, userId }) => [orderId, sessionId, userId, "local", null, "Bench Buyer", emailOf.get(userId), PRICE_PENCE, fee, total]);
          const lines = 8 * n;
          const profiles = 2 * n;
          await client.query(
            `with held_lines as (
               insert into order_lines (order_id, event_id, ticket_type_id, quantity, unit_price_pence, fee_per_ticket_pence, absorbed_fee_per_ticket_pence, total_pence) values ${valuesList(n, 8)} returning id
             ), remembered_name as (
               insert into profiles (user_id, last_attendee_name) values ${valuesList(n, 2, lines + 1)}
               on conflict (user_id) do update set last_attendee_name = excluded.last_attendee_name returning user_id
             )
             insert into orders (id, session_id, user_id, provider, affiliate_id, attendee_name, attendee_email, subtotal_pence, fees_pence, total_pence, expires_at)
             values ${valuesList(n, 10, lines + profiles + 1, `, now() + make_interval(mins => ${CHECKOUT_HOLD_MINUTES})`)} returning *`,
            [...lineValues, ...profileValues, ...orderValues],
          );
        }
        await client.query("commit");
        return accepted;
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
    });
    const confirmations = groupCommit(Math.max(1, Math.round(meanBatch(confirmSizes))), async (sessionIds: string[]) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const { rows: found } = await client.query<{ id: string; user_id: string; session_id: string; attendee_name: string; attendee_email: string; keeps: boolean }>(
          `select *, (status = 'pending' and expires_at > now() + interval '5 minutes') as keeps, (expires_at <= now()) as lapsed
           from orders where session_id in (${inList(sessionIds.length)}) order by id for update`,
          sessionIds,
        );
        const ids = found.map((order) => order.id);
        await client.query(
          `select * from events where id in (select event_id from order_lines where order_id in (${inList(ids.length)})) order by id for ${found.every((order) => order.keeps) ? "key share" : "no key update"}`,
          ids,
        );
        const { rows: lines } = await client.query<{ id: string; order_id: string; event_id: string; ticket_type_id: string; quantity: number; unit_price_pence: number; fee_per_ticket_pence: number; total_pence: number }>(
          `select * from order_lines where order_id in (${inList(ids.length)}) order by event_id`,
          ids,
        );
        const byOrder = new Map(found.map((order) => [order.id, order]));
        const made = lines.map((line) => ({ line, order: byOrder.get(line.order_id)!, bookingId: randomUUID(), code: `TCKT-2026-${randomUUID().slice(0, 8).toUpperCase()}` }));
        const n = made.length;
        const bookingValues = made.flatMap(({ line, order, bookingId, code }) => [bookingId, line.event_id, line.ticket_type_id, order.user_id, "confirmed", order.attendee_name, order.attendee_email, line.quantity, line.total_pence, code, code, order.session_id, line.id]);
        const entries = made.flatMap(({ line, order, bookingId }) =>
          [
            [`sale:${bookingId}`, "ticket_sale", line.unit_price_pence * line.quantity],
            [`fee:${bookingId}`, "booking_fee", line.fee_per_ticket_pence * line.quantity],
            [`orgfee:${bookingId}`, "organiser_fee", organiserFee(line.unit_price_pence, line.quantity)],
          ]
            .filter(([, , amount]) => Number(amount) > 0)
            .flatMap(([key, kind, amount]) => [key, kind, amount, order.id, bookingId, line.event_id, order.session_id]),
        );
        await client.query(
          `with new_bookings as (
             insert into bookings (id, event_id, ticket_type_id, user_id, status, attendee_name, attendee_email, ticket_quantity, total_amount_pence, ticket_code, qr_code, stripe_session_id, order_line_id)
             values ${valuesList(n, 13)} returning id
           ), charges as (
             insert into ledger_entries (entry_key, kind, amount_pence, order_id, booking_id, event_id, provider_ref) values ${valuesList(entries.length / 7, 7, 13 * n + 1)}
             on conflict (entry_key) do nothing returning id
           )
           update orders set status = 'confirmed', confirmed_at = $${13 * n + entries.length + 1} where id in (${inList(ids.length, 13 * n + entries.length + 2)})`,
          [...bookingValues, ...entries, new Date(), ...ids],
        );
        const jobs = made.map(({ bookingId }) => ({ ...jobTemplate, data: { ...jobTemplate.data, bookingId }, singletonKey: bookingId }));
        await client.query(enqueue.text, [JSON.stringify(jobs)]);
        await client.query("commit");
        return sessionIds.map(() => true);
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
    });

    const baseHoldLatencies: number[] = [];
    const baseConfirmLatencies: number[] = [];
    let baseHeld = 0;
    const baseStarted = performance.now();
    await Promise.all(
      buyerIds.map(async (userId) => {
        const t0 = performance.now();
        const hold = await holds.run(userId);
        baseHoldLatencies.push(performance.now() - t0);
        if (!hold) return;
        baseHeld += 1;
        const t1 = performance.now();
        await confirmations.run(hold.sessionId);
        baseConfirmLatencies.push(performance.now() - t1);
      }),
    );
    const baseElapsed = (performance.now() - baseStarted) / 1000;
    const { rows: baseSold } = await pool.query<{ n: number }>("select coalesce(sum(ticket_quantity), 0)::int as n from bookings where event_id = $1", [baselineEvent.id]);
    await ticketEmailsSent(pool);

    for (const latencies of [holdLatencies, confirmLatencies, baseHoldLatencies, baseConfirmLatencies]) latencies.sort((a, b) => a - b);
    const problems = [];
    if (Number(sold) > capacity) problems.push(`oversold: ${sold} sold of ${capacity}`);
    if (held !== capacity) problems.push(`held ${held} of ${capacity} places`);
    if (unavailable > 0) problems.push(`${unavailable} buyers were turned away with 503: they waited longer than the pool's connect timeout`);
    if (baseHeld !== capacity || baseSold[0]!.n !== capacity) problems.push(`baseline held ${baseHeld} and sold ${baseSold[0]!.n} of ${capacity}`);
    return {
      product: {
        attemptsPerSecond: buyers / elapsed,
        confirmsPerSecond: held / elapsed,
        holdP99: percentile(holdLatencies, 99),
        confirmP99: percentile(confirmLatencies, 99),
        oversold: Math.max(0, Number(sold) - capacity),
      },
      baseline: {
        attemptsPerSecond: buyers / baseElapsed,
        confirmsPerSecond: baseHeld / baseElapsed,
        holdP99: percentile(baseHoldLatencies, 99),
        confirmP99: percentile(baseConfirmLatencies, 99),
        oversold: Math.max(0, baseSold[0]!.n - capacity),
      },
      /** Calls per transaction: the product's (from the statements it sent) and the baseline's. */
      batch: {
        holds: { product: meanBatch(holdSizes), baseline: meanBatch(holds.sizes) },
        confirmations: { product: meanBatch(confirmSizes), baseline: meanBatch(confirmations.sizes) },
      },
      problems,
    };
  } finally {
    await pool.end();
    await jobs.stop();
    await database.close();
  }
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent, createUser, futureDay, ticketTypeIdOf, type UserFixture } from "../../../../test/fixtures";
import { paidLocally } from "../../../../test/purchases";
import { recordingDb } from "../../../../test/recording-db";
import { openPglite, type Db } from "../../db/client";
import { orderLines, orders } from "../../db/schema";
import { holdStanding } from "./capacity";
import { confirmOrder, createPayment, releaseOrder, type TicketEmailQueue } from "./checkout.service";
import { reconcile } from "../ledger/reconcile";
import { expireLapsedOrders } from "./expire-holds.job";

/**
 * A hold's places are counted from its event's own order lines (docs/decisions/031): each line's
 * held_until mirrors its order, kept by the triggers of migration 0016, on PostgreSQL and on PGlite.
 */
const ctx = setUpTestApp();
let organiser: UserFixture;
let recording: ReturnType<typeof recordingDb>;
beforeAll(async () => {
  organiser = await createUser(ctx.db, { username: "Held lines" });
  recording = recordingDb(ctx.database.url!);
});
afterAll(async () => recording.pool.end());

/** The confirmation's e-mails are not what this file checks. */
const noJobs = { enqueueTicketEmails: async () => {}, enqueueRefundEmail: async () => {}, enqueue: async () => {} } as unknown as TicketEmailQueue;

async function linesOf(db: Db, orderIds: string[]) {
  return db.select({ orderId: orderLines.orderId, heldUntil: orderLines.heldUntil }).from(orderLines).where(inArray(orderLines.orderId, orderIds));
}

async function orderOf(db: Db, sessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.sessionId, sessionId));
  return order!;
}

/** A checkout's hold, its confirmation, its release and its lapse, each seen on the order's lines. */
async function followsItsOrder(db: Db, organiserId: string) {
  const buyers = await Promise.all([1, 2, 3].map((n) => createUser(db, { username: `held_buyer_${n}_${crypto.randomUUID().slice(0, 6)}` })));
  const event = await createEvent(db, { userId: organiserId, title: `Held ${crypto.randomUUID()}`, pricePence: 1500, maxAttendees: 10, dateTime: futureDay(5) });
  const held = await Promise.all(buyers.map((buyer) => createPayment({ db, userId: buyer.id, input: { eventId: event.id, ticketQuantity: 2, attendeeName: "Held Buyer" } })));
  // The checkout writes its order and lines in one statement: each line holds until its order expires.
  for (const hold of held) {
    const order = await orderOf(db, hold.sessionId);
    expect(await linesOf(db, [order.id])).toEqual([{ orderId: order.id, heldUntil: order.expiresAt }]);
  }
  const standing = async () => {
    const counted = (await db.transaction((tx) => holdStanding(tx, [buyers[0]!.id], [event.id]))).get(event.id)!;
    return { taken: counted.taken, heldByAccount: counted.heldBy.get(buyers[0]!.id) };
  };
  expect(await standing()).toEqual({ taken: 6, heldByAccount: 2 });

  const [paid, released, lapsing] = await Promise.all(held.map((hold) => orderOf(db, hold.sessionId)));
  // Paid first, as the product confirms an order only after its payment.
  await paidLocally(db, [paid!.sessionId]);
  expect(await confirmOrder({ db, jobs: noJobs, company: ctx.config.company, sessionId: paid!.sessionId })).toMatchObject({ status: "confirmed" });
  await releaseOrder({ db, sessionId: released!.sessionId, status: "cancelled" });
  // Held a while longer (as a provider's extension would), then lapsed: the line follows both.
  const later = new Date(lapsing!.expiresAt.getTime() + 60_000);
  await db.update(orders).set({ expiresAt: later }).where(eq(orders.id, lapsing!.id));
  expect(await linesOf(db, [lapsing!.id])).toEqual([{ orderId: lapsing!.id, heldUntil: later }]);
  await db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, lapsing!.id));
  // Past its expiry the hold no longer counts, before the job marks it expired.
  expect(await standing()).toEqual({ taken: 2, heldByAccount: 0 });
  await expireLapsedOrders({ db });
  expect(await linesOf(db, [paid!.id, released!.id, lapsing!.id])).toEqual(
    expect.arrayContaining([paid, released, lapsing].map((order) => ({ orderId: order!.id, heldUntil: null }))),
  );
  // The confirmed tickets still count; the released and lapsed places are free again.
  expect(await standing()).toEqual({ taken: 2, heldByAccount: 0 });

  // A line written after its order, in a statement of its own, takes the order's hold too.
  const [order] = await db
    .insert(orders)
    .values({ sessionId: `cs_late_${crypto.randomUUID()}`, provider: "local", attendeeName: "Late", attendeeEmail: "late@example.test", subtotalPence: 1500, feesPence: 0, totalPence: 1500, expiresAt: futureDay(1) })
    .returning();
  await db.insert(orderLines).values({ orderId: order!.id, eventId: event.id, ticketTypeId: await ticketTypeIdOf(db, event.id), quantity: 3, unitPricePence: 1500, feePerTicketPence: 0, totalPence: 4500 });
  expect(await linesOf(db, [order!.id])).toEqual([{ orderId: order!.id, heldUntil: order!.expiresAt }]);
  expect(await standing()).toEqual({ taken: 5, heldByAccount: 0 });
}

describe("a line's hold follows its order (migration 0016)", () => {
  it("on PostgreSQL: held when written with its order or after it, freed when paid, released or lapsed, moved when extended", async () => {
    await followsItsOrder(ctx.db, organiser.id);
  });

  it("on PGlite (the demo's database) as well", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eventora-pglite-held-"));
    const database = await openPglite(dir);
    try {
      await database.migrate();
      const { id } = await createUser(database.db, { username: "pglite_held" });
      await followsItsOrder(database.db, id);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the reconcile checks every line's hold against its order", () => {
  it("names a line that holds places its order no longer holds, and one that lost its hold", async () => {
    const buyer = await createUser(ctx.db, { username: `held_reconcile_${crypto.randomUUID().slice(0, 6)}` });
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Reconciled", pricePence: 1500, maxAttendees: 10, dateTime: futureDay(4) });
    const { sessionId } = await createPayment({ db: ctx.db, userId: buyer.id, input: { eventId: event.id, ticketQuantity: 1, attendeeName: "Held Buyer" } });
    const order = await orderOf(ctx.db, sessionId);
    expect((await reconcile(ctx.db)).problems.filter((problem) => problem.orderId === order.id)).toEqual([]);
    // Written behind the triggers' back (as a bulk load that skips them would leave it).
    await ctx.db.update(orderLines).set({ heldUntil: null }).where(eq(orderLines.orderId, order.id));
    expect((await reconcile(ctx.db)).problems.filter((problem) => problem.orderId === order.id)).toEqual([
      { orderId: order.id, bookingId: null, problem: expect.stringMatching(/^order line .+ holds until nothing, but its pending order says 20\d\d-/) },
    ]);
    await releaseOrder({ db: ctx.db, sessionId, status: "cancelled" });
    await ctx.db.update(orderLines).set({ heldUntil: order.expiresAt }).where(eq(orderLines.orderId, order.id));
    expect((await reconcile(ctx.db)).problems.filter((problem) => problem.orderId === order.id)).toEqual([
      { orderId: order.id, bookingId: null, problem: expect.stringMatching(/^order line .+ holds until 20\d\d-.+, but its cancelled order says nothing$/) },
    ]);
    await ctx.db.update(orderLines).set({ heldUntil: null }).where(eq(orderLines.orderId, order.id));
    expect((await reconcile(ctx.db)).problems.filter((problem) => problem.orderId === order.id)).toEqual([]);
  });
});

describe("a hold's count reads its own event's live lines, whatever the planner's statistics say", () => {
  it("counts from order_lines_held_idx with 2,000 pending orders elsewhere and 1,500 paid lines on the event, never walking the pending orders", async () => {
    const other = await createEvent(ctx.db, { userId: organiser.id, title: "Elsewhere", pricePence: 1000, dateTime: futureDay(9) });
    const rush = await createEvent(ctx.db, { userId: organiser.id, title: "On sale now", pricePence: 1000, maxAttendees: 5000, dateTime: futureDay(9) });
    // Written in bulk after the tables' last analysis: the planner still believes pending orders are few.
    await ctx.db.execute(sql`
      with made as (
        insert into ${orders} (session_id, status, provider, attendee_name, attendee_email, subtotal_pence, fees_pence, total_pence, expires_at)
        select 'cs_stats_' || n, case when n <= 1500 then 'paid' else 'pending' end, 'local', 'B', 'b@example.test', 1000, 0, 1000, now() + interval '30 minutes'
        from generate_series(1, 3800) as n
        returning id, session_id
      )
      insert into ${orderLines} (order_id, event_id, ticket_type_id, quantity, unit_price_pence, fee_per_ticket_pence, total_pence)
      select id, line.event_id, (select tt.id from ticket_types tt where tt.event_id = line.event_id), 1, 1000, 0, 1000
      from made cross join lateral (
        select case when replace(session_id, 'cs_stats_', '')::int <= 1800 then ${rush.id}::uuid else ${other.id}::uuid end as event_id
      ) as line`);
    const standing = await ctx.db.transaction((tx) => holdStanding(tx, [organiser.id], [rush.id]));
    expect(standing.get(rush.id)).toEqual({ taken: 300, waiting: 0, heldBy: new Map([[organiser.id, 0]]) });

    // The statement holdStanding sends, explained with its values.
    recording.sent.length = 0;
    await recording.db.transaction((tx) => holdStanding(tx, [organiser.id], [rush.id]));
    const statement = recording.sent.find((sent) => sent.text.includes("order_lines"))!;
    const { rows } = await recording.pool.query<{ "QUERY PLAN": string }>(`explain (analyze, costs off, timing off, summary off) ${statement.text}`, statement.values);
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan).toContain("order_lines_held_idx");
    // Not the plan that read the event's lines once per pending order in the database.
    expect(plan).not.toContain("orders_status_expires_idx");
    expect(plan).not.toMatch(/Rows Removed by Join Filter/);
  });
});

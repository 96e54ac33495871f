import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, afterAll, describe, expect, it, vi } from "vitest";
import { AppError, CHECKOUT_RATE_LIMIT, MAX_TICKETS_PER_EVENT } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { createEvent, createUser, futureDay, type UserFixture } from "../../../../test/fixtures";
import { paidLocally } from "../../../../test/purchases";
import { recordingDb } from "../../../../test/recording-db";
import { rowsOf } from "../../db/client";
import { bookings, events, orders } from "../../db/schema";
import { hitRateLimits } from "../../lib/rate-limiter";
import { confirmOrder, createPayment, REFUND_REASONS } from "./checkout.service";

/**
 * Holds that arrive together are made in one transaction, and so are confirmations (docs/decisions/033):
 * each is checked in turn against what the ones before took, and answered for itself as if it had come alone.
 */
const ctx = setUpTestApp();
let organiser: UserFixture;
let recording: ReturnType<typeof recordingDb>;
beforeAll(async () => {
  organiser = await createUser(ctx.db, { username: "Batch organiser" });
  recording = recordingDb(ctx.database.url!, 10);
});
afterAll(async () => recording.pool.end());

const buyers = (count: number) => Promise.all(Array.from({ length: count }, () => createUser(ctx.db)));
const outcome = (promise: Promise<{ sessionId: string }>) =>
  promise.then(
    (order) => ({ held: order.sessionId }),
    (error: AppError) => ({ refused: `${error.code}: ${error.message}` }),
  );

describe("holds that arrive together share a transaction (docs/decisions/033)", () => {
  it("holds exactly the places left across events and carts, refusing each of the rest by name", async () => {
    const gig = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Gig", pricePence: 1500, maxAttendees: 30, dateTime: futureDay(3) });
    const talk = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Talk", pricePence: 800, maxAttendees: 5, dateTime: futureDay(4) });
    const fest = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Fest", pricePence: 1200, maxAttendees: 500, dateTime: futureDay(4) });
    const free = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Free", pricePence: 0, dateTime: futureDay(5) });
    const people = await buyers(60);
    recording.sent.length = 0;
    // 20 carts of the talk and the fest, one ask for a free event, and 39 asks for the gig, all at once.
    const results = await Promise.all(
      people.map((buyer, i) =>
        outcome(
          createPayment({
            db: recording.db,
            userId: buyer.id,
            input:
              i % 3 === 0
                ? { attendeeName: "Ada Batch", items: [{ eventId: talk.id, ticketQuantity: 1 }, { eventId: fest.id, ticketQuantity: 1 }] }
                : i === 7
                  ? { attendeeName: "Ada Batch", eventId: free.id, ticketQuantity: 1 }
                  : { attendeeName: "Ada Batch", eventId: gig.id, ticketQuantity: 1 },
          }),
        ),
      ),
    );
    const held = results.flatMap((result) => ("held" in result ? [result.held] : []));
    const refusals = results.flatMap((result) => ("refused" in result ? [result.refused] : []));
    const taken = async (eventId: string) => rowsOf<{ n: number }>(await ctx.db.execute(sql`select coalesce(sum(quantity), 0)::int as n from order_lines where event_id = ${eventId} and held_until > now()`))[0]!.n;
    expect([await taken(gig.id), await taken(talk.id), await taken(fest.id)]).toEqual([30, 5, 5]);
    expect(refusals.sort()).toEqual(
      [
        "BAD_REQUEST: Batch Free is free: no payment or booking is needed.",
        ...Array(9).fill("CONFLICT: Sold out: there are no tickets left for Batch Gig."),
        ...Array(15).fill("CONFLICT: Sold out: there are no tickets left for Batch Talk."),
      ].sort(),
    );
    expect(held).toHaveLength(35);
    // Each held order is its own buyer's, and its total is what its lines, priced from the database, add up to.
    const rows = await ctx.db.select().from(orders).where(inArray(orders.sessionId, held));
    expect(new Set(rows.map((row) => row.userId)).size).toBe(35);
    const lines = rowsOf<{ order_id: string; total: number; prices: number[] }>(await ctx.db.execute(sql`select order_id, sum(total_pence)::int as total, array_agg(unit_price_pence order by unit_price_pence) as prices from order_lines where order_id = any(${`{${rows.map((row) => row.id).join(",")}}`}::uuid[]) group by order_id`));
    const byOrder = new Map(lines.map((row) => [row.order_id, row]));
    for (const row of rows) {
      expect(byOrder.get(row.id)!.total).toBe(row.totalPence);
      expect([[1500], [800, 1200]]).toContainEqual(byOrder.get(row.id)!.prices);
    }
    // Far fewer transactions than buyers: the ones that queued behind a running hold went together.
    const transactions = recording.sent.filter((statement) => statement.text === "begin").length;
    expect(transactions).toBeLessThanOrEqual(20);
  });

  it("never puts one account's checkouts in one transaction, so its limit and its rate limit hold under a rush", async () => {
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Limit", pricePence: 1000, maxAttendees: 500, dateTime: futureDay(6) });
    const [buyer] = await buyers(1);
    const others = await buyers(5);
    const asks = [...Array.from({ length: 12 }, () => buyer!), ...others].map((account, i) =>
      outcome(createPayment({ db: recording.db, userId: account.id, input: { attendeeName: "Ada Batch", eventId: event.id, ticketQuantity: i < 12 ? 7 : 1 } })),
    );
    const results = await Promise.all(asks);
    const own = results.slice(0, 12);
    // 50 tickets at most held by one account: 7 holds of 7 (49); then refused by name, until the rate limit.
    expect(own.filter((result) => "held" in result)).toHaveLength(Math.floor(MAX_TICKETS_PER_EVENT / 7));
    const refused = own.flatMap((result) => ("refused" in result ? [result.refused] : []));
    expect(refused.filter((message) => message.startsWith("CONFLICT: You already hold 49 tickets for Batch Limit"))).toHaveLength(CHECKOUT_RATE_LIMIT.limit - 7);
    expect(refused.filter((message) => message.startsWith("RATE_LIMITED: Too many checkouts started"))).toHaveLength(12 - CHECKOUT_RATE_LIMIT.limit);
    expect(results.slice(12).every((result) => "held" in result)).toBe(true);
  });

  it("runs each hold alone when the batch's transaction fails, so only the buyer at fault is refused", async () => {
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Fault", pricePence: 1000, maxAttendees: 100, dateTime: futureDay(7) });
    const people = await buyers(12);
    // A rule of the database the app does not check: the order of the buyer who breaks it fails to write.
    await ctx.db.execute(sql`alter table orders add constraint test_batch_fault check (attendee_name <> 'Faulty Name')`);
    try {
      const first = outcome(createPayment({ db: ctx.db, userId: people[0]!.id, input: { attendeeName: "Ada Batch", eventId: event.id, ticketQuantity: 1 } }));
      const rest = people.slice(1).map((buyer, i) =>
        createPayment({ db: ctx.db, userId: buyer.id, input: { attendeeName: i === 4 ? "Faulty Name" : "Ada Batch", eventId: event.id, ticketQuantity: 1 } }).then(
          (order) => ({ held: order.sessionId }),
          (error: Error) => ({ failed: error }),
        ),
      );
      const results = [await first, ...(await Promise.all(rest))];
      expect(results.filter((result) => "held" in result)).toHaveLength(11);
      const failed = results.flatMap((result) => ("failed" in result ? [result.failed] : []));
      expect(failed).toHaveLength(1);
      expect(String((failed[0] as Error & { cause?: Error }).cause?.message ?? failed[0]!.message)).toContain("test_batch_fault");
      // A batch whose one hold fails still answers the buyers it refused before its transaction.
      const [limited, faulty, blocker] = await buyers(3);
      for (let i = 0; i < CHECKOUT_RATE_LIMIT.limit; i++) await hitRateLimits(ctx.db, [`create-payment:user:${limited!.id}`], CHECKOUT_RATE_LIMIT);
      const ask = (buyer: UserFixture, attendeeName: string) =>
        createPayment({ db: ctx.db, userId: buyer.id, input: { attendeeName, eventId: event.id, ticketQuantity: 1 } }).then(
          () => "held",
          (error: Error) => (error instanceof AppError ? error.code : "failed"),
        );
      // The blocker's hold runs alone; the other two queue behind it and share the next batch.
      expect(await Promise.all([ask(blocker!, "Ada Batch"), ask(limited!, "Ada Batch"), ask(faulty!, "Faulty Name")])).toEqual(["held", "RATE_LIMITED", "failed"]);
      // Each buyer's rate limit was counted once, though their hold ran twice.
      const counts = rowsOf<{ count: number }>(await ctx.db.execute(sql`select count from rate_limits where key = any(${`{${people.map((buyer) => `create-payment:user:${buyer.id}`).join(",")}}`}::text[])`));
      expect(counts.map((row) => row.count)).toEqual(people.map(() => 1));
    } finally {
      await ctx.db.execute(sql`alter table orders drop constraint test_batch_fault`);
    }
  });
});

describe("confirmations that arrive together share a transaction (docs/decisions/033)", () => {
  const hold = async (eventId: string, quantity = 1) => {
    const [buyer] = await buyers(1);
    return createPayment({ db: ctx.db, userId: buyer!.id, input: { attendeeName: "Ada Batch", eventId, ticketQuantity: quantity } });
  };
  const lapse = (sessionId: string) => ctx.db.update(orders).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orders.sessionId, sessionId));
  const confirm = (sessionId: string) => confirmOrder({ db: recording.db, jobs: ctx.app.jobs, company: ctx.config.company, sessionId });
  // Confirmation follows payment in the product (settlePaidSession): the orders confirmed here are paid first.
  const paid = (held: { sessionId: string }[]) => paidLocally(ctx.db, held.map((order) => order.sessionId));

  it("confirms 30 orders at once, each once with its own bookings, however often each is asked", async () => {
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Confirm", pricePence: 1200, maxAttendees: 100, dateTime: futureDay(8) });
    const held = await Promise.all(Array.from({ length: 30 }, (_, i) => hold(event.id, 1 + (i % 3))));
    await paid(held);
    recording.sent.length = 0;
    // Every order asked for twice at once: the second is never in the first's transaction.
    const results = await Promise.all([...held, ...held].map((order) => confirm(order.sessionId)));
    for (const [i, order] of held.entries()) {
      const [first, again] = [results[i]!, results[i + 30]!];
      expect(first.status).toBe("confirmed");
      expect(again).toEqual(first);
      const made = await ctx.db.select().from(bookings).where(inArray(bookings.id, (first as { bookingIds: string[] }).bookingIds));
      expect(made.map((booking) => [booking.userId, booking.stripeSessionId, booking.ticketQuantity])).toEqual([[order.userId, order.sessionId, 1 + (i % 3)]]);
    }
    expect(await ctx.db.$count(bookings, eq(bookings.eventId, event.id))).toBe(30);
    const transactions = recording.sent.filter((statement) => statement.text === "begin").length;
    expect(transactions).toBeLessThan(30);
  });

  it("answers each order of one transaction for itself: kept, lapsed with places, lapsed sold out, cancelled, unknown, confirmed before", async () => {
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Mixed", pricePence: 1000, maxAttendees: 4, dateTime: futureDay(9) });
    const doomed = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Doomed", pricePence: 1000, maxAttendees: 10, dateTime: futureDay(9) });
    const [live, lapsedA, lapsedB, lapsedC, before] = [await hold(event.id), await hold(event.id), await hold(event.id), await hold(event.id), await hold(doomed.id)];
    const cancelled = await hold(doomed.id);
    const blocker = await hold(doomed.id);
    // All paid but the cancelled one, which is never confirmed.
    await paid([live, lapsedA, lapsedB, lapsedC, before, blocker]);
    expect((await confirmOrder({ db: ctx.db, jobs: ctx.app.jobs, company: ctx.config.company, sessionId: before!.sessionId })).status).toBe("confirmed");
    // Three lapsed holds for 4 places, one of which a new hold takes: two can still be paid for, not three.
    for (const order of [lapsedA, lapsedB, lapsedC]) await lapse(order!.sessionId);
    await hold(event.id);
    await ctx.db.update(events).set({ status: "cancelled" }).where(eq(events.id, doomed.id));
    await ctx.db.update(orders).set({ status: "cancelled" }).where(eq(orders.sessionId, cancelled.sessionId));
    recording.sent.length = 0;
    // The blocker runs alone; the rest queue behind it and go together.
    const [blockerAnswer, ...answers] = await Promise.all([blocker, live, lapsedA, lapsedB, lapsedC, cancelled, before, { sessionId: "cs_batch_unknown" }].map((order) => confirm(order!.sessionId)));
    expect(recording.sent.filter((statement) => statement.text === "begin")).toHaveLength(2);
    // Two payments waiting for their refund at once, this one's and the sold-out one's (migration 0017).
    expect(blockerAnswer).toEqual({ status: "refunded", reason: REFUND_REASONS.eventCancelled });
    const [liveAnswer, aAnswer, bAnswer, cAnswer, cancelledAnswer, beforeAnswer, unknownAnswer] = answers;
    expect(liveAnswer!.status).toBe("confirmed");
    expect([aAnswer, bAnswer, cAnswer].map((answer) => answer!.status).sort()).toEqual(["confirmed", "confirmed", "refunded"]);
    expect([aAnswer, bAnswer, cAnswer].find((answer) => answer!.status === "refunded")).toEqual({ status: "refunded", reason: REFUND_REASONS.soldOut });
    expect(cancelledAnswer).toEqual({ status: "not-confirmable", reason: "The order is cancelled" });
    expect(beforeAnswer!.status).toBe("confirmed");
    expect(unknownAnswer).toEqual({ status: "not-confirmable", reason: "No order with that session" });
    const sold = await ctx.db.select({ n: sql<number>`coalesce(sum(${bookings.ticketQuantity}), 0)::int` }).from(bookings).where(eq(bookings.eventId, event.id));
    expect(sold[0]!.n).toBe(3);
  });

  it("confirms a batch of large carts in statements PostgreSQL takes: 100 orders of 20 events each, in one transaction", async () => {
    const fair = await Promise.all(Array.from({ length: 20 }, (_, i) => createEvent(ctx.db, { userId: organiser.id, title: `Batch Fair ${i}`, pricePence: 500 + i, maxAttendees: 500, dateTime: futureDay(11) })));
    const blocker = await hold(fair[0]!.id);
    const people = await buyers(100);
    const carts = await Promise.all(
      people.map((buyer) => createPayment({ db: ctx.db, userId: buyer.id, input: { attendeeName: "Ada Batch", items: fair.map((event) => ({ eventId: event.id, ticketQuantity: 1 })) } })),
    );
    await paid([blocker, ...carts]);
    recording.sent.length = 0;
    // The blocker runs alone; the 100 carts behind it (2,000 lines: more values than one statement may carry) go together.
    const [, ...results] = await Promise.all([blocker, ...carts].map((order) => confirm(order.sessionId)));
    expect(results.every((result) => result.status === "confirmed" && result.bookingIds.length === 20)).toBe(true);
    expect(recording.sent.filter((statement) => statement.text === "begin")).toHaveLength(2);
    expect(await ctx.db.$count(bookings, eq(bookings.eventId, fair[0]!.id))).toBe(101);
    for (const event of fair.slice(1)) expect(await ctx.db.$count(bookings, eq(bookings.eventId, event.id))).toBe(100);
  });

  it("judges a hold lapsed by the database's clock, as the place counts do, even when this process's clock is behind", async () => {
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Clock", pricePence: 1000, maxAttendees: 1, dateTime: futureDay(9) });
    const elsewhere = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Clock Elsewhere", pricePence: 1000, maxAttendees: 10, dateTime: futureDay(9) });
    // Two holds of the one place, one after the other lapsed: both buyers then pay late.
    const first = await hold(event.id);
    await lapse(first.sessionId);
    const second = await hold(event.id);
    await lapse(second.sessionId);
    const blocker = await hold(elsewhere.id);
    await paid([blocker, first, second]);
    // This process's clock an hour behind the database's: by it, neither hold has lapsed yet.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 3_600_000 });
    try {
      const [, ...answers] = await Promise.all([blocker, first, second].map((order) => confirm(order.sessionId)));
      expect(answers.map((answer) => answer.status).sort()).toEqual(["confirmed", "refunded"]);
      expect(answers.find((answer) => answer.status === "refunded")).toEqual({ status: "refunded", reason: REFUND_REASONS.soldOut });
    } finally {
      vi.useRealTimers();
    }
    const sold = await ctx.db.select({ n: sql<number>`coalesce(sum(${bookings.ticketQuantity}), 0)::int` }).from(bookings).where(eq(bookings.eventId, event.id));
    expect(sold[0]!.n).toBe(1);
  });

  it("runs each confirmation alone when their transaction fails, so only the order at fault fails", async () => {
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Batch Confirm Fault", pricePence: 1000, maxAttendees: 100, dateTime: futureDay(10) });
    const held = await Promise.all(Array.from({ length: 8 }, () => hold(event.id)));
    await paid(held);
    // DDL takes no parameters: the address (a fixture's, with no quote in it) is written into the statement.
    await ctx.db.execute(sql.raw(`alter table bookings add constraint test_confirm_fault check (attendee_email <> '${held[5]!.attendeeEmail}')`));
    try {
      const results = await Promise.all(held.map((order) => confirm(order.sessionId).then((result) => result.status, (error: Error) => (error.cause as Error | undefined)?.message ?? error.message)));
      expect(results.filter((result) => result === "confirmed")).toHaveLength(7);
      expect(results[5]).toContain("test_confirm_fault");
    } finally {
      await ctx.db.execute(sql`alter table bookings drop constraint test_confirm_fault`);
    }
    // The failed order is still pending: its payment can be confirmed once the fault is gone.
    expect((await confirm(held[5]!.sessionId)).status).toBe("confirmed");
  });
});

describe("rate limits counted together (hitRateLimits)", () => {
  it("counts each key once in one statement and answers in the keys' order; a key given twice is refused", async () => {
    const rule = { limit: 2, windowSeconds: 60 };
    expect((await hitRateLimits(ctx.db, ["batch:b", "batch:a"], rule)).map((state) => state.count)).toEqual([1, 1]);
    expect((await hitRateLimits(ctx.db, ["batch:a", "batch:c", "batch:b"], rule)).map((state) => [state.count, state.allowed])).toEqual([
      [2, true],
      [1, true],
      [2, true],
    ]);
    expect((await hitRateLimits(ctx.db, ["batch:b"], rule))[0]).toMatchObject({ count: 3, allowed: false });
    await expect(hitRateLimits(ctx.db, ["batch:d", "batch:d"], rule)).rejects.toThrow("each key once");
    // A key made of hostile input: the database keeps a lone surrogate as U+FFFD, and the key is still found.
    expect((await hitRateLimits(ctx.db, ["batch:\ud800", "batch:e"], rule)).map((state) => state.count)).toEqual([1, 1]);
    expect((await hitRateLimits(ctx.db, ["batch:\ud800"], rule))[0]!.count).toBe(2);
    expect(await ctx.db.select().from(orders).where(eq(orders.attendeeName, "never"))).toEqual([]);
  });
});

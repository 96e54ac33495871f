import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingFeePerTicket } from "../../../domain";
import { createTestApp, type TestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { boughtBooking } from "../../../../test/purchases";
import { salesTallyMoves } from "../../db/schema";
import { getDashboard } from "../dashboard/dashboard.service";
import { eventTally, foldSalesTally, salesTallyProblems } from "./sales-tally";

/**
 * The dashboard's sales tally (decision 030): kept by triggers as bookings and the ledger change, folded
 * by a job, and always what the bookings and the ledger say (the reconcile checks it after every test
 * file too, when the test app closes).
 */
let t: TestApp;
beforeAll(async () => {
  // No workers: this file folds by hand, so it sees the moves before and after.
  t = await createTestApp({}, { workers: false });
});
afterAll(async () => t.close());

const movesOf = async (eventId: string) => (await t.db.select({ n: count() }).from(salesTallyMoves).where(eq(salesTallyMoves.eventId, eventId)))[0]!.n;

describe("the sales tally", () => {
  it("follows a sale, a partial refund and a full refund, reads the same before and after a fold, and a check-in adds nothing", async () => {
    const { organiser, booking, event } = await boughtBooking(t, 3, { pricePence: 2000 });
    const fee = bookingFeePerTicket(2000);
    let tally = (await eventTally(t.db, [event.id])).get(event.id)!;
    expect(tally).toMatchObject({ ticketsSold: 3, bookings: 1, hasMoney: true });
    expect(tally.money.chargedPence).toBe(3 * (2000 + fee));

    const refund = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: randomUUID() });
    expect(refund.statusCode).toBe(200);
    tally = (await eventTally(t.db, [event.id])).get(event.id)!;
    expect(tally).toMatchObject({ ticketsSold: 2, bookings: 1 });
    expect(tally.money.refundedPence).toBe(2000 + fee);
    expect(await salesTallyProblems(t.db)).toEqual([]);

    const movesBefore = await movesOf(event.id);
    const checkIn = await organiser.client.post(`/api/bookings/${booking.id}/check-in`);
    expect(checkIn.statusCode).toBe(200);
    expect(await movesOf(event.id)).toBe(movesBefore);

    const dashboardBefore = await getDashboard({ db: t.db, userId: organiser.account.id });
    expect(await foldSalesTally(t.db)).toBeGreaterThan(0);
    expect(await movesOf(event.id)).toBe(0);
    expect(await getDashboard({ db: t.db, userId: organiser.account.id })).toEqual(dashboardBefore);

    const rest = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { reason: "Cannot come", requestKey: randomUUID() });
    expect(rest.statusCode).toBe(200);
    tally = (await eventTally(t.db, [event.id])).get(event.id)!;
    // Fully refunded: no valid tickets or bookings, and its money all paid back (it still shows, at £0).
    expect(tally).toMatchObject({ ticketsSold: 0, bookings: 0, hasMoney: true });
    expect(tally.money.remainingPence).toBe(0);
    const sales = (await getDashboard({ db: t.db, userId: organiser.account.id })).sales;
    expect(sales.perEvent).toEqual([{ eventId: event.id, title: event.title, ticketIncomePence: 0, organiserFeesPence: 0, netDuePence: 0, ticketsSold: 0, bookings: 0 }]);
    expect(await salesTallyProblems(t.db)).toEqual([]);
  });

  it("counts each sale once while folds run beside concurrent confirmations", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, title: "Folded While Selling", pricePence: 1500, maxAttendees: null });
    let selling = true;
    const folds = (async () => {
      let runs = 0;
      while (selling || runs < 2) {
        await Promise.all([foldSalesTally(t.db), foldSalesTally(t.db)]);
        runs++;
      }
      return runs;
    })();
    // Eight writers at once, 25 paid bookings each (quantities 1, 2, 3, …).
    const made = await Promise.all(Array.from({ length: 8 }, () => createPaidBookings(t.db, { eventId: event.id, pricePence: 1500, count: 25 })));
    selling = false;
    expect(await folds).toBeGreaterThanOrEqual(2);

    const tally = (await eventTally(t.db, [event.id])).get(event.id)!;
    expect(tally.bookings).toBe(200);
    const [sold] = await t.db.execute<{ tickets: number }>(sql`select sum(ticket_quantity)::int as tickets from bookings where event_id = ${event.id}`).then((result) => (result as unknown as { rows: { tickets: number }[] }).rows);
    expect(tally.ticketsSold).toBe(sold!.tickets);
    expect(tally.money.chargedPence).toBe(made.reduce((sum, batch) => sum + batch.totalPence, 0));
    expect(await movesOf(event.id)).toBe(0);
    expect(await salesTallyProblems(t.db)).toEqual([]);
  });

  it("a tally that disagrees with the bookings is a problem the reconcile reports", async () => {
    const { event } = await boughtBooking(t, 1);
    await t.db.insert(salesTallyMoves).values({ eventId: event.id, day: "2026-01-01", kind: "tickets", amount: 5 });
    const problems = await salesTallyProblems(t.db);
    expect(problems).toEqual([{ eventId: event.id, day: "2026-01-01", kind: "tickets", expected: 0, tallied: 5 }]);
    await t.db.insert(salesTallyMoves).values({ eventId: event.id, day: "2026-01-01", kind: "tickets", amount: -5 });
    expect(await salesTallyProblems(t.db)).toEqual([]);
  });
});

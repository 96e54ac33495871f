import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { bookings, refunds, tickets } from "../../db/schema";
import { reconcile } from "./reconcile";

// Each test breaks a booking's tickets on purpose (issue 36): the file's own ledger check would fail it.
const t = setUpTestApp({}, { ledgerCheck: false });

async function problemsNaming(...texts: string[]): Promise<string[]> {
  const report = await reconcile(t.db);
  return report.problems.map((problem) => `${problem.orderId ?? ""} ${problem.bookingId ?? ""} ${problem.problem}`).filter((text) => texts.every((part) => text.includes(part)));
}

/** A paid booking of 3 tickets at £20. */
async function sold() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000 });
  const { bookingIds } = await createPaidBookings(t.db, { eventId: event.id, pricePence: 2000, count: 1, quantity: () => 3 });
  return { event, bookingId: bookingIds[0]! };
}

describe("reconcile holds a booking's places to its tickets (issue 36)", () => {
  it("fails when a booking's valid tickets are not the places it holds", async () => {
    const { bookingId } = await sold();
    expect(await problemsNaming(bookingId)).toEqual([]);
    // A ticket refunded without its booking giving the place back: the door refuses one ticket more than capacity counts.
    await t.db.update(tickets).set({ status: "refunded" }).where(and(eq(tickets.bookingId, bookingId), eq(tickets.position, 3)));
    expect(await problemsNaming(bookingId, "holds 3 places and has refunded 0, but its tickets are 2 valid and 1 refunded")).toHaveLength(1);
    await t.db.update(tickets).set({ status: "valid" }).where(and(eq(tickets.bookingId, bookingId), eq(tickets.position, 3)));
    // A ticket lost: the booking sold a place nobody can use.
    await t.db.execute(sql`delete from tickets where booking_id = ${bookingId} and position = 2`);
    expect(await problemsNaming(bookingId, "but its tickets are 2 valid and 0 refunded")).toHaveLength(1);
  });

  it("fails when a refund took back other tickets than it paid for", async () => {
    const { bookingId } = await sold();
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    // The booking and its ticket agree, but the refund paid for two tickets and names one.
    const [refund] = await t.db
      .insert(refunds)
      .values({ requestKey: `test-${bookingId}`, bookingId, eventId: booking!.eventId, quantity: 2, ticketPence: 0, feePence: 0, source: "organiser", reason: "test", status: "failed" })
      .returning();
    await t.db.update(tickets).set({ status: "refunded", refundId: refund!.id }).where(and(eq(tickets.bookingId, bookingId), eq(tickets.position, 3)));
    await t.db.update(bookings).set({ ticketQuantity: 2, refundedQuantity: 1 }).where(eq(bookings.id, bookingId));
    expect(await problemsNaming(`refund ${refund!.id} paid for 2 tickets, but took back 1`)).toHaveLength(1);
    // A ticket of the booking still valid named by the refund.
    await t.db.update(tickets).set({ refundId: refund!.id }).where(and(eq(tickets.bookingId, bookingId), eq(tickets.position, 2)));
    expect(await problemsNaming(`refund ${refund!.id} names 1 ticket of another booking or still valid`)).toHaveLength(1);
  });
});

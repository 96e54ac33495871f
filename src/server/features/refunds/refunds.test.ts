import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage } from "../../../../test/auth-client";
import { boughtBooking } from "../../../../test/purchases";
import { bookings, ledgerEntries, refunds } from "../../db/schema";
import { reconcile } from "../ledger/reconcile";

const t = setUpTestApp();

describe("refunds on the ledger (decision 027)", () => {
  it("refunds one ticket of three through the local provider, frees its place, and the ledger balances", async () => {
    const { organiser, booking } = await boughtBooking(t, 3);
    const response = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: "key-one-ticket" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ quantity: 1, ticketPence: 2000, feePence: 230, status: "succeeded", providerRefundId: expect.stringMatching(/^re_local_/) });
    const again = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: "key-one-ticket" });
    expect(again.statusCode).toBe(200);
    expect(again.json().refundId).toBe(response.json().refundId);
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ ticketQuantity: 2, refundedQuantity: 1, status: "confirmed" });
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
    expect(entries.map((entry) => [entry.kind, entry.amountPence]).sort()).toEqual([
      ["booking_fee", 690],
      ["fee_refund", 230],
      // 2.9% + 30p on three £20 tickets is £2.64; on the two left, £1.76: the refund takes off the 88p difference (D22).
      ["organiser_fee", 264],
      ["organiser_fee_reversal", 88],
      ["ticket_refund", 2000],
      ["ticket_sale", 6000],
    ]);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("two refunds of the whole booking at once move the money once", async () => {
    const { organiser, booking } = await boughtBooking(t, 2);
    const [a, b] = await Promise.all(["key-a-concurrent", "key-b-concurrent"].map((requestKey) => organiser.client.post(`/api/bookings/${booking.id}/refunds`, { reason: "Duplicate", requestKey })));
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});

describe("the buyer's refund e-mail", () => {
  it("tells the buyer what was refunded and that the rest still stands", async () => {
    const { organiser, booking } = await boughtBooking(t, 2);
    await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Double booked", requestKey: "key-notice-one" });
    const message = await latestMessage(t.db, booking.attendeeEmail, (m) => Boolean(m.subject?.startsWith("Your refund")));
    expect(message.text).toContain("1 ticket of your booking has been refunded: £22.30 (tickets £20.00, booking fee £2.30)");
    expect(message.text).toContain("Your other 1 ticket still stands");
    expect(message.text).toContain("Reason: Double booked");
  });
});


import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, ledgerEntries, outboxMessages, refunds } from "../../db/schema";
import { reconcile } from "./reconcile";

const t = setUpTestApp();

async function boughtBooking(quantity: number, pricePence = 2000) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence, maxAttendees: 10, title: `Refundable ${Math.random()}` });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: quantity });
  expect(checkout.statusCode).toBe(200);
  await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  return { organiser, buyer, event, booking: booking! };
}

describe("refunds on the ledger (decision 027)", () => {
  it("refunds one ticket of three through the local provider, frees its place, and the ledger balances", async () => {
    const { organiser, booking } = await boughtBooking(3);
    const response = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: "key-one-ticket" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ quantity: 1, ticketPence: 2000, feePence: 230, status: "succeeded", providerRefundId: expect.stringMatching(/^re_local_/) });
    const again = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: "key-one-ticket" });
    expect(again.statusCode).toBe(200);
    expect(again.json().refundId).toBe(response.json().refundId);
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ ticketQuantity: 2, refundedQuantity: 1, status: "confirmed" });
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
    expect(entries.map((entry) => [entry.kind, entry.amountPence]).sort()).toEqual([["booking_fee", 690], ["fee_refund", 230], ["ticket_refund", 2000], ["ticket_sale", 6000]]);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("two refunds of the whole booking at once move the money once", async () => {
    const { organiser, booking } = await boughtBooking(2);
    const [a, b] = await Promise.all(["key-a-concurrent", "key-b-concurrent"].map((requestKey) => organiser.client.post(`/api/bookings/${booking.id}/refunds`, { reason: "Duplicate", requestKey })));
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});

describe("the buyer's refund e-mail", () => {
  it("tells the buyer what was refunded and that the rest still stands", async () => {
    const { organiser, booking } = await boughtBooking(2);
    await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Double booked", requestKey: "key-notice-one" });
    const message = await waitForMessage(booking.attendeeEmail, (m) => m.subject?.startsWith("Your refund") ?? false);
    expect(message.textBody).toContain("1 ticket of your booking has been refunded: £22.30 (tickets £20.00, booking fee £2.30)");
    expect(message.textBody).toContain("Your other 1 ticket still stands");
    expect(message.textBody).toContain("Reason: Double booked");
  });
});

async function waitForMessage(to: string, match: (message: { subject: string | null; textBody: string }) => boolean) {
  for (let i = 0; i < 100; i++) {
    const found = (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No matching e-mail to ${to}`);
}

import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKING_FEE_PENCE, cardPriceRule, eventKind, paymentSuccessPath, type EditableEvent, type EventDetail } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage } from "../../../../test/auth-client";
import { eventInput, signInAs } from "../../../../test/organiser";
import { bookings, ledgerEntries, orders, tickets } from "../../db/schema";
import { reconcile } from "../ledger/reconcile";

/**
 * Free ticket types beside paid ones (issue 36, decision 041): the event is a paid event, its free tickets
 * are booked at £0 and pay no fee; an order of free tickets only goes to no provider and is confirmed at
 * once, with no receipt and nothing on the ledger. The file's closing reconcile must find nothing wrong.
 */
const t = setUpTestApp();

async function familyDay(types = [{ name: "Under 5s", pricePence: 0 }, { name: "Standard", pricePence: 1500 }]) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const created = await organiser.client.post("/api/events", { ...eventInput({ maxAttendees: 100 }), title: `Family Day ${randomUUID().slice(0, 8)}`, ticketTypes: types });
  expect(created.statusCode, created.body).toBe(201);
  const event = created.json() as EditableEvent;
  const page = (await t.app.inject({ method: "GET", url: `/api/events/${event.id}` })).json() as EventDetail;
  const typeId = (name: string) => page.ticketTypes.find((type) => type.name === name)!.id;
  return { organiser: organiser.client, event: page, typeId };
}

const newBuyer = () => signInAs(t.app, t.db, t.config.publicUrl, "user");

async function orderOf(sessionId: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
  return order!;
}

describe("free types beside paid ones (issue 36)", () => {
  it("make a paid event that cards show 'from £0.00'; free types alone are still the spec's free event", async () => {
    const { event } = await familyDay();
    expect(event).toMatchObject({ pricePence: 0, severalPrices: true });
    expect(eventKind(event)).toBe("paid");
    expect(cardPriceRule(event)).toMatchObject({ priceText: "from £0.00", buttonLabel: "Buy Tickets" });
    expect(event.ticketTypes.map((type) => [type.name, type.allInPricePence])).toEqual([
      ["Under 5s", 0],
      ["Standard", 1500 + BOOKING_FEE_PENCE],
    ]);

    const allFree = await familyDay([
      { name: "Adult", pricePence: 0 },
      { name: "Child", pricePence: 0 },
    ]);
    expect(eventKind(allFree.event)).toBe("free");
    const buyer = await newBuyer();
    const refused = await buyer.client.post("/api/functions/create-payment", { eventId: allFree.event.id, ticketTypeId: allFree.typeId("Child"), ticketQuantity: 1, attendeeName: "Ada Lovelace" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(`${allFree.event.title} is free: no payment or booking is needed.`);
  });

  it("books free tickets only without a payment: confirmed at once, the browser sent to the success page, no receipt, nothing on the ledger", async () => {
    const { event, typeId } = await familyDay();
    const buyer = await newBuyer();
    const started = await buyer.client.post("/api/functions/create-payment", {
      eventId: event.id,
      ticketTypeId: typeId("Under 5s"),
      ticketQuantity: 2,
      attendeeName: "Ada Lovelace",
      attendees: [{ name: "Ada Lovelace" }, { name: "Byron Lovelace" }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const { url, sessionId, booked } = started.json() as { url: string; sessionId: string; booked?: true };
    expect(sessionId).toMatch(/^free_/);
    expect(booked).toBe(true);
    expect(url).toBe(`${t.config.publicUrl}${paymentSuccessPath(sessionId)}`);

    const order = await orderOf(sessionId);
    expect(order).toMatchObject({ status: "confirmed", totalPence: 0, feesPence: 0, paidAt: null, paymentReference: null, receiptNumber: null });
    const issued = await t.db
      .select({ name: tickets.attendeeName, status: tickets.status })
      .from(tickets)
      .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
      .where(eq(bookings.stripeSessionId, sessionId))
      .orderBy(asc(tickets.position));
    expect(issued).toEqual([
      { name: "Ada Lovelace", status: "valid" },
      { name: "Byron Lovelace", status: "valid" },
    ]);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).toEqual([]);

    // The success page's verify-payment answers the tickets (idempotent: nothing is confirmed twice).
    const verified = await buyer.client.post("/api/functions/verify-payment", { sessionId });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, bookings: [expect.objectContaining({ ticket_quantity: 2, total_amount_pence: 0 })] });
    expect(await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId))).toHaveLength(1);
    // Anyone else's verify learns nothing, as for a paid order.
    const stranger = await newBuyer();
    expect((await stranger.client.post("/api/functions/verify-payment", { sessionId })).json()).toMatchObject({ success: false });

    // The ticket e-mail comes with both QR codes and no receipt (nothing was paid).
    const mail = await latestMessage(t.db, buyer.account.email, (message) => message.subject === `Your ticket: ${event.title}`);
    expect(mail.attachments.map((attachment) => attachment.filename).filter((name) => /receipt/i.test(name))).toEqual([]);
    expect((await buyer.client.get(`/api/receipts/${order.id}.pdf`)).statusCode).toBe(404);
  });

  it("sells a free and a paid type in one payment: the free line at £0 with no fee, the receipt and ledger for the paid one", async () => {
    const { organiser, event, typeId } = await familyDay();
    const buyer = await newBuyer();
    const started = await buyer.client.post("/api/functions/create-payment", {
      items: [
        { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1 },
        { eventId: event.id, ticketTypeId: typeId("Under 5s"), ticketQuantity: 1 },
      ],
      attendeeName: "Ada Lovelace",
    });
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json() as { sessionId: string };
    const checkout = (await buyer.client.get(`/api/checkout/test/${sessionId}`)).json() as { totalPence: number; lines: { title: string; unitPricePence: number; feePerTicketPence: number; totalPence: number }[] };
    expect(checkout.totalPence).toBe(1500 + BOOKING_FEE_PENCE);
    expect(checkout.lines.map(({ title, unitPricePence, feePerTicketPence, totalPence }) => [title, unitPricePence, feePerTicketPence, totalPence]).sort()).toEqual(
      [
        [`${event.title}: Standard`, 1500, BOOKING_FEE_PENCE, 1500 + BOOKING_FEE_PENCE],
        [`${event.title}: Under 5s`, 0, 0, 0],
      ].sort(),
    );
    expect((await buyer.client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
    const order = await orderOf(sessionId);
    expect(order.status).toBe("confirmed");
    expect(order.receiptNumber).not.toBeNull();
    const sold = await t.db.select({ id: bookings.id, total: bookings.totalAmountPence, type: bookings.ticketTypeId }).from(bookings).where(eq(bookings.stripeSessionId, sessionId));
    const free = sold.find((booking) => booking.type === typeId("Under 5s"))!;
    expect(free.total).toBe(0);
    const entries = await t.db.select({ bookingId: ledgerEntries.bookingId, kind: ledgerEntries.kind, pence: ledgerEntries.amountPence }).from(ledgerEntries).where(inArray(ledgerEntries.bookingId, sold.map((booking) => booking.id)));
    expect(entries.filter((entry) => entry.bookingId === free.id)).toEqual([]);
    expect(entries.filter((entry) => entry.kind === "ticket_sale" || entry.kind === "booking_fee").reduce((sum, entry) => sum + entry.pence, 0)).toBe(1500 + BOOKING_FEE_PENCE);

    // Refunding the free ticket moves no money and asks no provider; the paid ticket stays valid.
    const refunded = await organiser.post(`/api/bookings/${free.id}/refunds`, { reason: "Cannot come", requestKey: randomUUID() });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: "succeeded", ticketPence: 0, feePence: 0 });
    const [paid] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, sold.find((booking) => booking !== free)!.id));
    expect(paid!.status).toBe("confirmed");
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});

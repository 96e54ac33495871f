import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, setUpTestApp } from "../../../../test/app";
import { startStripeStandIn, type StripeStandIn } from "../../../../test/stand-ins/stripe";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, orderLines, orders, payoutAccounts, refunds } from "../../db/schema";
import { eventSettlements } from "../ledger/settlement";
import { reconcile } from "../ledger/reconcile";

/**
 * The booking fee passed on or absorbed (D22), end to end through real checkouts and refunds: what the
 * buyer is charged, what each order line keeps, and what the organiser is owed (eventSettlements) before
 * and after refunds. Tickets at £20: the organiser fee is 2.9% + 30p a ticket (88p on one, £2.64 on three).
 */
const t = setUpTestApp();

type Client = Awaited<ReturnType<typeof signInAs>>["client"];

async function paidEvent(absorbsBookingFee: boolean) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, absorbsBookingFee, maxAttendees: 50, title: `Fees ${randomUUID().slice(0, 8)}` });
  return { organiser: organiser.client, event };
}

/** A buyer buys `quantity` tickets through the test checkout: the order, its line and its booking. */
async function buy(eventId: string, quantity: number) {
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId, ticketQuantity: quantity });
  expect(checkout.statusCode).toBe(200);
  const sessionId = checkout.json().sessionId as string;
  // The test checkout page shows the split before the buyer pays (D21).
  const page = await buyer.client.get(`/api/checkout/test/${sessionId}`);
  expect((await buyer.client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
  const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.orderLineId, line!.id));
  return { buyer: buyer.client, order: order!, line: line!, booking: booking!, page: page.json() };
}

async function organiserRefund(organiser: Client, bookingId: string, quantity: number) {
  const response = await organiser.post(`/api/bookings/${bookingId}/refunds`, { quantity, reason: "Cannot come", requestKey: randomUUID() });
  expect(response.statusCode).toBe(200);
  expect(response.json().status).toBe("succeeded");
  const [refund] = await t.db.select().from(refunds).where(eq(refunds.id, response.json().refundId));
  return refund!;
}

async function settlementOf(eventId: string) {
  return (await eventSettlements(t.db, [eventId])).get(eventId)!;
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the booking fee passed on to the buyer (D22)", () => {
  it("charges ticket price + £2.30 a ticket, and the organiser is owed the tickets less the organiser fee, before and after a partial refund", async () => {
    const { organiser, event } = await paidEvent(false);
    const { order, line, booking, page } = await buy(event.id, 3);
    expect(order).toMatchObject({ subtotalPence: 6000, feesPence: 690, totalPence: 6690 });
    expect(line).toMatchObject({ unitPricePence: 2000, feePerTicketPence: 230, absorbedFeePerTicketPence: 0, totalPence: 6690 });
    expect(page).toMatchObject({ subtotalPence: 6000, feesPence: 690, totalPence: 6690, lines: [{ quantity: 3, unitPricePence: 2000, feePerTicketPence: 230, totalPence: 6690 }] });
    expect(await settlementOf(event.id)).toMatchObject({ grossSalesPence: 6000, bookingFeesPence: 690, organiserFeesPence: 264, absorbedFeesPence: 0, organiserDuePence: 6000 - 264 });

    const refund = await organiserRefund(organiser, booking.id, 1);
    expect(refund).toMatchObject({ ticketPence: 2000, feePence: 230, organiserFeePence: 88, absorbedFeePence: 0 });
    expect(await settlementOf(event.id)).toMatchObject({ ticketRefundsPence: 2000, feeRefundsPence: 230, organiserFeesPence: 176, absorbedFeesPence: 0, organiserDuePence: 4000 - 176 });
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});

describe("the booking fee absorbed by the organiser (D22)", () => {
  it("charges the ticket price only, snapshots the fee on the line, and takes it from the organiser's share; an organiser's refund gives it back", async () => {
    const { organiser, event } = await paidEvent(true);
    const { order, line, booking, page } = await buy(event.id, 3);
    expect(order).toMatchObject({ subtotalPence: 6000, feesPence: 0, totalPence: 6000 });
    expect(line).toMatchObject({ unitPricePence: 2000, feePerTicketPence: 0, absorbedFeePerTicketPence: 230, totalPence: 6000 });
    expect(page).toMatchObject({ subtotalPence: 6000, feesPence: 0, totalPence: 6000, lines: [{ feePerTicketPence: 0, totalPence: 6000 }] });
    expect(await settlementOf(event.id)).toMatchObject({ grossSalesPence: 6000, bookingFeesPence: 0, organiserFeesPence: 264, absorbedFeesPence: 690, organiserDuePence: 6000 - 264 - 690 });

    // The organiser's refund of one ticket gives the buyer everything back, so the organiser owes neither fee on it.
    const refund = await organiserRefund(organiser, booking.id, 1);
    expect(refund).toMatchObject({ source: "organiser", ticketPence: 2000, feePence: 0, organiserFeePence: 88, absorbedFeePence: 230 });
    expect(await settlementOf(event.id)).toMatchObject({ ticketRefundsPence: 2000, organiserFeesPence: 176, absorbedFeesPence: 460, organiserDuePence: 4000 - 176 - 460 });
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("a buyer's own request keeps the absorbed fee owed, as it keeps a buyer's own fee", async () => {
    const { organiser, event } = await paidEvent(true);
    await buy(event.id, 3);
    const { buyer, booking } = await buy(event.id, 2);
    expect(await settlementOf(event.id)).toMatchObject({ organiserFeesPence: 264 + 176, absorbedFeesPence: 5 * 230 });

    const asked = await buyer.post(`/api/me/bookings/${booking.id}/refund-request`, { reason: "I cannot make it any more" });
    expect(asked.statusCode).toBe(200);
    expect((await organiser.post(`/api/refund-requests/${asked.json().requestId}/approve`)).statusCode).toBe(200);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(refund).toMatchObject({ source: "buyer-request", status: "succeeded", ticketPence: 4000, feePence: 0, organiserFeePence: 176, absorbedFeePence: 0 });
    // The refunded tickets owe no organiser fee, but their absorbed booking fee stays owed.
    expect(await settlementOf(event.id)).toMatchObject({ grossSalesPence: 10_000, ticketRefundsPence: 4000, organiserFeesPence: 264, absorbedFeesPence: 5 * 230, organiserDuePence: 6000 - 264 - 5 * 230 });
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("cancelling the event refunds everything, and the organiser owes no fees at all", async () => {
    const { organiser, event } = await paidEvent(true);
    await buy(event.id, 3);
    await buy(event.id, 1);
    const passedOn = await paidEvent(false);
    await buy(passedOn.event.id, 2);

    for (const { client, id } of [
      { client: organiser, id: event.id },
      { client: passedOn.organiser, id: passedOn.event.id },
    ]) {
      expect((await client.post(`/api/events/${id}/cancel`, { reason: "The venue flooded." })).statusCode).toBe(200);
      await waitFor(async () => ((await client.get(`/api/events/${id}/cancellation`)).json().done ? true : undefined));
    }
    const made = await t.db.select().from(refunds).where(eq(refunds.eventId, event.id));
    expect(made.map((refund) => [refund.source, refund.organiserFeePence, refund.absorbedFeePence]).sort()).toEqual([
      ["cancellation", 264, 690],
      ["cancellation", 88, 230],
    ]);
    expect(await settlementOf(event.id)).toMatchObject({ grossSalesPence: 8000, ticketRefundsPence: 8000, organiserFeesPence: 0, absorbedFeesPence: 0, organiserDuePence: 0 });
    expect(await settlementOf(passedOn.event.id)).toMatchObject({ grossSalesPence: 4000, bookingFeesPence: 460, feeRefundsPence: 460, organiserFeesPence: 0, organiserDuePence: 0 });
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});

describe("Stripe Checkout's line items follow the buyer's fee (PAYMENT_PROVIDER=stripe)", () => {
  const SECRET_KEY = "sk_test_eventora_fees";
  let stripe: StripeStandIn;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: "whsec_test_fees" });
    app = await createTestApp({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: "whsec_test_fees", STRIPE_API_URL: stripe.url });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  /** The line items the app sent Stripe for a checkout of `quantity` tickets at £25 (read from the request itself). */
  async function lineItemsSent(absorbsBookingFee: boolean, quantity: number) {
    const organiser = await signInAs(app.app, app.db, app.config.publicUrl, "user");
    // An organiser who can be paid (a paid event is only sold with Stripe once its organiser's account is ready).
    await app.db.insert(payoutAccounts).values({ userId: organiser.account.id, provider: "stripe", accountId: `acct_${randomUUID().replace(/-/g, "").slice(0, 16)}`, ready: true, detailsSubmitted: true, payoutsEnabled: true });
    const event = await createEvent(app.db, { userId: organiser.account.id, pricePence: 2500, absorbsBookingFee, title: `Stripe fees ${randomUUID().slice(0, 8)}` });
    const buyer = await signInAs(app.app, app.db, app.config.publicUrl, "user");
    await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: quantity });
    const form = stripe.received.filter((request) => request.path === "/v1/checkout/sessions").at(-1)!.form;
    const items: [string | null, string | null][] = [];
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) items.push([form.get(`line_items[${i}][price_data][unit_amount]`), form.get(`line_items[${i}][quantity]`)]);
    return items;
  }

  it("a passed-on fee is its own line; an absorbed one is no line at all", async () => {
    expect(await lineItemsSent(false, 3)).toEqual([
      ["2500", "3"],
      ["230", "3"],
    ]);
    expect(await lineItemsSent(true, 3)).toEqual([["2500", "3"]]);
  });
});

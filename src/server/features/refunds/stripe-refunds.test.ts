import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_REFUND_LABELS, bookingRefundState } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { givenReadyStripeAccount } from "../../../../test/payout-accounts";
import { startStripeStandIn, type StripeStandIn } from "../../../../test/stand-ins/stripe";
import { bookings, ledgerEntries, orderLines, orders, refunds } from "../../db/schema";
import { bookingMoney } from "../ledger/ledger";
import { createPaymentGateway } from "../../providers/payments/payments";
import { reconcile } from "../ledger/reconcile";

const SECRET_KEY = "sk_test_eventora_refunds";
const WEBHOOK_SECRET = "whsec_test_eventora_refunds";

/**
 * Refunds and disputes with PAYMENT_PROVIDER=stripe: the official SDK against the Stripe stand-in, and
 * Stripe's signed webhooks delivered over HTTP to the app (decision 027).
 */
describe("Stripe refunds and disputes (PAYMENT_PROVIDER=stripe)", () => {
  let stripe: StripeStandIn;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let endpoint: string;
  let organiser: AuthClient;
  let organiserId: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url });
    endpoint = `${await t.app.listen({ port: 0, host: "127.0.0.1" })}/api/webhooks/stripe`;
    const signedIn = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    organiser = signedIn.client;
    organiserId = signedIn.account.id;
    // With Stripe a paid event is sold only once its organiser can be paid (D23).
    await givenReadyStripeAccount(t.db, organiserId);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A buyer pays on Stripe's page for `items` (one event each) and Stripe's webhook confirms the order. */
  async function bought(items: { pricePence: number; quantity: number; maxAttendees?: number }[]) {
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const created: Awaited<ReturnType<typeof createEvent>>[] = [];
    for (const item of items) created.push(await createEvent(t.db, { userId: organiserId, pricePence: item.pricePence, maxAttendees: item.maxAttendees ?? 10 }));
    const body =
      items.length === 1
        ? { attendeeName: "Ada Lovelace", eventId: created[0]!.id, ticketQuantity: items[0]!.quantity }
        : { attendeeName: "Ada Lovelace", items: items.map((item, i) => ({ eventId: created[i]!.id, ticketQuantity: item.quantity })) };
    const checkout = await buyer.client.post("/api/functions/create-payment", body);
    expect(checkout.statusCode).toBe(200);
    const sessionId = checkout.json().sessionId as string;
    const intent = stripe.pay(sessionId).payment_intent!;
    expect((await stripe.sendEvent(endpoint, "checkout.session.completed", stripe.sessions.get(sessionId)!)).status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    expect(order).toMatchObject({ status: "confirmed", paymentReference: intent });
    const rows = await t.db
      .select({ booking: bookings })
      .from(bookings)
      .innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
      .where(eq(orderLines.orderId, order!.id));
    // In the order of `items`, by event.
    const byEvent = created.map((event) => rows.find((row) => row.booking.eventId === event.id)!.booking);
    return { buyer, events: created, order: order!, intent, bookings: byEvent };
  }

  const bookingNow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const ledgerOf = (orderId: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  /** What the buyer and the organiser see on the booking (the domain's rule, from the ledger). */
  async function label(bookingId: string) {
    const booking = await bookingNow(bookingId);
    const money = (await bookingMoney(t.db, [bookingId])).get(bookingId)!;
    const state = bookingRefundState({ ticketQuantity: booking.ticketQuantity, refundedQuantity: booking.refundedQuantity, refundedPence: money.refundedPence });
    return state === "none" ? null : BOOKING_REFUND_LABELS[state];
  }
  /** Everything a replayed event could change. */
  async function snapshot(orderId: string, bookingIds: string[]) {
    const ledger = (await ledgerOf(orderId)).map((entry) => entry.entryKey).sort();
    const rows = (await refundsOf(orderId)).map((refund) => `${refund.requestKey}:${refund.status}:${refund.ticketPence}:${refund.feePence}`).sort();
    const booked = (await t.db.select().from(bookings).where(inArray(bookings.id, bookingIds))).map((b) => `${b.id}:${b.status}:${b.ticketQuantity}:${b.refundedQuantity}`).sort();
    return { ledger, rows, booked, atStripe: stripe.refunds.length };
  }
  // Against Stripe's own lists (the stand-in's), as the app's reconcile reads them.
  const balanced = async () => expect((await reconcile(t.db, { gateway: await createPaymentGateway(t.config, t.db) })).problems).toEqual([]);

  it("sends an organiser's partial refund to Stripe with its amount and idempotency key, and the charge.refunded that follows changes nothing", async () => {
    const { order, intent, bookings: [booking] } = await bought([{ pricePence: 1000, quantity: 3 }]);
    const response = await organiser.post(`/api/bookings/${booking!.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: "stripe-partial" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ quantity: 1, ticketPence: 1000, feePence: 230, status: "succeeded", providerRefundId: expect.stringMatching(/^re_test_/) });
    // The request and the refund job may both send it: always the same amount under the refund's own key, one refund at Stripe.
    const sent = stripe.received.filter((r) => r.method === "POST" && r.path === "/v1/refunds" && r.form.get("payment_intent") === intent);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const request of sent) {
      expect(request.form.get("amount")).toBe("1230");
      expect(request.form.get("metadata[refundId]")).toBe(response.json().refundId);
      expect(request.idempotencyKey).toBe(`refund-${response.json().refundId}`);
    }
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect(stripe.charge(intent)).toMatchObject({ amount: 3690, amount_refunded: 1230, refunded: false });

    const before = await snapshot(order.id, [booking!.id]);
    const first = await stripe.sendChargeRefunded(endpoint, intent);
    expect(first.status).toBe(200);
    expect((await stripe.resend(endpoint, first.payload)).status).toBe(200);
    expect(await snapshot(order.id, [booking!.id])).toEqual(before);
    expect(await label(booking!.id)).toBe("Partly refunded");
    await balanced();
  });

  it("completes a pending refund of ours from Stripe's charge.refunded when Stripe's answer never reached us", async () => {
    const { order, intent, bookings: [booking] } = await bought([{ pricePence: 1500, quantity: 2 }]);
    // Our key stops working (rolled in the Dashboard): the places are freed, the money waits.
    const key = stripe.rollSecretKey("sk_test_rolled_refunds");
    try {
      const response = await organiser.post(`/api/bookings/${booking!.id}/refunds`, { quantity: 2, reason: "Event clash", requestKey: "stripe-pending" });
      expect(response.json()).toMatchObject({ status: "pending" });
      // The refund is made at Stripe under our key and id (as a request whose answer was lost), and Stripe's event arrives.
      const made = await stripeSdkRefund("sk_test_rolled_refunds", intent, 3460, response.json().refundId);
      expect((await stripe.sendChargeRefunded(endpoint, intent)).status).toBe(200);
      expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: "succeeded", providerRefundId: made, source: "organiser" })]);
    } finally {
      stripe.rollSecretKey(key);
    }
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect(await label(booking!.id)).toBe("Refunded");
    await balanced();
  });

  /** Makes our refund at Stripe exactly as the gateway sends it (same idempotency key, amount and metadata). */
  async function stripeSdkRefund(secretKey: string, intent: string, amount: number, refundId: string) {
    const response = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": `refund-${refundId}` },
      body: new URLSearchParams({ payment_intent: intent, amount: String(amount), "metadata[refundId]": refundId }).toString(),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  it("records a full refund made in Stripe's dashboard: tickets refunded, places back on sale, the ledger under Stripe's refund id, once", async () => {
    const { order, intent, events, bookings: [booking] } = await bought([{ pricePence: 2000, quantity: 2, maxAttendees: 2 }]);
    const other = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await other.client.post("/api/functions/create-payment", { attendeeName: "Grace Hopper", eventId: events[0]!.id, ticketQuantity: 1 })).statusCode).toBe(409);

    const { refund, delivery } = await stripe.dashboardRefund(endpoint, intent);
    expect(delivery.status).toBe(200);
    expect(refund.amount).toBe(4460);
    expect(await bookingNow(booking!.id)).toMatchObject({ status: "refunded", ticketQuantity: 0, refundedQuantity: 2 });
    expect(await label(booking!.id)).toBe("Refunded");
    const rows = await refundsOf(order.id);
    expect(rows).toEqual([
      expect.objectContaining({ requestKey: `stripe:${refund.id}`, source: "provider", status: "succeeded", providerRefundId: refund.id, quantity: 2, ticketPence: 4000, feePence: 460, bookingId: booking!.id }),
    ]);
    const paidBack = (await ledgerOf(order.id)).filter((entry) => entry.kind === "ticket_refund" || entry.kind === "fee_refund");
    expect(paidBack.map((entry) => [entry.kind, entry.amountPence, entry.providerRef, entry.bookingId]).sort()).toEqual([
      ["fee_refund", 460, refund.id, booking!.id],
      ["ticket_refund", 4000, refund.id, booking!.id],
    ]);
    expect(paidBack.every((entry) => entry.entryKey.startsWith(`stripe:${refund.id}:`))).toBe(true);
    // The places are back on sale at once.
    expect((await other.client.post("/api/functions/create-payment", { attendeeName: "Grace Hopper", eventId: events[0]!.id, ticketQuantity: 2 })).statusCode).toBe(200);

    const before = await snapshot(order.id, [booking!.id]);
    // Redelivered, twice at once, and sent again as a new event.
    const replays = await Promise.all([stripe.resend(endpoint, delivery.payload), stripe.resend(endpoint, delivery.payload), stripe.sendChargeRefunded(endpoint, intent)]);
    expect(replays.map((replay) => replay.status)).toEqual([200, 200, 200]);
    expect(await snapshot(order.id, [booking!.id])).toEqual(before);
    // Nothing is left to refund: the organiser is told so, and Stripe is not asked.
    const again = await organiser.post(`/api/bookings/${booking!.id}/refunds`, { reason: "Twice", requestKey: "stripe-after-dashboard" });
    expect(again.statusCode).toBe(409);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    await balanced();
  });

  it("records a partial dashboard refund: whole tickets first, the rest as money back on a booking whose tickets stay valid", async () => {
    const { order, intent, bookings: [booking] } = await bought([{ pricePence: 1000, quantity: 3 }]);
    // £17.30: one ticket with its fee (£12.30) and £5.00 more.
    const first = await stripe.dashboardRefund(endpoint, intent, { amount: 1730 });
    expect(first.delivery.status).toBe(200);
    expect(await bookingNow(booking!.id)).toMatchObject({ status: "confirmed", ticketQuantity: 2, refundedQuantity: 1 });
    expect(await label(booking!.id)).toBe("Partly refunded");
    expect((await bookingMoney(t.db, [booking!.id])).get(booking!.id)).toMatchObject({ ticketsRefundedPence: 1500, feesRefundedPence: 230, refundedPence: 1730, remainingPence: 1960 });
    await balanced();

    // Less than a ticket: money only, every ticket stays valid.
    const second = await stripe.dashboardRefund(endpoint, intent, { amount: 300 });
    expect(second.delivery.status).toBe(200);
    expect(await bookingNow(booking!.id)).toMatchObject({ status: "confirmed", ticketQuantity: 2, refundedQuantity: 1 });
    expect((await refundsOf(order.id)).find((r) => r.providerRefundId === second.refund.id)).toMatchObject({ quantity: 0, ticketPence: 300, feePence: 0, source: "provider" });
    await balanced();

    // The rest: the last tickets go, with whatever money the booking still held.
    const rest = await stripe.dashboardRefund(endpoint, intent);
    expect(rest.refund.amount).toBe(1660);
    expect(await bookingNow(booking!.id)).toMatchObject({ status: "refunded", ticketQuantity: 0, refundedQuantity: 3 });
    expect(await label(booking!.id)).toBe("Refunded");
    expect((await bookingMoney(t.db, [booking!.id])).get(booking!.id)).toMatchObject({ refundedPence: 3690, remainingPence: 0 });
    const before = await snapshot(order.id, [booking!.id]);
    for (const { delivery } of [first, second, rest]) expect((await stripe.resend(endpoint, delivery.payload)).status).toBe(200);
    expect(await snapshot(order.id, [booking!.id])).toEqual(before);
    await balanced();
  });

  it("lists the payment's refunds at Stripe when the event's Charge does not carry them (API versions since 2022-11-15)", async () => {
    const { order, intent, bookings: [booking] } = await bought([{ pricePence: 1000, quantity: 2 }]);
    const { refund, delivery } = await stripe.dashboardRefund(endpoint, intent, { amount: 1230, withRefunds: false });
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.payload).data.object.refunds).toBeUndefined();
    expect(stripe.received.at(-1)).toMatchObject({ method: "GET", path: "/v1/refunds", status: 200 });
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ providerRefundId: refund.id, quantity: 1, ticketPence: 1000, feePence: 230 })]);
    expect(await bookingNow(booking!.id)).toMatchObject({ ticketQuantity: 1, refundedQuantity: 1, status: "confirmed" });
    await balanced();
  });

  it("allocates a dashboard refund of a two-event order to the booking whose whole ticket it covers", async () => {
    const { order, intent, bookings: [cheap, dear] } = await bought([
      { pricePence: 1000, quantity: 1 },
      { pricePence: 2000, quantity: 1 },
    ]);
    // The same event delivered twice at once is recorded once.
    const { refund } = await stripe.dashboardRefund(endpoint, intent, { amount: 1230 });
    await Promise.all([1, 2].map(() => stripe.sendChargeRefunded(endpoint, intent)));
    expect(await bookingNow(cheap!.id)).toMatchObject({ status: "refunded", ticketQuantity: 0 });
    expect(await bookingNow(dear!.id)).toMatchObject({ status: "confirmed", ticketQuantity: 1, refundedQuantity: 0 });
    expect(await label(dear!.id)).toBeNull();
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ requestKey: `stripe:${refund.id}`, bookingId: cheap!.id, quantity: 1 })]);
    await balanced();
    // The rest of the payment reaches the other booking.
    await stripe.dashboardRefund(endpoint, intent);
    expect(await bookingNow(dear!.id)).toMatchObject({ status: "refunded", ticketQuantity: 0, refundedQuantity: 1 });
    expect((await bookingMoney(t.db, [cheap!.id, dear!.id])).get(dear!.id)).toMatchObject({ refundedPence: 2230 });
    await balanced();
  });

  it("records a dispute: the ledger has it under the dispute's id, the bookings are disputed, a replay changes nothing, and the charge can no longer be refunded", async () => {
    const { order, intent, bookings: [booking] } = await bought([{ pricePence: 2500, quantity: 2 }]);
    const { dispute, delivery } = await stripe.openDispute(endpoint, intent, { reason: "fraudulent" });
    expect(delivery.status).toBe(200);
    expect(dispute.id).toMatch(/^dp_test_/);
    expect(await bookingNow(booking!.id)).toMatchObject({ status: "disputed", ticketQuantity: 2 });
    const disputes = (await ledgerOf(order.id)).filter((entry) => entry.kind === "dispute");
    expect(disputes).toEqual([expect.objectContaining({ entryKey: `dispute:${dispute.id}`, providerRef: dispute.id, amountPence: 5460, bookingId: null })]);
    const before = await snapshot(order.id, [booking!.id]);
    expect((await stripe.resend(endpoint, delivery.payload)).status).toBe(200);
    expect(await snapshot(order.id, [booking!.id])).toEqual(before);
    // A disputed booking is not refunded on top of the chargeback.
    const refused = await organiser.post(`/api/bookings/${booking!.id}/refunds`, { reason: "Late", requestKey: "stripe-disputed" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("This booking's payment is disputed with the card issuer, so it cannot be refunded.");
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(0);
    await balanced();
  });

  it("two concurrent refunds of the same booking move money once at Stripe, under different keys or the same one", async () => {
    const { intent, bookings: [booking] } = await bought([{ pricePence: 1200, quantity: 2 }]);
    const answers = await Promise.all(["stripe-concurrent-a", "stripe-concurrent-b"].map((requestKey) => organiser.post(`/api/bookings/${booking!.id}/refunds`, { reason: "Duplicate", requestKey })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toEqual([expect.objectContaining({ amount: 2860, status: "succeeded" })]);
    expect(await bookingNow(booking!.id)).toMatchObject({ status: "refunded", ticketQuantity: 0, refundedQuantity: 2 });

    const second = await bought([{ pricePence: 1200, quantity: 2 }]);
    const same = await Promise.all([1, 2].map(() => organiser.post(`/api/bookings/${second.bookings[0]!.id}/refunds`, { quantity: 1, reason: "Double click", requestKey: "stripe-same-key" })));
    expect(same.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(same[0]!.json().refundId).toBe(same[1]!.json().refundId);
    expect(stripe.refunds.filter((r) => r.payment_intent === second.intent)).toEqual([expect.objectContaining({ amount: 1430 })]);
    await balanced();
  });
});

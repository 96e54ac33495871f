import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHECKOUT_SESSION_MINUTES, STRIPE_MIN_SESSION_MINUTES } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { givenReadyStripeAccount } from "../../../../test/payout-accounts";
import { startStripeStandIn, type StripeStandIn } from "../../../../test/stand-ins/stripe";
import { bookings, orders } from "../../db/schema";
import { listMailbox } from "../../features/dev-mailbox/dev-mailbox.service";
import { reconcile } from "../../features/ledger/reconcile";
import { createPaymentGateway } from "./payments";

const SECRET_KEY = "sk_test_eventora";
const WEBHOOK_SECRET = "whsec_test_eventora";

describe("Stripe Checkout (PAYMENT_PROVIDER=stripe)", () => {
  let stripe: StripeStandIn;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let appUrl: string;
  let buyer: AuthClient;
  let organiserId: string;
  let organiser: AuthClient;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url });
    // Stripe delivers webhooks over HTTP, so the app listens for them.
    appUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const signedIn = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    organiserId = signedIn.account.id;
    // With Stripe a paid event is sold only once its organiser can be paid (D23).
    await givenReadyStripeAccount(t.db, organiserId);
    organiser = signedIn.client;
  });
  // A buyer per test: create-payment is rate limited and caps each account's open holds (decision 014).
  beforeEach(async () => {
    buyer = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).client;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** Waits for the background job's e-mail to reach the dev outbox (the event itself, not a fixed time). */
  async function mailTo(address: string, subject: string) {
    for (let attempt = 0; attempt < 300; attempt++) {
      const message = (await listMailbox({ db: t.db, to: address })).find((m) => m.subject === subject);
      if (message) return message;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No e-mail '${subject}' to ${address}`);
  }

  /** Stripe sends the event for the session as it stands now, signed (decisions: Stripe's signature scheme). */
  const webhook = (type: string, sessionId: string, options: { secret?: string; timestamp?: number } = {}) =>
    stripe.sendEvent(`${appUrl}/api/webhooks/stripe`, type, stripe.sessions.get(sessionId)!, options);

  it("opens a Checkout Session Stripe accepts: ticket and fee as separate lines, the order in metadata, an expiry 30+ minutes after Stripe receives it and before the hold lapses", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 2500, title: "Stripe Gala" });
    const response = await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 3, ticketPrice: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBe(stripe.sessions.get(response.json().sessionId)!.url);
    const request = stripe.received.filter((r) => r.path === "/v1/checkout/sessions" && r.status === 200).at(-1)!;
    const form = request.form;
    expect(form.get("mode")).toBe("payment");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("2500");
    expect(form.get("line_items[0][quantity]")).toBe("3");
    expect(form.get("line_items[1][price_data][unit_amount]")).toBe("230");
    expect(form.get("line_items[1][price_data][currency]")).toBe("gbp");
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, response.json().sessionId));
    expect(form.get("metadata[orderId]")).toBe(order!.id);
    // D23: the payment and the transfers that pay it out share the order's transfer group.
    expect(form.get("payment_intent_data[transfer_group]")).toBe(`order_${order!.id}`);
    const paid = stripe.pay(response.json().sessionId);
    expect(stripe.paymentIntent(paid.payment_intent!)!.transferGroup).toBe(`order_${order!.id}`);
    // Stripe's window is measured from its own receipt of the request; the hold must outlast the session.
    const expiresAtMs = Number(form.get("expires_at")) * 1000;
    expect(expiresAtMs - request.receivedAt).toBeGreaterThanOrEqual(STRIPE_MIN_SESSION_MINUTES * 60_000);
    expect(expiresAtMs - request.receivedAt).toBeLessThanOrEqual(CHECKOUT_SESSION_MINUTES * 60_000);
    expect(order!.expiresAt.getTime()).toBeGreaterThan(expiresAtMs);
    expect(form.get("success_url")).toBe(`${t.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    // Stripe then tells us of the payment, as it does of every one: the order confirms under its PaymentIntent,
    // with its receipt's number and the platform as configured (issue 34).
    expect((await webhook("checkout.session.completed", response.json().sessionId)).status).toBe(200);
    expect((await t.db.select().from(orders).where(eq(orders.id, order!.id)))[0]).toMatchObject({
      status: "confirmed",
      paymentReference: paid.payment_intent,
      receiptNumber: expect.any(Number),
      platformName: t.config.company.name,
    });
  });

  it("describes each ticket line by its UK date, time, venue and seller, and names the seller beside Pay, in what Stripe accepts (issue 34)", async () => {
    expect((await organiser.request("PUT", "/api/me/profile", { businessName: "Harbour Lights Events Ltd", businessAddress: "1 Quay Street\nBristol\nBS1 4DJ", sellerKind: "business", isCompany: true, companyNumber: "01234567", vatTreatment: "not-registered" })).statusCode).toBe(200);
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 2500, title: "Harbour Gala", venue: "The Old Vic Tavern", location: "Bristol", dateTime: new Date("2090-07-07T18:30:00Z") });
    const response = await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
    expect(response.statusCode).toBe(200);
    const form = stripe.created.at(-1)!;
    expect(form.get("line_items[0][price_data][product_data][description]")).toBe("Fri, 7 Jul 2090, 19:30 (UK time) at The Old Vic Tavern, Bristol. Sold by Harbour Lights Events Ltd");
    expect(form.get("custom_text[submit][message]")).toBe("Sold by Harbour Lights Events Ltd, 1 Quay Street, Bristol, BS1 4DJ. Eventora Ltd acts as their agent.");
    expect(stripe.sessions.get(response.json().sessionId)!.custom_text).toEqual({ submit: { message: "Sold by Harbour Lights Events Ltd, 1 Quay Street, Bristol, BS1 4DJ. Eventora Ltd acts as their agent." } });
  });

  it("refuses a webhook with a bad signature or a timestamp older than the 300 s tolerance, and confirms nothing until Stripe's own event", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000 });
    const { sessionId } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
    const paid = stripe.pay(sessionId);
    expect((await webhook("checkout.session.completed", sessionId, { secret: "whsec_wrong" })).status).toBe(400);
    expect((await webhook("checkout.session.completed", sessionId, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    expect(await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId))).toHaveLength(0);
    // Meanwhile reconcile names the order Stripe took the money for (the PaymentIntent's metadata), which never recorded it.
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    const { problems } = await reconcile(t.db, { gateway: await createPaymentGateway(t.config, t.db) });
    expect(problems.filter((problem) => problem.orderId === order!.id).map((problem) => problem.problem)).toEqual([
      `the provider took £12.30 (${paid.payment_intent}) for this pending order, which never confirmed: nothing is on the ledger`,
    ]);
    // The payment was taken: Stripe's genuine event, which it keeps sending until answered, confirms it.
    expect((await webhook("checkout.session.completed", sessionId)).status).toBe(200);
    expect(await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId))).toHaveLength(1);
  });

  it("confirms once from the webhook, verify-payment and repeats, all at once", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000, maxAttendees: 10 });
    const { sessionId } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 })).json();
    const unpaid = await buyer.post("/api/functions/verify-payment", { sessionId });
    expect(unpaid.json()).toMatchObject({ success: false });
    const paid = stripe.pay(sessionId);
    const answers = await Promise.all([
      webhook("checkout.session.completed", sessionId).then((r) => r.status),
      webhook("checkout.session.completed", sessionId).then((r) => r.status),
      buyer.post("/api/functions/verify-payment", { sessionId }).then((r) => r.statusCode),
      buyer.post("/api/functions/verify-payment", { sessionId }).then((r) => r.statusCode),
    ]);
    expect(answers).toEqual([200, 200, 200, 200]);
    expect(await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId))).toHaveLength(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    expect(order).toMatchObject({ status: "confirmed", paymentReference: paid.payment_intent });
  });

  it("refunds through Stripe, in full, a payment that arrives after its places were sold", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000, maxAttendees: 1 });
    const { sessionId: late } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.sessionId, late));
    const { sessionId: winner } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
    stripe.pay(winner);
    expect((await webhook("checkout.session.completed", winner)).status).toBe(200);
    const { payment_intent: intent } = stripe.pay(late);
    expect((await webhook("checkout.session.completed", late)).status).toBe(200);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toEqual([expect.objectContaining({ amount: 1230, status: "succeeded" })]);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, late));
    expect(order!.status).toBe("refunded");
  });

  it("refunds through Stripe, in full, a payment for an order whose event was deleted after its hold lapsed, and e-mails the buyer why", async () => {
    const payer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 2230 });
    const { sessionId } = (await payer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
    // The hold lapses, the organiser deletes the event, then the buyer pays on Stripe's page anyway.
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.sessionId, sessionId));
    expect((await organiser.request("DELETE", `/api/events/${event.id}`)).statusCode).toBe(204);
    const { payment_intent: intent } = stripe.pay(sessionId);
    expect((await webhook("checkout.session.completed", sessionId)).status).toBe(200);

    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toEqual([expect.objectContaining({ amount: 2460, status: "succeeded" })]);
    const reason = "The event was removed before the payment arrived, so the payment has been refunded in full.";
    expect((await payer.client.post("/api/functions/verify-payment", { sessionId })).json()).toMatchObject({ success: false, error: reason });
    expect(await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId))).toEqual([]);
    const mail = await mailTo(payer.account.email, "Your payment has been refunded");
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain("£24.60");
  });

  it("takes a redelivered event for a refunded payment calmly after Stripe pruned the refund's idempotency key", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000, maxAttendees: 1 });
    const { sessionId: late } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.sessionId, late));
    const { sessionId: winner } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
    stripe.pay(winner);
    await webhook("checkout.session.completed", winner);
    const { payment_intent: intent } = stripe.pay(late);
    expect((await webhook("checkout.session.completed", late)).status).toBe(200);
    // Stripe retries and redelivers events for up to three days; idempotency keys last 24 hours.
    stripe.forgetIdempotencyKeys();
    expect((await webhook("checkout.session.completed", late)).status).toBe(200);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
  });

  it("refuses with a 400 naming the limit a cart whose total exceeds the largest amount Stripe can charge, and holds nothing", async () => {
    const first = await createEvent(t.db, { userId: organiserId, pricePence: 1_000_000, maxAttendees: 100 });
    const second = await createEvent(t.db, { userId: organiserId, pricePence: 1_000_000, maxAttendees: 100 });
    const items = [first, second].map((event) => ({ eventId: event.id, ticketQuantity: 50 }));
    const response = await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", items });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("£999,999.99");
    // Nothing is left held: a single event's 50 tickets (£500,115) still go through.
    expect((await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: first.id, ticketQuantity: 50 })).statusCode).toBe(200);
    expect((await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: second.id, ticketQuantity: 50 })).statusCode).toBe(200);
  });

  it("never passes Stripe's own refusal (status and message) on to the buyer: a 502 with the spec's message", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000 });
    const { sessionId } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
    const key = stripe.rollSecretKey("sk_test_rolled");
    try {
      const verify = await buyer.post("/api/functions/verify-payment", { sessionId });
      expect(verify.statusCode).toBe(502);
      expect(verify.json().error.code).toBe("PAYMENT_PROVIDER_ERROR");
      expect(verify.body).not.toContain("API Key");
      const create = await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
      expect(create.statusCode).toBe(502);
      expect(create.json().error.message).toBe("Failed to initiate payment. Please try again.");
    } finally {
      stripe.rollSecretKey(key);
    }
  });

  it("releases the places of an expired session, and of a session Stripe failed to open", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000, maxAttendees: 2 });
    const { sessionId } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 })).json();
    expect((await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).statusCode).toBe(409);
    stripe.expire(sessionId);
    expect((await webhook("checkout.session.expired", sessionId)).status).toBe(200);
    // Three 500s: the first answer and the SDK's two retries.
    stripe.failNext(3);
    const failed = await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toContain("Failed to initiate payment. Please try again.");
    expect((await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 })).statusCode).toBe(200);
  });
});

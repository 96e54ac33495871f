import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "./stripe";

const SECRET_KEY = "sk_test_standin";
const WEBHOOK_SECRET = "whsec_standin";

/** The official SDK pointed at the stand-in, without retries so each refusal is seen once. */
function sdkFor(standIn: StripeStandIn, key = SECRET_KEY) {
  const url = new URL(standIn.url);
  return new Stripe(key, { host: url.hostname, port: Number(url.port), protocol: "http", maxNetworkRetries: 0 });
}

const inMinutes = (minutes: number) => Math.floor(Date.now() / 1000) + minutes * 60;

/** What Eventora sends (src/server/providers/payments/stripe.ts), valid in every respect. */
function validSession(): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    customer_email: "buyer@example.com",
    line_items: [
      { quantity: 2, price_data: { currency: "gbp", unit_amount: 2500, product_data: { name: "Gala" } } },
      { quantity: 2, price_data: { currency: "gbp", unit_amount: 230, product_data: { name: "Booking & processing fee — Gala" } } },
    ],
    metadata: { orderId: "9b1c4d1e-0000-4000-8000-000000000000" },
    payment_intent_data: { metadata: { orderId: "9b1c4d1e-0000-4000-8000-000000000000" } },
    expires_at: inMinutes(35),
    success_url: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:3000/payment-cancel?event_id=abc",
  };
}

/** The error the SDK throws for a refused request, as Stripe's error shape. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as Stripe.errors.StripeError;
    return { status: e.statusCode, type: e.type, rawType: (e.raw as { type?: string }).type, code: e.code, param: e.param, message: e.message };
  }
  throw new Error("expected the stand-in to refuse the request");
}

describe("Stripe stand-in", () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;

  /** Stands for the app's webhook endpoint: records each delivery (payload and signature) and answers 200. */
  let sink: Server;
  let webhookSink: string;
  const delivered: { payload: string; signature: string }[] = [];

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    stripe = sdkFor(standIn);
    sink = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        delivered.push({ payload: Buffer.concat(chunks).toString("utf8"), signature: String(request.headers["stripe-signature"]) });
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ received: true }));
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    webhookSink = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/webhook`;
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise((resolve) => sink.close(resolve));
  });

  it("accepts what Eventora sends and answers a Checkout Session", async () => {
    const session = await stripe.checkout.sessions.create(validSession());
    expect(session).toMatchObject({ object: "checkout.session", amount_total: 5460, currency: "gbp", status: "open", payment_status: "unpaid" });
    expect(session.url).toContain(session.id);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
  });

  describe("API keys (https://docs.stripe.com/api/authentication)", () => {
    it("answers 401 without a key", async () => {
      const response = await fetch(`${standIn.url}/v1/checkout/sessions/cs_test_x`);
      expect(response.status).toBe(401);
      expect((await response.json()).error).toMatchObject({ type: "invalid_request_error", message: expect.stringContaining("did not provide an API key") });
    });
    it("answers 401 for another account's key", async () => {
      expect(await refusal(sdkFor(standIn, "sk_test_someone_else").checkout.sessions.create(validSession()))).toMatchObject({ status: 401, type: "StripeAuthenticationError" });
    });
  });

  describe("POST /v1/checkout/sessions", () => {
    const refuses = async (params: Stripe.Checkout.SessionCreateParams, expected: { param?: string; code?: string; status?: number }) => {
      const error = await refusal(stripe.checkout.sessions.create(params));
      expect(error).toMatchObject({ status: 400, rawType: "invalid_request_error", ...expected });
      return error;
    };

    it("requires mode, one of payment, setup or subscription", async () => {
      await refuses({ ...validSession(), mode: undefined }, { param: "mode", code: "parameter_missing" });
      await refuses({ ...validSession(), mode: "rent" as "payment" }, { param: "mode" });
    });

    it("refuses an expires_at less than 30 minutes after the stand-in receives the request", async () => {
      const error = await refuses({ ...validSession(), expires_at: inMinutes(30) - 1 }, { param: "expires_at" });
      expect(error.message).toContain("at least 30 minutes");
      // Exactly 30 minutes from our clock's reading is already less than 30 from the stand-in's.
      await refuses({ ...validSession(), expires_at: Math.floor((Date.now() + 30 * 60_000) / 1000) }, { param: "expires_at" });
    });

    it("refuses an expires_at more than 24 hours away, and one that is not an integer", async () => {
      await refuses({ ...validSession(), expires_at: inMinutes(24 * 60) + 5 }, { param: "expires_at" });
      await refuses({ ...validSession(), expires_at: 1.5 }, { param: "expires_at", code: "parameter_invalid_integer" });
    });

    it("takes a product description up to 40000 characters and custom text beside Pay up to 1200, refusing longer (issue 34)", async () => {
      const base = validSession();
      const describe = (description: string) => [{ ...base.line_items![0]!, price_data: { ...base.line_items![0]!.price_data!, product_data: { name: "Gala", description } } }];
      const seller = "Sold by Harbour Lights Events Ltd, 1 Quay Street, Bristol, BS1 4DJ. Eventora Ltd acts as their agent.";
      const session = await stripe.checkout.sessions.create({ ...base, line_items: describe("x".repeat(40_000)), custom_text: { submit: { message: "y".repeat(1200) } } });
      expect(session.custom_text).toEqual({ submit: { message: "y".repeat(1200) } });
      await stripe.checkout.sessions.create({ ...base, custom_text: { submit: { message: seller } } });
      await refuses({ ...base, line_items: describe("x".repeat(40_001)) }, { param: "line_items[0][price_data][product_data][description]" });
      await refuses({ ...base, custom_text: { submit: { message: "y".repeat(1201) } } }, { param: "custom_text[submit][message]" });
      await refuses({ ...base, custom_text: { submit: { message: "" } } }, { param: "custom_text[submit][message]" });
      await refuses({ ...base, custom_text: { submit: { message: seller, colour: "red" } as { message: string } } }, { param: "custom_text[submit][colour]", code: "parameter_unknown" });
      await refuses({ ...base, custom_text: { footer: { message: seller } } as Stripe.Checkout.SessionCreateParams.CustomText }, { param: "custom_text[footer]", code: "parameter_unknown" });
    });

    it("requires 1 to 100 line items", async () => {
      await refuses({ ...validSession(), line_items: [] }, { param: "line_items" });
      const item = validSession().line_items![0]!;
      await refuses({ ...validSession(), line_items: Array.from({ length: 101 }, () => item) }, { param: "line_items" });
    });

    it("requires each quantity to be a positive integer", async () => {
      const base = validSession();
      for (const quantity of [0, -1]) {
        await refuses({ ...base, line_items: [{ ...base.line_items![0]!, quantity }] }, { param: "line_items[0][quantity]" });
      }
      await refuses({ ...base, line_items: [{ ...base.line_items![0]!, quantity: 1.5 }] }, { param: "line_items[0][quantity]", code: "parameter_invalid_integer" });
      await refuses({ ...base, line_items: [{ price_data: base.line_items![0]!.price_data }] }, { param: "line_items[0][quantity]", code: "parameter_missing" });
    });

    it("requires a lowercase supported currency, the same on every line", async () => {
      const base = validSession();
      const withCurrency = (currency: string, index = 0) =>
        base.line_items!.map((item, i) => (i === index ? { ...item, price_data: { ...item.price_data!, currency } } : item));
      await refuses({ ...base, line_items: withCurrency("GBP") }, { param: "line_items[0][price_data][currency]" });
      await refuses({ ...base, line_items: withCurrency("xyz") }, { param: "line_items[0][price_data][currency]" });
      await refuses({ ...base, line_items: withCurrency("eur", 1) }, { param: "line_items[1][price_data][currency]" });
    });

    it("requires unit_amount to be a non-negative integer", async () => {
      const base = validSession();
      const withAmount = (unit_amount: number) => [{ ...base.line_items![0]!, price_data: { ...base.line_items![0]!.price_data!, unit_amount } }];
      await refuses({ ...base, line_items: withAmount(-1) }, { param: "line_items[0][price_data][unit_amount]" });
      await refuses({ ...base, line_items: withAmount(12.5) }, { param: "line_items[0][price_data][unit_amount]", code: "parameter_invalid_integer" });
    });

    it("refuses a total below the currency's minimum charge (£0.30) or above eight digits", async () => {
      const base = validSession();
      const line = (unit_amount: number, quantity: number) => [{ quantity, price_data: { currency: "gbp", unit_amount, product_data: { name: "T" } } }];
      await refuses({ ...base, line_items: line(29, 1) }, { param: "line_items", code: "amount_too_small" });
      await stripe.checkout.sessions.create({ ...base, line_items: line(30, 1) });
      await refuses({ ...base, line_items: line(1_000_230, 50).concat(line(1_000_230, 50)) }, { param: "line_items", code: "amount_too_large" });
    });

    it("requires a non-empty product name", async () => {
      const base = validSession();
      const withName = (name: string) => [{ ...base.line_items![0]!, price_data: { ...base.line_items![0]!.price_data!, product_data: { name } } }];
      await refuses({ ...base, line_items: withName("") }, { param: "line_items[0][price_data][product_data][name]", code: "parameter_invalid_empty" });
      await refuses({ ...base, line_items: withName("x".repeat(5001)) }, { param: "line_items[0][price_data][product_data][name]" });
    });

    it("holds metadata to 50 keys, keys of 40 characters without brackets, values of 500", async () => {
      const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
      await refuses({ ...validSession(), metadata: tooMany }, { param: "metadata" });
      await refuses({ ...validSession(), metadata: { ["k".repeat(41)]: "v" } }, { param: `metadata[${"k".repeat(41)}]` });
      await refuses({ ...validSession(), metadata: { "a[b]": "v" } }, { param: "metadata[a[b]]" });
      await refuses({ ...validSession(), metadata: { orderId: "v".repeat(501) } }, { param: "metadata[orderId]" });
      await refuses({ ...validSession(), payment_intent_data: { metadata: { orderId: "v".repeat(501) } } }, { param: "payment_intent_data[metadata][orderId]" });
      await stripe.checkout.sessions.create({ ...validSession(), metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`.padEnd(40, "k"), "v".repeat(500)])) });
    });

    it("requires an absolute success_url (the {CHECKOUT_SESSION_ID} template allowed) and a valid cancel_url", async () => {
      await refuses({ ...validSession(), success_url: undefined }, { param: "success_url", code: "parameter_missing" });
      await refuses({ ...validSession(), success_url: "/payment-success" }, { param: "success_url", code: "url_invalid" });
      await refuses({ ...validSession(), success_url: `https://example.com/${"a".repeat(5000)}` }, { param: "success_url", code: "url_invalid" });
      await refuses({ ...validSession(), cancel_url: "ftp://example.com/x" }, { param: "cancel_url", code: "url_invalid" });
    });

    it("requires customer_email to be an e-mail address", async () => {
      await refuses({ ...validSession(), customer_email: "not-an-email" }, { param: "customer_email", code: "email_invalid" });
    });

    it("refuses parameters Stripe does not know", async () => {
      await refuses({ ...validSession(), colour: "red" } as Stripe.Checkout.SessionCreateParams, { param: "colour", code: "parameter_unknown" });
    });

    it("replays a repeated idempotency key and refuses it with different parameters", async () => {
      const key = `checkout-${Math.random()}`;
      const params = validSession();
      const first = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
      const again = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
      expect(again.id).toBe(first.id);
      const error = await refusal(stripe.checkout.sessions.create({ ...params, customer_email: "other@example.com" }, { idempotencyKey: key }));
      expect(error).toMatchObject({ status: 400, type: "StripeIdempotencyError", rawType: "idempotency_error" });
    });
  });

  describe("GET /v1/checkout/sessions/:id", () => {
    it("answers 404 resource_missing for an unknown session", async () => {
      expect(await refusal(stripe.checkout.sessions.retrieve("cs_test_unknown"))).toMatchObject({ status: 404, code: "resource_missing", rawType: "invalid_request_error" });
    });
  });

  describe("POST /v1/refunds", () => {
    async function paidIntent() {
      const session = await stripe.checkout.sessions.create(validSession());
      return standIn.pay(session.id).payment_intent!;
    }

    it("requires payment_intent or charge, of a payment that exists and succeeded", async () => {
      expect(await refusal(stripe.refunds.create({}))).toMatchObject({ status: 400, code: "parameter_missing" });
      expect(await refusal(stripe.refunds.create({ payment_intent: "pi_test_unknown" }))).toMatchObject({ status: 404, code: "resource_missing", param: "payment_intent" });
    });

    it("refunds at most what is left, then answers charge_already_refunded", async () => {
      const intent = await paidIntent();
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, amount: 0 }))).toMatchObject({ status: 400, param: "amount" });
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, amount: 5461 }))).toMatchObject({ status: 400, param: "amount", code: "amount_too_large" });
      await stripe.refunds.create({ payment_intent: intent, amount: 460 });
      expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(5000);
      expect(await refusal(stripe.refunds.create({ payment_intent: intent }))).toMatchObject({ status: 400, code: "charge_already_refunded" });
    });

    it("replays a refund under the same idempotency key until Stripe prunes the key", async () => {
      const intent = await paidIntent();
      const first = await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${intent}` });
      expect((await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${intent}` })).id).toBe(first.id);
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, amount: 1 }, { idempotencyKey: `refund-${intent}` }))).toMatchObject({ rawType: "idempotency_error" });
      standIn.forgetIdempotencyKeys();
      expect(await refusal(stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${intent}` }))).toMatchObject({ code: "charge_already_refunded" });
    });

    it("requires amount to be a positive integer (parameter_invalid_integer)", async () => {
      const intent = await paidIntent();
      for (const amount of [0, -5]) expect(await refusal(stripe.refunds.create({ payment_intent: intent, amount }))).toMatchObject({ status: 400, param: "amount", code: "parameter_invalid_integer" });
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, amount: 12.5 }))).toMatchObject({ status: 400, param: "amount", code: "parameter_invalid_integer", message: "Invalid integer: 12.5" });
      expect(standIn.paymentIntent(intent)!.amountRefunded).toBe(0);
    });

    it("refuses an amount above what is left after earlier refunds, naming both", async () => {
      const intent = await paidIntent();
      await stripe.refunds.create({ payment_intent: intent, amount: 5000 });
      const error = await refusal(stripe.refunds.create({ payment_intent: intent, amount: 461 }));
      expect(error).toMatchObject({ status: 400, param: "amount", code: "amount_too_large", rawType: "invalid_request_error" });
      expect(error.message).toBe("Refund amount (461) is greater than unrefunded amount on charge (460)");
      expect((await stripe.refunds.create({ payment_intent: intent, amount: 460 })).amount).toBe(460);
    });

    it("refuses both payment_intent and charge, an unknown reason, and metadata beyond Stripe's limits", async () => {
      const intent = await paidIntent();
      const charge = standIn.paymentIntent(intent)!.charge;
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, charge }))).toMatchObject({ status: 400, param: "charge" });
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, reason: "changed_mind" as "duplicate" }))).toMatchObject({ status: 400, param: "reason" });
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, metadata: { ["k".repeat(41)]: "v" } }))).toMatchObject({ status: 400, param: `metadata[${"k".repeat(41)}]` });
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, metadata: { refundId: "v".repeat(501) } }))).toMatchObject({ status: 400, param: "metadata[refundId]" });
      const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, metadata: tooMany }))).toMatchObject({ status: 400, param: "metadata" });
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, instructions_email: "a@example.com" } as Stripe.RefundCreateParams))).toMatchObject({ status: 500 });
      expect(await refusal(stripe.refunds.create({ payment_intent: intent, colour: "red" } as Stripe.RefundCreateParams))).toMatchObject({ status: 400, code: "parameter_unknown", param: "colour" });
      // By charge, with a reason and our metadata: accepted.
      const refund = await stripe.refunds.create({ charge, amount: 100, reason: "requested_by_customer", metadata: { refundId: "ours" } });
      expect(refund).toMatchObject({ object: "refund", amount: 100, charge, payment_intent: intent, reason: "requested_by_customer", metadata: { refundId: "ours" }, status: "succeeded" });
    });

    it("answers a reused key with different parameters with a 400 idempotency_error, and moves no money", async () => {
      const intent = await paidIntent();
      const key = `refund-different-${intent}`;
      const first = await stripe.refunds.create({ payment_intent: intent, amount: 1000, metadata: { refundId: "a" } }, { idempotencyKey: key });
      const error = await refusal(stripe.refunds.create({ payment_intent: intent, amount: 1001, metadata: { refundId: "a" } }, { idempotencyKey: key }));
      expect(error).toMatchObject({ status: 400, type: "StripeIdempotencyError", rawType: "idempotency_error" });
      expect(error.message).toContain(key);
      expect((await stripe.refunds.create({ payment_intent: intent, amount: 1000, metadata: { refundId: "a" } }, { idempotencyKey: key })).id).toBe(first.id);
      expect(standIn.paymentIntent(intent)!.amountRefunded).toBe(1000);
    });

    it("refuses a refund of a disputed charge (charge_disputed)", async () => {
      const intent = await paidIntent();
      await standIn.openDispute(webhookSink, intent);
      expect(await refusal(stripe.refunds.create({ payment_intent: intent }))).toMatchObject({ status: 400, code: "charge_disputed" });
    });
  });

  describe("GET /v1/refunds (https://docs.stripe.com/api/refunds/list)", () => {
    it("lists a payment's refunds newest first, at most `limit`, and refuses a limit outside 1–100", async () => {
      const session = await stripe.checkout.sessions.create(validSession());
      const intent = standIn.pay(session.id).payment_intent!;
      const first = await stripe.refunds.create({ payment_intent: intent, amount: 100, metadata: { refundId: "one" } });
      const second = await stripe.refunds.create({ payment_intent: intent, amount: 200 });
      const list = await stripe.refunds.list({ payment_intent: intent });
      expect(list).toMatchObject({ object: "list", has_more: false });
      expect(list.data.map((refund) => refund.id)).toEqual([second.id, first.id]);
      const page = await stripe.refunds.list({ payment_intent: intent, limit: 1 });
      expect(page.data.map((refund) => refund.id)).toEqual([second.id]);
      expect(page.has_more).toBe(true);
      expect((await stripe.refunds.list({ charge: standIn.paymentIntent(intent)!.charge })).data).toHaveLength(2);
      expect(await refusal(stripe.refunds.list({ payment_intent: intent, limit: 101 }))).toMatchObject({ status: 400, param: "limit" });
      expect(await refusal(stripe.refunds.list({ payment_intent: intent, limit: 0 }))).toMatchObject({ status: 400, param: "limit" });
      expect(await refusal(stripe.refunds.list({ charge: "ch_test_unknown" }))).toMatchObject({ status: 404, code: "resource_missing", param: "charge" });
    });
  });

  describe("GET /v1/payment_intents and every refund since a time (openapi/spec3.json GetPaymentIntents, GetRefunds)", () => {
    it("pages newest first through `starting_after`, filters on `created`, and refuses what Stripe refuses in its error shape", async () => {
      const since = Math.floor(Date.now() / 1000);
      const intents = [];
      for (let i = 0; i < 3; i++) intents.push(standIn.pay((await stripe.checkout.sessions.create(validSession())).id).payment_intent!);
      const first = await stripe.paymentIntents.list({ created: { gte: since }, limit: 2 });
      expect(first).toMatchObject({ object: "list", has_more: true });
      expect(first.data.map((intent) => intent.id)).toEqual([intents[2], intents[1]]);
      expect(first.data[0]).toMatchObject({ object: "payment_intent", status: "succeeded", amount_received: 5460 });
      const rest = await stripe.paymentIntents.list({ created: { gte: since }, limit: 2, starting_after: intents[1] });
      expect(rest.data.map((intent) => intent.id)).toContain(intents[0]);
      const all = [];
      for await (const intent of stripe.paymentIntents.list({ created: { gte: since }, limit: 1 })) all.push(intent.id);
      expect(all.slice(0, 3)).toEqual([intents[2], intents[1], intents[0]]);
      expect((await stripe.paymentIntents.list({ created: { gt: since + 3600 } })).data).toEqual([]);
      const refund = await stripe.refunds.create({ payment_intent: intents[0]!, amount: 100 });
      expect((await stripe.refunds.list({ created: { gte: since }, limit: 100 })).data.map((r) => r.id)).toContain(refund.id);

      expect(await refusal(stripe.paymentIntents.list({ limit: 101 }))).toMatchObject({ status: 400, type: "StripeInvalidRequestError", param: "limit" });
      expect(await refusal(stripe.paymentIntents.list({ created: { after: since } } as never))).toMatchObject({ status: 400, code: "parameter_unknown", param: "created[after]" });
      expect(await refusal(stripe.paymentIntents.list({ shipping: "x" } as never))).toMatchObject({ status: 400, code: "parameter_unknown", param: "shipping" });
      expect(await refusal(stripe.paymentIntents.list({ starting_after: "pi_test_unknown" }))).toMatchObject({ status: 404, code: "resource_missing", param: "starting_after" });
    });
  });

  describe("the Dashboard: refunds and disputes outside the app, with their signed events", () => {
    it("refunds in part or in full and sends charge.refunded with the Charge, its refunds and its payment_intent", async () => {
      const session = await stripe.checkout.sessions.create(validSession());
      const intent = standIn.pay(session.id).payment_intent!;
      const partial = await standIn.dashboardRefund(webhookSink, intent, { amount: 460 });
      expect(partial.delivery.status).toBe(200);
      const event = stripe.webhooks.constructEvent(delivered.at(-1)!.payload, delivered.at(-1)!.signature, WEBHOOK_SECRET);
      expect(event.type).toBe("charge.refunded");
      const charge = event.data.object as Stripe.Charge;
      expect(charge).toMatchObject({ object: "charge", amount: 5460, amount_refunded: 460, refunded: false, payment_intent: intent });
      expect(charge.refunds!.data).toEqual([expect.objectContaining({ id: partial.refund.id, amount: 460, metadata: {} })]);
      const full = await standIn.dashboardRefund(webhookSink, intent);
      expect(full.refund.amount).toBe(5000);
      const last = JSON.parse(delivered.at(-1)!.payload).data.object;
      expect(last).toMatchObject({ amount_refunded: 5460, refunded: true });
      expect(last.refunds.data.map((refund: { id: string }) => refund.id)).toEqual([full.refund.id, partial.refund.id]);
      // The Dashboard obeys the API's rules: nothing is left.
      await expect(standIn.dashboardRefund(webhookSink, intent)).rejects.toThrow(/already been refunded/);
    });

    it("opens a dispute and sends charge.dispute.created with the Dispute", async () => {
      const session = await stripe.checkout.sessions.create(validSession());
      const intent = standIn.pay(session.id).payment_intent!;
      await stripe.refunds.create({ payment_intent: intent, amount: 460 });
      const { dispute, delivery } = await standIn.openDispute(webhookSink, intent, { reason: "product_not_received" });
      expect(delivery.status).toBe(200);
      const event = stripe.webhooks.constructEvent(delivered.at(-1)!.payload, delivered.at(-1)!.signature, WEBHOOK_SECRET);
      expect(event.type).toBe("charge.dispute.created");
      expect(event.data.object).toMatchObject({ id: dispute.id, object: "dispute", amount: 5000, charge: standIn.paymentIntent(intent)!.charge, payment_intent: intent, reason: "product_not_received", status: "needs_response" });
      expect(dispute.id).toMatch(/^dp_test_/);
      expect(standIn.charge(intent)).toMatchObject({ disputed: true });
    });
  });

  describe("webhooks (https://docs.stripe.com/webhooks#verify-manually)", () => {
    it("signs events as Stripe does: the SDK verifies them, and refuses a wrong secret or a stale timestamp", () => {
      const payload = standIn.event("checkout.session.completed", { id: "cs_test_1", object: "checkout.session" });
      expect(stripe.webhooks.constructEvent(payload, standIn.signature(payload), WEBHOOK_SECRET).type).toBe("checkout.session.completed");
      expect(() => stripe.webhooks.constructEvent(payload, standIn.signature(payload, { secret: "whsec_other" }), WEBHOOK_SECRET)).toThrow(/signature/i);
      const stale = Math.floor(Date.now() / 1000) - 301;
      expect(() => stripe.webhooks.constructEvent(payload, standIn.signature(payload, { timestamp: stale }), WEBHOOK_SECRET)).toThrow(/tolerance/i);
    });
  });
});

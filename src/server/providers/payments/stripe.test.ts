import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, orders } from "../../db/schema";

const WEBHOOK_SECRET = "whsec_test_eventora";

/** A stand-in for Stripe's REST API: Checkout Sessions and Refunds, enough for the real SDK. */
function startStripeStandIn() {
  const sessions = new Map<string, Record<string, unknown>>();
  const created: URLSearchParams[] = [];
  const refunds: URLSearchParams[] = [];
  let failures = 0;
  let counter = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const send = (status: number, json: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      const url = new URL(request.url ?? "/", "http://stripe.local");
      if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (failures > 0) {
          failures -= 1;
          return send(500, { error: { type: "api_error", message: "Stripe is having a moment" } });
        }
        const form = new URLSearchParams(body);
        created.push(form);
        const id = `cs_test_standin_${++counter}`;
        const session = { id, object: "checkout.session", url: `https://checkout.stripe.test/pay/${id}`, payment_status: "unpaid", payment_intent: null, status: "open" };
        sessions.set(id, session);
        return send(200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === "GET" && retrieve) {
        const session = sessions.get(retrieve[1]!);
        return session ? send(200, session) : send(404, { error: { type: "invalid_request_error", message: "No such session" } });
      }
      if (request.method === "POST" && url.pathname === "/v1/refunds") {
        refunds.push(new URLSearchParams(body));
        return send(200, { id: `re_${refunds.length}`, object: "refund", status: "succeeded" });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unknown ${request.method} ${url.pathname}` } });
    });
  });
  return {
    server,
    sessions,
    created,
    refunds,
    /** Stripe's SDK retries a 500 twice: three failures make the call fail. */
    failNextCreate: () => (failures = 3),
    markPaid(id: string) {
      Object.assign(sessions.get(id)!, { payment_status: "paid", status: "complete", payment_intent: `pi_for_${id}` });
    },
  };
}

describe("Stripe Checkout (PAYMENT_PROVIDER=stripe)", () => {
  const stripe = startStripeStandIn();
  const sdk = new Stripe("sk_test_helper");
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let buyer: AuthClient;
  let organiserId: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => stripe.server.listen(0, "127.0.0.1", resolve));
    t = await createTestApp({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_eventora",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${(stripe.server.address() as AddressInfo).port}`,
    });
    buyer = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).client;
    organiserId = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).account.id;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stripe.server.close(resolve));
  });

  const webhook = (type: string, sessionId: string, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify({ id: `evt_${Math.random()}`, object: "event", type, data: { object: { id: sessionId, object: "checkout.session" } } });
    return t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": sdk.webhooks.generateTestHeaderString({ payload, secret }) },
      payload,
    });
  };

  it("opens a Checkout Session with the ticket and the fee as separate lines, the order in metadata and the hold's expiry", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 2500, title: "Stripe Gala" });
    const response = await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 3, ticketPrice: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_standin_/);
    const form = stripe.created.at(-1)!;
    expect(form.get("mode")).toBe("payment");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("2500");
    expect(form.get("line_items[0][quantity]")).toBe("3");
    expect(form.get("line_items[1][price_data][unit_amount]")).toBe("230");
    expect(form.get("line_items[1][price_data][currency]")).toBe("gbp");
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, response.json().sessionId));
    expect(form.get("metadata[orderId]")).toBe(order!.id);
    expect(Number(form.get("expires_at"))).toBe(Math.floor(order!.expiresAt.getTime() / 1000));
    expect(form.get("success_url")).toBe(`${t.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
  });

  it("refuses a webhook with a bad signature and confirms nothing", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000 });
    const { sessionId } = (await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 1 })).json();
    stripe.markPaid(sessionId);
    const forged = await webhook("checkout.session.completed", sessionId, "whsec_wrong");
    expect(forged.statusCode).toBe(400);
    expect(await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId))).toHaveLength(0);
  });

  it("confirms once from the webhook, verify-payment and repeats, all at once", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000, maxAttendees: 10 });
    const { sessionId } = (await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 2 })).json();
    const unpaid = await buyer.post("/api/functions/verify-payment", { sessionId });
    expect(unpaid.json()).toMatchObject({ success: false });
    stripe.markPaid(sessionId);
    const answers = await Promise.all([
      webhook("checkout.session.completed", sessionId),
      webhook("checkout.session.completed", sessionId),
      buyer.post("/api/functions/verify-payment", { sessionId }),
      buyer.post("/api/functions/verify-payment", { sessionId }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId))).toHaveLength(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    expect(order).toMatchObject({ status: "confirmed", paymentReference: `pi_for_${sessionId}` });
  });

  it("refunds through Stripe a payment that arrives after its places were sold", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000, maxAttendees: 1 });
    const { sessionId: late } = (await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 1 })).json();
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.sessionId, late));
    const { sessionId: winner } = (await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 1 })).json();
    stripe.markPaid(winner);
    await webhook("checkout.session.completed", winner);
    stripe.markPaid(late);
    await webhook("checkout.session.completed", late);
    expect(stripe.refunds.at(-1)!.get("payment_intent")).toBe(`pi_for_${late}`);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, late));
    expect(order!.status).toBe("refunded");
  });

  it("releases the places of an expired session, and of a session Stripe failed to open", async () => {
    const event = await createEvent(t.db, { userId: organiserId, pricePence: 1000, maxAttendees: 2 });
    const { sessionId } = (await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 2 })).json();
    expect((await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 1 })).statusCode).toBe(409);
    expect((await webhook("checkout.session.expired", sessionId)).statusCode).toBe(200);
    stripe.failNextCreate();
    const failed = await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 2 });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toContain("Failed to initiate payment. Please try again.");
    expect((await buyer.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 2 })).statusCode).toBe(200);
  });
});

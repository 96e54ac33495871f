import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "./stripe";
import { NEW_ACCOUNT_REQUIREMENTS } from "./stripe-connect";

const SECRET_KEY = "sk_test_standin_connect";
const WEBHOOK_SECRET = "whsec_standin_platform";
const CONNECT_WEBHOOK_SECRET = "whsec_standin_connect";

/** The official SDK pointed at the stand-in, without retries so each refusal is seen once. */
function sdkFor(standIn: StripeStandIn) {
  const url = new URL(standIn.url);
  return new Stripe(SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: "http", maxNetworkRetries: 0 });
}

/** What Eventora sends to create a payee's account (src/server/providers/payments/stripe.ts). */
const validAccount = (email = "organiser@example.com"): Stripe.AccountCreateParams => ({
  type: "express",
  country: "GB",
  email,
  capabilities: { transfers: { requested: true } },
  metadata: { userId: "user-1" },
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as Stripe.errors.StripeError;
    return { status: e.statusCode, rawType: (e.raw as { type?: string }).type, code: e.code, param: e.param, message: e.message };
  }
  throw new Error("expected the stand-in to refuse the request");
}

describe("Stripe stand-in: Connect", () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  /** Stands for the app's webhook route: records each delivery and answers 200. */
  let sink: Server;
  let sinkUrl: string;
  const delivered: { payload: string; signature: string }[] = [];

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, connectWebhookSecret: CONNECT_WEBHOOK_SECRET });
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
    sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/api/webhooks/stripe`;
    standIn.setWebhookUrl(sinkUrl);
  });
  beforeEach(() => {
    delivered.length = 0;
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise((resolve) => sink.close(resolve));
  });

  /** The last delivery as the SDK reads it: signed with the Connect endpoint's secret, not the platform's. */
  function lastEvent() {
    const { payload, signature } = delivered.at(-1)!;
    expect(() => stripe.webhooks.constructEvent(payload, signature, WEBHOOK_SECRET)).toThrow();
    return stripe.webhooks.constructEvent(payload, signature, CONNECT_WEBHOOK_SECRET) as Stripe.Event & { account?: string };
  }

  /** Follows an account link's onboarding page as a browser would: GET the form, POST its button. */
  async function onboard(linkUrl: string, action: "complete" | "later" = "complete") {
    const page = await fetch(linkUrl, { redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Complete onboarding");
    const visit = /name="visit" value="([^"]+)"/.exec(html)![1]!;
    const action_ = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    return fetch(new URL(action_, standIn.url), { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ visit, action }) });
  }

  describe("POST /v1/accounts (https://docs.stripe.com/api/accounts/create)", () => {
    it("creates an Express account that owes its requirements: nothing enabled yet", async () => {
      const account = await stripe.accounts.create(validAccount());
      expect(account).toMatchObject({
        object: "account",
        type: "express",
        country: "GB",
        email: "organiser@example.com",
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        capabilities: { transfers: "inactive" },
        metadata: { userId: "user-1" },
        requirements: { currently_due: NEW_ACCOUNT_REQUIREMENTS, past_due: NEW_ACCOUNT_REQUIREMENTS, disabled_reason: "requirements.past_due" },
      });
      expect(account.id).toMatch(/^acct_/);
      expect(account.requirements!.currently_due).toEqual(expect.arrayContaining(["business_type", "external_account", "individual.dob.day", "tos_acceptance.date"]));
      expect(await stripe.accounts.retrieve(account.id)).toEqual(account);
    });

    it("refuses what Stripe refuses, in Stripe's error shape", async () => {
      const refuses = async (params: Stripe.AccountCreateParams, expected: { param?: string; code?: string }) =>
        expect(await refusal(stripe.accounts.create(params))).toMatchObject({ status: 400, rawType: "invalid_request_error", ...expected });
      await refuses({ ...validAccount(), type: "premium" as "express" }, { param: "type" });
      await refuses({ ...validAccount(), type: undefined }, { param: "type", code: "parameter_missing" });
      await refuses({ ...validAccount(), country: "GBR" }, { param: "country" });
      await refuses({ ...validAccount(), email: "not-an-address" }, { param: "email", code: "email_invalid" });
      await refuses({ ...validAccount(), capabilities: { teleport: { requested: true } } as Stripe.AccountCreateParams.Capabilities }, { param: "capabilities[teleport]", code: "parameter_unknown" });
      await refuses({ ...validAccount(), capabilities: { transfers: { requested: "maybe" as unknown as boolean } } }, { param: "capabilities[transfers][requested]" });
      await refuses({ ...validAccount(), capabilities: undefined }, { param: "capabilities" });
      await refuses({ ...validAccount(), metadata: { ["k".repeat(41)]: "v" } }, { param: `metadata[${"k".repeat(41)}]` });
      await refuses({ ...validAccount(), metadata: { key: "v".repeat(501) } }, { param: "metadata[key]" });
      await refuses({ ...validAccount(), metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) }, { param: "metadata" });
      await refuses({ ...validAccount(), tos_accepted: true } as Stripe.AccountCreateParams, { param: "tos_accepted", code: "parameter_unknown" });
    });

    it("answers a repeat with the same idempotency key and body with the same account, and refuses the key with another body", async () => {
      const key = `account-${Date.now()}`;
      const first = await stripe.accounts.create(validAccount("repeat@example.com"), { idempotencyKey: key });
      const again = await stripe.accounts.create(validAccount("repeat@example.com"), { idempotencyKey: key });
      expect(again.id).toBe(first.id);
      expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
      expect(await refusal(stripe.accounts.create(validAccount("other@example.com"), { idempotencyKey: key }))).toMatchObject({ status: 400, rawType: "idempotency_error" });
    });

    it("answers 404 resource_missing for an account it does not know", async () => {
      expect(await refusal(stripe.accounts.retrieve("acct_1Nowhere"))).toMatchObject({ status: 404, code: "resource_missing" });
    });

    it("updates metadata (an empty value unsets its key) and sends account.updated", async () => {
      const account = await stripe.accounts.create(validAccount());
      const updated = await stripe.accounts.update(account.id, { metadata: { userId: "", role: "affiliate" } });
      expect(updated.metadata).toEqual({ role: "affiliate" });
      await standIn.connect.settled();
      const event = lastEvent();
      expect(event).toMatchObject({ type: "account.updated", account: account.id, data: { object: { id: account.id }, previous_attributes: { metadata: { userId: "user-1" } } } });
    });
  });

  describe("POST /v1/account_links (https://docs.stripe.com/api/account_links/create) and the onboarding page", () => {
    const returnUrl = "http://localhost:3000/dashboard/payouts?connected=1";
    const refreshUrl = "http://localhost:3000/api/payouts/onboarding/refresh";

    it("gives a single-use link whose form completes onboarding, sends account.updated, and returns to return_url", async () => {
      const account = await stripe.accounts.create(validAccount());
      const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", refresh_url: refreshUrl, return_url: returnUrl });
      expect(link).toMatchObject({ object: "account_link", url: expect.stringContaining(`/onboarding/${account.id}`) });
      expect(link.expires_at - link.created).toBe(300);

      const done = await onboard(link.url);
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe(returnUrl);
      const event = lastEvent();
      expect(event).toMatchObject({ type: "account.updated", account: account.id });
      expect(event.data.object).toMatchObject({ id: account.id, details_submitted: true, payouts_enabled: true, capabilities: { transfers: "active" }, requirements: { currently_due: [], disabled_reason: null } });
      expect((event.data as { previous_attributes?: Record<string, unknown> }).previous_attributes).toMatchObject({ details_submitted: false, payouts_enabled: false });
      expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: "active" } });

      // Single use: a second visit goes to refresh_url.
      const again = await fetch(link.url, { redirect: "manual" });
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe(refreshUrl);
    });

    it("lets the user leave without finishing: back to return_url, the account unchanged, no event", async () => {
      const account = await stripe.accounts.create(validAccount());
      const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", refresh_url: refreshUrl, return_url: returnUrl });
      const left = await onboard(link.url, "later");
      expect(left.status).toBe(303);
      expect(left.headers.get("location")).toBe(returnUrl);
      expect(delivered).toHaveLength(0);
      expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ details_submitted: false, payouts_enabled: false });
    });

    it("sends an expired link to refresh_url", async () => {
      const account = await stripe.accounts.create(validAccount());
      const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", refresh_url: refreshUrl, return_url: returnUrl });
      standIn.connect.expireAccountLinks();
      const response = await fetch(link.url, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(refreshUrl);
    });

    it("refuses what Stripe refuses: unknown account, bad type, account_update for an Express account, missing or invalid URLs", async () => {
      const account = await stripe.accounts.create(validAccount());
      const valid: Stripe.AccountLinkCreateParams = { account: account.id, type: "account_onboarding", refresh_url: refreshUrl, return_url: returnUrl };
      const refuses = async (params: Stripe.AccountLinkCreateParams, expected: { param?: string; code?: string }) =>
        expect(await refusal(stripe.accountLinks.create(params))).toMatchObject({ status: 400, rawType: "invalid_request_error", ...expected });
      await refuses({ ...valid, account: "acct_1Nowhere" }, { param: "account", code: "resource_missing" });
      await refuses({ ...valid, type: "account_tour" as "account_onboarding" }, { param: "type" });
      await refuses({ ...valid, type: "account_update" }, { param: "type" });
      await refuses({ ...valid, return_url: undefined }, { param: "return_url", code: "parameter_missing" });
      await refuses({ ...valid, refresh_url: "not a url" }, { param: "refresh_url", code: "url_invalid" });
      await refuses({ ...valid, return_url: "javascript:alert(1)" }, { param: "return_url", code: "url_invalid" });
    });
  });

  describe("test controls (no browser)", () => {
    it("completes, puts under verification, and restricts an account, each with a signed account.updated", async () => {
      const account = await stripe.accounts.create(validAccount());
      const pending = await standIn.completeOnboarding(account.id, { pending: true });
      expect(pending.account).toMatchObject({ details_submitted: true, payouts_enabled: false, capabilities: { transfers: "pending" }, requirements: { disabled_reason: "requirements.pending_verification" } });
      expect(pending.delivery).toMatchObject({ type: "account.updated", account: account.id, status: 200 });

      const ready = await standIn.completeOnboarding(account.id);
      expect(ready.account).toMatchObject({ payouts_enabled: true, capabilities: { transfers: "active" } });
      expect(lastEvent().data.object).toMatchObject({ payouts_enabled: true });

      // Over HTTP, for an app running in another process.
      const response = await fetch(`${standIn.url}/_stand-in/accounts/${account.id}/restrict`, { method: "POST", body: JSON.stringify({ due: ["individual.verification.document"] }) });
      expect(response.status).toBe(200);
      expect(lastEvent().data.object).toMatchObject({
        payouts_enabled: false,
        capabilities: { transfers: "inactive" },
        requirements: { currently_due: ["individual.verification.document"], disabled_reason: "requirements.past_due" },
      });
      const rejected = await standIn.restrictAccount(account.id, { disabledReason: "rejected.fraud" });
      expect(rejected.account).toMatchObject({ requirements: { currently_due: [], disabled_reason: "rejected.fraud" } });
    });
  });

  describe("transfers and reversals (https://docs.stripe.com/api/transfers/create, https://docs.stripe.com/api/transfer_reversals/create)", () => {
    let ready: Stripe.Account;
    let notReady: Stripe.Account;
    beforeAll(async () => {
      ready = await stripe.accounts.create(validAccount("ready@example.com"));
      await standIn.completeOnboarding(ready.id);
      notReady = await stripe.accounts.create(validAccount("not-ready@example.com"));
    });

    /** A buyer pays `amount` through Checkout: the platform's balance grows by it. */
    async function paid(amount: number, transferGroup = "order_test") {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: amount, product_data: { name: "Ticket" } } }],
        payment_intent_data: { metadata: { orderId: "o" }, transfer_group: transferGroup },
        success_url: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
      });
      return standIn.pay(session.id);
    }

    it("keeps a Checkout Session's payment_intent_data.transfer_group on its PaymentIntent, and refuses one over 5000 characters", async () => {
      const session = await paid(1000, "order_abc");
      expect(standIn.paymentIntent(session.payment_intent!)!.transferGroup).toBe("order_abc");
      const tooLong = await refusal(
        stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: 1000, product_data: { name: "Ticket" } } }],
          payment_intent_data: { transfer_group: "g".repeat(5001) },
          success_url: "http://localhost:3000/ok",
        }),
      );
      expect(tooLong).toMatchObject({ status: 400, rawType: "invalid_request_error", param: "payment_intent_data[transfer_group]" });
    });

    it("transfers to a ready account, lists by transfer group, reverses in parts, and refuses reversing more than is left", async () => {
      await paid(5000);
      const transfer = await stripe.transfers.create(
        { amount: 3000, currency: "gbp", destination: ready.id, transfer_group: "event_1", metadata: { payoutId: "p1" }, description: "Payout for Gala" },
        { idempotencyKey: "transfer-p1" },
      );
      expect(transfer).toMatchObject({ object: "transfer", amount: 3000, amount_reversed: 0, reversed: false, currency: "gbp", destination: ready.id, transfer_group: "event_1", metadata: { payoutId: "p1" } });
      expect(transfer.id).toMatch(/^tr_/);
      expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ id: transfer.id, amount: 3000 });
      expect((await stripe.transfers.list({ transfer_group: "event_1" })).data.map((t) => t.id)).toEqual([transfer.id]);
      expect((await stripe.transfers.list({ transfer_group: "event_none" })).data).toEqual([]);

      const part = await stripe.transfers.createReversal(transfer.id, { amount: 1000, metadata: { reversalId: "r1" } }, { idempotencyKey: "reversal-r1" });
      expect(part).toMatchObject({ object: "transfer_reversal", amount: 1000, transfer: transfer.id, metadata: { reversalId: "r1" } });
      expect(part.id).toMatch(/^trr_/);
      // A repeat with the same key is the same reversal, not a second one.
      expect((await stripe.transfers.createReversal(transfer.id, { amount: 1000, metadata: { reversalId: "r1" } }, { idempotencyKey: "reversal-r1" })).id).toBe(part.id);
      expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 1000, reversed: false });
      expect(await refusal(stripe.transfers.createReversal(transfer.id, { amount: 2001 }))).toMatchObject({ status: 400, rawType: "invalid_request_error", param: "amount" });
      expect(await refusal(stripe.transfers.createReversal(transfer.id, { amount: 0 }))).toMatchObject({ status: 400, param: "amount", code: "parameter_invalid_integer" });
      expect(await refusal(stripe.transfers.createReversal(transfer.id, { amount: 5, refund_application_fee: true }))).toMatchObject({ status: 500 });
      const rest = await stripe.transfers.createReversal(transfer.id, { amount: 2000 });
      expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 3000, reversed: true });
      expect((await stripe.transfers.listReversals(transfer.id)).data.map((r) => r.id)).toEqual([rest.id, part.id]);
      expect(await refusal(stripe.transfers.createReversal(transfer.id, { amount: 1 }))).toMatchObject({ status: 400, rawType: "invalid_request_error" });
      expect(await refusal(stripe.transfers.createReversal("tr_test_nowhere", { amount: 1 }))).toMatchObject({ status: 404, code: "resource_missing" });
    });

    it("answers a repeated transfer with the same key and body with the same transfer, and refuses the key with another body", async () => {
      await paid(2000);
      const params: Stripe.TransferCreateParams = { amount: 700, currency: "gbp", destination: ready.id, transfer_group: "event_2", metadata: { payoutId: "p2" } };
      const first = await stripe.transfers.create(params, { idempotencyKey: "transfer-p2" });
      const again = await stripe.transfers.create(params, { idempotencyKey: "transfer-p2" });
      expect(again.id).toBe(first.id);
      expect(standIn.connect.transfers.filter((t) => t.metadata.payoutId === "p2")).toHaveLength(1);
      expect(await refusal(stripe.transfers.create({ ...params, amount: 701 }, { idempotencyKey: "transfer-p2" }))).toMatchObject({ status: 400, rawType: "idempotency_error" });
    });

    it("refuses a transfer to an account whose transfers capability is not active: insufficient_capabilities_for_transfer", async () => {
      await paid(1000);
      const error = await refusal(stripe.transfers.create({ amount: 100, currency: "gbp", destination: notReady.id }));
      expect(error).toMatchObject({ status: 400, rawType: "invalid_request_error", code: "insufficient_capabilities_for_transfer", param: "destination" });
      expect(await refusal(stripe.transfers.create({ amount: 100, currency: "gbp", destination: "acct_1Nowhere" }))).toMatchObject({ status: 400, code: "resource_missing", param: "destination" });
    });

    it("refuses a transfer larger than the available balance (charges − refunds − disputes − transfers + reversals): balance_insufficient", async () => {
      const balance = standIn.connect.available("gbp");
      expect(balance).toBeGreaterThan(0);
      expect(await refusal(stripe.transfers.create({ amount: balance + 1, currency: "gbp", destination: ready.id }))).toMatchObject({
        status: 400,
        rawType: "invalid_request_error",
        code: "balance_insufficient",
      });
      // A refund and a dispute take money out of the balance.
      const session = await paid(3000);
      await stripe.refunds.create({ payment_intent: session.payment_intent!, amount: 500 });
      expect(standIn.connect.available("gbp")).toBe(balance + 2500);
      await standIn.openDispute(sinkUrl, session.payment_intent!);
      expect(standIn.connect.available("gbp")).toBe(balance);
      // A transfer of everything left succeeds; a penny more does not; its reversal gives it back.
      const all = await stripe.transfers.create({ amount: balance, currency: "gbp", destination: ready.id });
      expect(standIn.connect.available("gbp")).toBe(0);
      expect(await refusal(stripe.transfers.create({ amount: 1, currency: "gbp", destination: ready.id }))).toMatchObject({ code: "balance_insufficient" });
      await stripe.transfers.createReversal(all.id, { amount: 1 });
      expect((await stripe.transfers.create({ amount: 1, currency: "gbp", destination: ready.id })).amount).toBe(1);
      // A GB platform's balance is in pounds: none in euros.
      standIn.connect.topUp(100);
      expect(await refusal(stripe.transfers.create({ amount: 50, currency: "eur", destination: ready.id }))).toMatchObject({ code: "balance_insufficient" });
    });

    it("refuses bad parameters in Stripe's shape", async () => {
      standIn.connect.topUp(10_000);
      const valid: Stripe.TransferCreateParams = { amount: 100, currency: "gbp", destination: ready.id };
      const refuses = async (params: Stripe.TransferCreateParams, expected: { param?: string; code?: string }) =>
        expect(await refusal(stripe.transfers.create(params))).toMatchObject({ status: 400, rawType: "invalid_request_error", ...expected });
      await refuses({ ...valid, amount: 0 }, { param: "amount", code: "parameter_invalid_integer" });
      await refuses({ ...valid, amount: -5 }, { param: "amount", code: "parameter_invalid_integer" });
      await refuses({ ...valid, amount: 1.5 }, { param: "amount", code: "parameter_invalid_integer" });
      await refuses({ ...valid, amount: undefined }, { param: "amount", code: "parameter_missing" });
      await refuses({ ...valid, currency: "GBP" }, { param: "currency" });
      await refuses({ ...valid, destination: undefined as unknown as string }, { param: "destination", code: "parameter_missing" });
      await refuses({ ...valid, transfer_group: "g".repeat(5001) }, { param: "transfer_group" });
      await refuses({ ...valid, description: "d".repeat(5001) }, { param: "description" });
      await refuses({ ...valid, metadata: { "a[b]": "c" } }, { param: "metadata[a[b]]" });
      await refuses({ ...valid, metadata: { key: "v".repeat(501) } }, { param: "metadata[key]" });
      expect(await refusal(stripe.transfers.retrieve("tr_test_nowhere"))).toMatchObject({ status: 404, code: "resource_missing" });
    });
  });
});

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
});

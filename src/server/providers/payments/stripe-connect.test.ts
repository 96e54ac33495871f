import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { startStripeStandIn, type StripeStandIn } from "../../../../test/stand-ins/stripe";
import { NEW_ACCOUNT_REQUIREMENTS } from "../../../../test/stand-ins/stripe-connect";
import { createPaymentGateway, type PaymentGateway } from "./payments";
import { createStripePayments, REVERSAL_KEY, TRANSFER_KEY } from "./stripe";

const SECRET_KEY = "sk_test_eventora_connect";
const WEBHOOK_SECRET = "whsec_test_platform";
const CONNECT_WEBHOOK_SECRET = "whsec_test_connect";

/** The provider error a Connect call throws, with Stripe's code kept for the caller. */
async function providerCodeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("PAYMENT_PROVIDER_ERROR");
    return ((error as AppError).details as { providerCode: string | null }).providerCode;
  }
  throw new Error("expected the gateway to refuse");
}

describe("Stripe gateway: Connect (through the official SDK, against the stand-in)", () => {
  let stripe: StripeStandIn;
  let gateway: PaymentGateway;
  /** Stands for the app's webhook route: keeps each delivery's raw body and signature. */
  let sink: Server;
  const delivered: { body: Buffer; signature: string }[] = [];

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, connectWebhookSecret: CONNECT_WEBHOOK_SECRET });
    gateway = createStripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, connectWebhookSecret: CONNECT_WEBHOOK_SECRET, apiUrl: stripe.url });
    sink = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        delivered.push({ body: Buffer.concat(chunks), signature: String(request.headers["stripe-signature"]) });
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    stripe.setWebhookUrl(`http://127.0.0.1:${(sink.address() as AddressInfo).port}/api/webhooks/stripe`);
  });
  beforeEach(() => {
    delivered.length = 0;
  });
  afterAll(async () => {
    await stripe.close();
    await new Promise((resolve) => sink.close(resolve));
  });

  let userCount = 0;
  /** A payee's account, created through the gateway, onboarded (or not). */
  async function payee(onboarded: boolean) {
    const state = await gateway.createConnectedAccount({ email: `payee${++userCount}@example.com`, idempotencyKey: `account-${userCount}-${Date.now()}`, userId: `user-${userCount}` });
    if (onboarded) await stripe.completeOnboarding(state.accountId);
    return state.accountId;
  }

  it("creates an Express account that is not ready and says what Stripe needs; a repeat with the key is the same account", async () => {
    const key = `account-repeat-${Date.now()}`;
    const state = await gateway.createConnectedAccount({ email: "organiser@example.com", idempotencyKey: key, userId: "user-a" });
    expect(state).toEqual({
      accountId: expect.stringMatching(/^acct_/),
      ready: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: NEW_ACCOUNT_REQUIREMENTS,
      disabledReason: "requirements.past_due",
    });
    const sent = stripe.received.filter((r) => r.path === "/v1/accounts").at(-1)!.form;
    expect(Object.fromEntries(sent)).toEqual({
      type: "express",
      country: "GB",
      email: "organiser@example.com",
      "capabilities[transfers][requested]": "true",
      "metadata[userId]": "user-a",
    });
    expect((await gateway.createConnectedAccount({ email: "organiser@example.com", idempotencyKey: key, userId: "user-a" })).accountId).toBe(state.accountId);
    expect(stripe.connect.accountIds().filter((id) => id === state.accountId)).toHaveLength(1);
  });

  it("onboards through the link: the stand-in's page completes the account, and connectedAccount then says ready", async () => {
    const accountId = await payee(false);
    const { url } = await gateway.onboardingLink({ accountId, refreshUrl: "http://localhost:3000/payouts/refresh", returnUrl: "http://localhost:3000/dashboard/payouts" });
    const page = await (await fetch(url)).text();
    const visit = /name="visit" value="([^"]+)"/.exec(page)![1]!;
    const back = await fetch(`${stripe.url}/onboarding/${accountId}`, { method: "POST", redirect: "manual", body: new URLSearchParams({ visit, action: "complete" }) });
    expect(back.headers.get("location")).toBe("http://localhost:3000/dashboard/payouts");
    expect(await gateway.connectedAccount(accountId)).toEqual({ accountId, ready: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null });
  });

  it("reads a submitted account still being verified, and a restricted one, as not ready", async () => {
    const accountId = await payee(false);
    await stripe.completeOnboarding(accountId, { pending: true });
    expect(await gateway.connectedAccount(accountId)).toMatchObject({ ready: false, detailsSubmitted: true, payoutsEnabled: false, disabledReason: "requirements.pending_verification" });
    await stripe.completeOnboarding(accountId);
    await stripe.restrictAccount(accountId, { due: ["individual.verification.document"] });
    expect(await gateway.connectedAccount(accountId)).toMatchObject({ ready: false, payoutsEnabled: false, requirementsDue: ["individual.verification.document"], disabledReason: "requirements.past_due" });
  });

  it("refuses an unknown account and an onboarding link for it, keeping Stripe's code", async () => {
    expect(await providerCodeOf(gateway.connectedAccount("acct_1Nowhere"))).toBe("resource_missing");
    expect(await providerCodeOf(gateway.onboardingLink({ accountId: "acct_1Nowhere", refreshUrl: "http://localhost:3000/r", returnUrl: "http://localhost:3000/b" }))).toBe("resource_missing");
  });

  describe("parseWebhook", () => {
    it("reads account.updated signed with the Connect endpoint's secret as the account's new state", async () => {
      const accountId = await payee(false);
      await stripe.completeOnboarding(accountId);
      const { body, signature } = delivered.at(-1)!;
      expect(gateway.parseWebhook(body, signature)).toEqual({
        type: "account.updated",
        account: { accountId, ready: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null },
      });
      await stripe.restrictAccount(accountId, { disabledReason: "rejected.fraud" });
      const restricted = delivered.at(-1)!;
      expect(gateway.parseWebhook(restricted.body, restricted.signature)).toMatchObject({ type: "account.updated", account: { accountId, ready: false, disabledReason: "rejected.fraud" } });
    });

    it("still reads events signed with the platform endpoint's secret, and refuses any other signature", () => {
      const payload = stripe.event("checkout.session.expired", { id: "cs_test_1", object: "checkout.session" });
      expect(gateway.parseWebhook(Buffer.from(payload), stripe.signature(payload))).toEqual({ type: "checkout.session.expired", sessionId: "cs_test_1" });
      expect(() => gateway.parseWebhook(Buffer.from(payload), stripe.signature(payload, { secret: "whsec_someone_else" }))).toThrow(/signature/i);
    });

    it("refuses a Connect-signed event when no Connect secret is configured", async () => {
      const accountId = await payee(false);
      await stripe.completeOnboarding(accountId);
      const { body, signature } = delivered.at(-1)!;
      const platformOnly = createStripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url });
      expect(() => platformOnly.parseWebhook(body, signature)).toThrow(/signature/i);
    });

    it("ignores account.updated about the platform's own account (no top-level account)", () => {
      const payload = stripe.event("account.updated", { id: "acct_platform", object: "account", payouts_enabled: true, capabilities: {} });
      expect(gateway.parseWebhook(Buffer.from(payload), stripe.signature(payload))).toEqual({ type: "other", eventType: "account.updated" });
    });
  });

  describe("transfers and reversals", () => {
    it("transfers to a ready account; a repeat with the key, even after Stripe pruned it (24 hours), is the same transfer", async () => {
      const accountId = await payee(true);
      stripe.connect.topUp(10_000);
      const input = { accountId, amountPence: 2500, idempotencyKey: "payout-1", transferGroup: "event_1", metadata: { payoutId: "p1" }, description: "Eventora payout" };
      const { transferId } = await gateway.transfer(input);
      expect(stripe.connect.transfers.find((t) => t.id === transferId)).toMatchObject({
        amount: 2500,
        currency: "gbp",
        destination: accountId,
        transfer_group: "event_1",
        description: "Eventora payout",
        metadata: { payoutId: "p1", [TRANSFER_KEY]: "payout-1" },
      });
      expect(stripe.received.filter((r) => r.path === "/v1/transfers" && r.method === "POST").at(-1)!.idempotencyKey).toBe("payout-1");
      expect((await gateway.transfer(input)).transferId).toBe(transferId);
      stripe.forgetIdempotencyKeys();
      expect((await gateway.transfer(input)).transferId).toBe(transferId);
      expect(stripe.connect.transfers.filter((t) => t.metadata[TRANSFER_KEY] === "payout-1")).toHaveLength(1);
    });

    it("keeps Stripe's code when it refuses: a payee not ready, a platform balance too low", async () => {
      const notReady = await payee(false);
      stripe.connect.topUp(1000);
      const input = { amountPence: 100, transferGroup: "event_2", metadata: {}, description: "Eventora payout" };
      expect(await providerCodeOf(gateway.transfer({ ...input, accountId: notReady, idempotencyKey: "payout-2" }))).toBe("insufficient_capabilities_for_transfer");
      const ready = await payee(true);
      const tooMuch = stripe.connect.available("gbp") + 1;
      expect(await providerCodeOf(gateway.transfer({ ...input, amountPence: tooMuch, accountId: ready, idempotencyKey: "payout-3" }))).toBe("balance_insufficient");
      // Refusals are not saved under the key: once the balance is there, the same key transfers.
      stripe.connect.topUp(tooMuch);
      expect((await gateway.transfer({ ...input, amountPence: tooMuch, accountId: ready, idempotencyKey: "payout-3" })).transferId).toMatch(/^tr_/);
    });

    it("reverses part of a transfer, the same reversal for a repeated key (even after pruning), and never more than is left", async () => {
      const accountId = await payee(true);
      stripe.connect.topUp(5000);
      const { transferId } = await gateway.transfer({ accountId, amountPence: 3000, idempotencyKey: "payout-4", transferGroup: "event_4", metadata: {}, description: "Eventora payout" });
      const input = { transferId, amountPence: 1200, idempotencyKey: "reversal-1", metadata: { reversalId: "r1" } };
      const { reversalId } = await gateway.reverseTransfer(input);
      expect(reversalId).toMatch(/^trr_/);
      expect(stripe.connect.reversals.find((r) => r.id === reversalId)).toMatchObject({ amount: 1200, metadata: { reversalId: "r1", [REVERSAL_KEY]: "reversal-1" } });
      stripe.forgetIdempotencyKeys();
      expect((await gateway.reverseTransfer(input)).reversalId).toBe(reversalId);
      expect(stripe.connect.transfers.find((t) => t.id === transferId)).toMatchObject({ amount_reversed: 1200, reversed: false });
      await expect(gateway.reverseTransfer({ ...input, amountPence: 1801, idempotencyKey: "reversal-2" })).rejects.toMatchObject({ code: "PAYMENT_PROVIDER_ERROR" });
      await gateway.reverseTransfer({ ...input, amountPence: 1800, idempotencyKey: "reversal-3" });
      expect(stripe.connect.transfers.find((t) => t.id === transferId)).toMatchObject({ amount_reversed: 3000, reversed: true });
      expect(await providerCodeOf(gateway.reverseTransfer({ ...input, transferId: "tr_test_nowhere", idempotencyKey: "reversal-4" }))).toBe("resource_missing");
    });
  });
});

describe("POST /api/webhooks/stripe with a Connect endpoint secret (STRIPE_CONNECT_WEBHOOK_SECRET)", () => {
  let stripe: StripeStandIn;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let webhookUrl: string;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, connectWebhookSecret: CONNECT_WEBHOOK_SECRET });
    t = await createTestApp({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    webhookUrl = `${await t.app.listen({ port: 0, host: "127.0.0.1" })}/api/webhooks/stripe`;
    stripe.setWebhookUrl(webhookUrl);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("accepts account.updated signed by the Connect endpoint's secret, and refuses one signed with neither secret", async () => {
    // The app's own gateway, built from its configuration.
    const gateway = await createPaymentGateway(t.config, t.db);
    const { accountId } = await gateway.createConnectedAccount({ email: "payee@example.com", idempotencyKey: "account-app-1", userId: "user-app" });
    const { account, delivery } = await stripe.completeOnboarding(accountId);
    expect(delivery).toMatchObject({ type: "account.updated", account: accountId, status: 200 });
    const forged = await stripe.sendEvent(webhookUrl, "account.updated", account, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { givenReadyStripeAccount } from "../../../../test/payout-accounts";
import { startStripeStandIn, type StripeStandIn } from "../../../../test/stand-ins/stripe";
import { NEW_ACCOUNT_REQUIREMENTS } from "../../../../test/stand-ins/stripe-connect";
import { payoutAccounts } from "../../db/schema";

const SECRET_KEY = "sk_test_eventora_payout_accounts";
const WEBHOOK_SECRET = "whsec_test_eventora_payout_accounts";

/**
 * Payout accounts with PAYMENT_PROVIDER=stripe (D23), through the official SDK against the Stripe
 * stand-in: onboarding link, Stripe's hosted form (simulated), its signed account.updated webhook over
 * HTTP, and the rule that a paid event cannot be bought until its organiser can be paid.
 */
describe("payout accounts (PAYMENT_PROVIDER=stripe)", () => {
  let stripe: StripeStandIn;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let endpoint: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url });
    endpoint = `${await t.app.listen({ port: 0, host: "127.0.0.1" })}/api/webhooks/stripe`;
    stripe.setWebhookUrl(endpoint);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("lets the pages' forms redirect to Stripe's onboarding (CSP form-action), and nowhere else", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/payouts/account" });
    expect(response.headers["content-security-policy"]).toContain(`form-action 'self' ${new URL(stripe.url).origin};`);
  });

  const accountOf = async (client: AuthClient) => (await client.get("/api/payouts/account")).json();
  const buy = (buyer: AuthClient, eventId: string) => buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId, ticketQuantity: 1 });

  /** The payee follows the onboarding link to Stripe's hosted form and completes it; Stripe sends them back to return_url. */
  async function completeHostedOnboarding(url: string) {
    const form = await fetch(url, { redirect: "manual" });
    expect(form.status).toBe(200);
    const html = await form.text();
    const visit = /name="visit" value="([^"]+)"/.exec(html)![1]!;
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const submitted = await fetch(new URL(action, stripe.url), { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ visit, action: "complete" }) });
    expect(submitted.status).toBe(303);
    return submitted.headers.get("location");
  }

  it("onboards an organiser: link to Stripe, not on sale until ready (409 by name), account.updated → ready → on sale", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const paid = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, maxAttendees: 10, title: "Harbour Lights Gig" });
    const free = await createEvent(t.db, { userId: organiser.account.id, pricePence: 0, title: "Free Harbour Walk" });
    expect(await accountOf(organiser.client)).toEqual({ provider: "stripe", account: null });

    const refused = await buy(buyer.client, paid.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "CONFLICT",
      message: "Tickets for Harbour Lights Gig are not on sale yet: the organiser is still setting up payouts.",
      details: { reason: "PAYOUTS_NOT_READY", eventId: paid.id },
    });
    // A free event is never held back: create-payment answers as it always has (no payment is needed).
    const freeAnswer = await buy(buyer.client, free.id);
    expect(freeAnswer.statusCode).toBe(400);
    expect(freeAnswer.json().error.message).toBe("Free Harbour Walk is free: no payment or booking is needed.");

    const onboarding = await organiser.client.post("/api/payouts/account/onboarding");
    expect(onboarding.statusCode).toBe(200);
    const { url } = onboarding.json();
    const [row] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, organiser.account.id));
    expect(row).toMatchObject({ provider: "stripe", ready: false, detailsSubmitted: false, requirementsDue: NEW_ACCOUNT_REQUIREMENTS });
    expect(url).toBe(`${stripe.url}/onboarding/${row!.accountId}?link=${new URL(url).searchParams.get("link")}`);
    const sent = stripe.received.filter((request) => request.path === "/v1/accounts").at(-1)!;
    expect(sent.idempotencyKey).toBe(`connect-account-${organiser.account.id}`);
    const link = Object.fromEntries(stripe.received.filter((request) => request.path === "/v1/account_links").at(-1)!.form);
    expect(link).toMatchObject({
      account: row!.accountId,
      type: "account_onboarding",
      refresh_url: `${t.config.publicUrl}/dashboard/payouts/refresh`,
      return_url: `${t.config.publicUrl}/dashboard/payouts/return`,
    });
    expect((await accountOf(organiser.client)).account).toMatchObject({ accountId: row!.accountId, ready: false, requirementsDue: NEW_ACCOUNT_REQUIREMENTS, disabledReason: "requirements.past_due" });
    expect((await buy(buyer.client, paid.id)).statusCode).toBe(409);

    // Stripe's form completes the account and sends account.updated, signed, to the app's webhook.
    expect(await completeHostedOnboarding(url)).toBe(`${t.config.publicUrl}/dashboard/payouts/return`);
    const delivery = stripe.deliveries.filter((sent) => sent.account === row!.accountId).at(-1)!;
    expect(delivery).toMatchObject({ type: "account.updated", status: 200 });
    expect((await accountOf(organiser.client)).account).toMatchObject({ ready: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null });
    expect((await buy(buyer.client, paid.id)).statusCode).toBe(200);

    // A second start keeps the same account and makes a new link.
    const again = await organiser.client.post("/api/payouts/account/onboarding");
    expect(new URL(again.json().url).pathname).toBe(`/onboarding/${row!.accountId}`);
  });

  it("keeps up with Stripe's account.updated, and a replayed or late notice changes nothing", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 10, title: "Replay Night" });
    await organiser.client.post("/api/payouts/account/onboarding");
    const [row] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, organiser.account.id));
    await stripe.completeOnboarding(row!.accountId);
    const readyNotice = stripe.deliveries.filter((sent) => sent.account === row!.accountId).at(-1)!;
    expect((await accountOf(organiser.client)).account.ready).toBe(true);

    // Stripe restricts the account: payouts stop, and so do sales.
    const restricted = await stripe.restrictAccount(row!.accountId, { due: ["external_account"] });
    expect(restricted.delivery?.status).toBe(200);
    expect((await accountOf(organiser.client)).account).toMatchObject({ ready: false, requirementsDue: ["external_account"], disabledReason: "requirements.past_due" });
    expect((await buy(buyer.client, event.id)).statusCode).toBe(409);

    // The older 'ready' notice delivered again (Stripe neither orders nor dedupes): the account stays as Stripe has it now.
    expect((await stripe.resend(endpoint, readyNotice.payload)).status).toBe(200);
    expect((await accountOf(organiser.client)).account).toMatchObject({ ready: false, requirementsDue: ["external_account"] });
    expect((await buy(buyer.client, event.id)).statusCode).toBe(409);
    const restrictedNotice = stripe.deliveries.filter((sent) => sent.account === row!.accountId).at(-1)!;
    expect((await stripe.resend(endpoint, restrictedNotice.payload)).status).toBe(200);
    expect((await accountOf(organiser.client)).account).toMatchObject({ ready: false, requirementsDue: ["external_account"] });
    expect(await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, organiser.account.id))).toHaveLength(1);
  });

  it("ignores account.updated for an account that is not ours", async () => {
    const before = await t.db.select().from(payoutAccounts);
    const stranger = await stripe.connect.account(
      (await (await fetch(`${stripe.url}/v1/accounts`, { method: "POST", headers: { authorization: `Bearer ${SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" }, body: "type=express&country=GB&capabilities[transfers][requested]=true" })).json()).id,
    );
    const { delivery } = await stripe.completeOnboarding(String(stranger.id));
    expect(delivery?.status).toBe(200);
    expect(await t.db.select().from(payoutAccounts)).toEqual(before);
  });

  it("makes one Stripe account when Set up payouts is pressed several times at once", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const accountsBefore = stripe.connect.accountIds().length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => organiser.client.post("/api/payouts/account/onboarding")));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(stripe.connect.accountIds().length).toBe(accountsBefore + 1);
    const rows = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, organiser.account.id));
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((answer) => new URL(answer.json().url).pathname))).toEqual(new Set([`/onboarding/${rows[0]!.accountId}`]));
  });

  it("refuses a cart by the event that is not on sale, and sells a cart whose organisers are all ready", async () => {
    const ready = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const waiting = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await givenReadyStripeAccount(t.db, ready.account.id);
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const onSale = await createEvent(t.db, { userId: ready.account.id, pricePence: 1000, maxAttendees: 10, title: "On Sale Show" });
    const held = await createEvent(t.db, { userId: waiting.account.id, pricePence: 1000, maxAttendees: 10, title: "Held Back Show" });
    const cart = await buyer.client.post("/api/functions/create-payment", {
      attendeeName: "Ada Lovelace",
      items: [
        { eventId: onSale.id, ticketQuantity: 1 },
        { eventId: held.id, ticketQuantity: 1 },
      ],
    });
    expect(cart.statusCode).toBe(409);
    expect(cart.json().error.message).toBe("Tickets for Held Back Show are not on sale yet: the organiser is still setting up payouts.");
    expect((await buy(buyer.client, onSale.id)).statusCode).toBe(200);
  });
});

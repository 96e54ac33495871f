import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { payoutAccounts } from "../../db/schema";
import { handleProviderNotice } from "../refunds/provider-events.service";
import { eventsAwaitingPayouts, organiserCanTakePayments } from "./payout-accounts.service";

/** Payout accounts with the local provider (D23): simulated, ready at once, so a fresh machine runs the whole flow. */
describe("payout accounts (local provider)", () => {
  const t = setUpTestApp();

  it("answers no account until the payee sets one up, then a ready one at once, and the link is the return page", async () => {
    const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const before = await client.get("/api/payouts/account");
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toBe("private, no-store");
    expect(before.json()).toEqual({ provider: "local", account: null });

    const onboarding = await client.post("/api/payouts/account/onboarding");
    expect(onboarding.statusCode).toBe(200);
    expect(onboarding.json()).toEqual({ url: `${t.config.publicUrl}/dashboard/payouts/return` });

    const after = (await client.get("/api/payouts/account")).json();
    expect(after).toMatchObject({
      provider: "local",
      account: { ready: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null },
    });
    expect(after.account.accountId).toMatch(/^acct_local_[0-9a-f]{24}$/);
    const [row] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, account.id));
    expect(row).toMatchObject({ provider: "local", accountId: after.account.accountId, ready: true });

    // A second start answers the same account.
    expect((await client.post("/api/payouts/account/onboarding")).statusCode).toBe(200);
    expect((await client.get("/api/payouts/account")).json().account.accountId).toBe(after.account.accountId);
  });

  it("makes one account when onboarding is started several times at once", async () => {
    const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post("/api/payouts/account/onboarding")));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, account.id));
    expect(rows).toHaveLength(1);
  });

  it("needs a signed-in user, and shows each user only their own account", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/payouts/account" });
    expect(anonymous.statusCode).toBe(401);
    const start = await t.app.inject({ method: "POST", url: "/api/payouts/account/onboarding", headers: { origin: t.config.publicUrl } });
    expect(start.statusCode).toBe(401);

    const owner = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const other = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await owner.client.post("/api/payouts/account/onboarding");
    const ownerAccount = (await owner.client.get("/api/payouts/account")).json().account.accountId;
    // Another user sees no account of theirs, and setting one up makes their own, never the owner's.
    expect((await other.client.get("/api/payouts/account")).json().account).toBeNull();
    await other.client.post("/api/payouts/account/onboarding");
    const otherAccount = (await other.client.get("/api/payouts/account")).json().account.accountId;
    expect(otherAccount).not.toBe(ownerAccount);
    expect((await owner.client.get("/api/payouts/account")).json().account.accountId).toBe(ownerAccount);
  });

  it("refuses a state-changing call from another site", async () => {
    const { client } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const forged = await t.app.inject({ method: "POST", url: "/api/payouts/account/onboarding", headers: { origin: "https://evil.example", cookie: client.cookieHeader } });
    expect(forged.statusCode).toBe(403);
  });

  it("never holds a sale back with the local provider, and asks only of paid events with Stripe", async () => {
    const { account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const paid = await createEvent(t.db, { userId: account.id, pricePence: 1500, maxAttendees: 10 });
    const free = await createEvent(t.db, { userId: account.id, pricePence: 0 });
    expect(await organiserCanTakePayments(t.db, "local", account.id)).toBe(true);
    expect(await eventsAwaitingPayouts(t.db, "local", [paid.id, free.id])).toEqual([]);
    // The same organiser with Stripe: the paid event waits, the free one never does.
    expect(await organiserCanTakePayments(t.db, "stripe", account.id)).toBe(false);
    expect(await eventsAwaitingPayouts(t.db, "stripe", [paid.id, free.id])).toEqual([{ id: paid.id, title: paid.title, organiserId: account.id }]);

    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: paid.id, ticketQuantity: 1 });
    expect(checkout.statusCode).toBe(200);
  });

  it("keeps an account current from the provider's account.updated notice, ignoring accounts it does not know", async () => {
    const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await client.post("/api/payouts/account/onboarding");
    const [row] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, account.id));
    const context = { db: t.db, jobs: t.app.jobs, gateway: { name: "local" } as never };
    const paused = { accountId: row!.accountId, ready: false, detailsSubmitted: true, payoutsEnabled: false, requirementsDue: ["external_account"], disabledReason: "requirements.past_due" };
    await handleProviderNotice(context, { type: "account.updated", account: paused });
    await handleProviderNotice(context, { type: "account.updated", account: paused });
    expect((await client.get("/api/payouts/account")).json().account).toMatchObject({ ready: false, requirementsDue: ["external_account"], disabledReason: "requirements.past_due" });
    await handleProviderNotice(context, { type: "account.updated", account: { ...paused, accountId: "acct_local_unknown" } });
    expect(await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, "acct_local_unknown"))).toEqual([]);
  });
});

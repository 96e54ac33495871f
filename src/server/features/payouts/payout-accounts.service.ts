import { and, eq, inArray, sql } from "drizzle-orm";
import { AppError, payoutsNotReadyMessage, type PayoutAccountState, type PayoutAccountView } from "../../../domain";
import { paidEventSql } from "../../../domain/events.sql";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { events, payoutAccounts, users } from "../../db/schema";
import { enforceRateLimit } from "../../lib/rate-limiter";
import type { ConnectedAccountState, PaymentGateway } from "../../providers/payments/payments";

/** Where Stripe's onboarding sends the payee back (refresh: the link expired; return: they finished or left). */
export const PAYOUTS_REFRESH_PATH = "/dashboard/payouts/refresh";
export const PAYOUTS_RETURN_PATH = "/dashboard/payouts/return";

/** Each start of onboarding makes an account link at Stripe: a few a minute is plenty for a person. */
const ONBOARDING_RATE_LIMIT = { limit: 10, windowSeconds: 60 } as const;

/**
 * Where the provider's hosted onboarding lives (Stripe Express: connect.stripe.com; the stand-in's own
 * origin in tests). The Set up payouts form's answer redirects there, which the pages' CSP form-action
 * must allow, or the browser stops the post at our own page.
 */
export function onboardingOrigins(config: Pick<Config, "paymentProvider" | "STRIPE_API_URL">): string[] {
  if (config.paymentProvider !== "stripe") return [];
  return [config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL).origin : "https://connect.stripe.com"];
}

type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
type Gateway = Pick<PaymentGateway, "name" | "createConnectedAccount" | "onboardingLink" | "connectedAccount">;

function viewOf(row: PayoutAccountRow): PayoutAccountView {
  return {
    accountId: row.accountId,
    ready: row.ready,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
    requirementsDue: row.requirementsDue,
    disabledReason: row.disabledReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function stateColumns(account: ConnectedAccountState) {
  return {
    ready: account.ready,
    detailsSubmitted: account.detailsSubmitted,
    payoutsEnabled: account.payoutsEnabled,
    requirementsDue: account.requirementsDue,
    disabledReason: account.disabledReason,
  };
}

/** The user's account with this provider; one made with another provider (local, before Stripe was set up) is none. */
async function accountRow(db: Db | Tx, provider: string, userId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.provider, provider)));
  return row ?? null;
}

/** The signed-in payee's account as last reported (GET /api/payouts/account). */
export async function getPayoutAccount({ db, gateway, userId }: { db: Db; gateway: Pick<PaymentGateway, "name">; userId: string }): Promise<PayoutAccountState> {
  const row = await accountRow(db, gateway.name, userId);
  return { provider: gateway.name, account: row && viewOf(row) };
}

/**
 * The user's connected account, created at the provider the first time (D23: one per payee). Serialised
 * per user by a transaction lock, so two clicks at once make one account; the provider's idempotency key
 * (`connect-account-{userId}`) makes a retry after a crash between its answer and our insert the same
 * account too. An account left from another provider is replaced by this provider's.
 */
export async function ensurePayoutAccount({ db, gateway, userId }: { db: Db; gateway: Gateway; userId: string }): Promise<PayoutAccountRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payout-account:${userId}`}, 0))`);
    const existing = await accountRow(tx, gateway.name, userId);
    if (existing) return existing;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to set up payouts.");
    const account = await gateway.createConnectedAccount({ email: user.email, userId, idempotencyKey: `connect-account-${userId}` });
    const values = { provider: gateway.name, accountId: account.accountId, ...stateColumns(account), updatedAt: new Date() };
    const [row] = await tx
      .insert(payoutAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
      .returning();
    return row!;
  });
}

/**
 * Starts (or continues) onboarding: the account once, then a fresh account link to the provider's form.
 * With the local provider the account is ready at once and the link is our own return page.
 */
export async function startOnboarding({ db, gateway, publicUrl, userId }: { db: Db; gateway: Gateway; publicUrl: string; userId: string }): Promise<{ url: string }> {
  await enforceRateLimit(db, [
    { key: `payout-onboarding:user:${userId}`, rule: ONBOARDING_RATE_LIMIT, message: "Too many attempts to set up payouts. Please wait a minute and try again." },
  ]);
  const account = await ensurePayoutAccount({ db, gateway, userId });
  return gateway.onboardingLink({ accountId: account.accountId, refreshUrl: `${publicUrl}${PAYOUTS_REFRESH_PATH}`, returnUrl: `${publicUrl}${PAYOUTS_RETURN_PATH}` });
}

/** A new link for an expired one (Stripe's refresh_url); null when the user has no account to continue. */
export async function continueOnboarding({ db, gateway, publicUrl, userId }: { db: Db; gateway: Gateway; publicUrl: string; userId: string }): Promise<{ url: string } | null> {
  if (!(await accountRow(db, gateway.name, userId))) return null;
  return startOnboarding({ db, gateway, publicUrl, userId });
}

/** The payee came back from onboarding: ask the provider where the account stands now and keep it. */
export async function refreshPayoutAccount({ db, gateway, userId }: { db: Db; gateway: Gateway; userId: string }): Promise<PayoutAccountState> {
  const row = await accountRow(db, gateway.name, userId);
  if (row) await applyAccountUpdate(db, await gateway.connectedAccount(row.accountId));
  return getPayoutAccount({ db, gateway, userId });
}

/**
 * A connected account's state as the provider reports it (the `account.updated` webhook, or the return
 * from onboarding). Harmless to repeat; an account we do not know (another platform's, or one deleted
 * with its user) is ignored. Answers whether it was ours.
 */
export async function applyAccountUpdate(db: Db | Tx, account: ConnectedAccountState): Promise<boolean> {
  const updated = await db
    .update(payoutAccounts)
    .set({ ...stateColumns(account), updatedAt: new Date() })
    .where(eq(payoutAccounts.accountId, account.accountId))
    .returning({ userId: payoutAccounts.userId });
  return updated.length > 0;
}

/**
 * The `account.updated` webhook (D23). Stripe neither orders nor dedupes its deliveries, so a notice may
 * carry an older state than one already applied: for an account of ours, the state is read again from
 * the provider and kept (a replay changes nothing). Another platform's account is ignored.
 */
export async function applyAccountNotice({ db, gateway }: { db: Db; gateway: Pick<PaymentGateway, "connectedAccount"> }, account: ConnectedAccountState): Promise<boolean> {
  const [known] = await db.select({ accountId: payoutAccounts.accountId }).from(payoutAccounts).where(eq(payoutAccounts.accountId, account.accountId));
  if (!known) return false;
  return applyAccountUpdate(db, await gateway.connectedAccount(known.accountId));
}

/**
 * Whether an organiser's paid tickets may be sold (D23): with Stripe, only once their connected account
 * is ready to receive transfers. The local provider's accounts are simulated, so it never refuses (the
 * payout job makes the simulated account when it first pays: ensurePayoutAccount).
 */
export async function organiserCanTakePayments(db: Db | Tx, gatewayName: PaymentGateway["name"], organiserId: string): Promise<boolean> {
  if (gatewayName !== "stripe") return true;
  return (await accountRow(db, gatewayName, organiserId))?.ready === true;
}

/** Of these events, the paid ones whose organiser cannot be paid yet with this provider (none with the local provider). */
export async function eventsAwaitingPayouts(db: Db | Tx, gatewayName: PaymentGateway["name"], eventIds: string[]): Promise<{ id: string; title: string; organiserId: string }[]> {
  if (gatewayName !== "stripe" || eventIds.length === 0) return [];
  return db
    .select({ id: events.id, title: events.title, organiserId: events.userId })
    .from(events)
    .leftJoin(payoutAccounts, and(eq(payoutAccounts.userId, events.userId), eq(payoutAccounts.provider, gatewayName)))
    .where(and(inArray(events.id, eventIds), paidEventSql(events), sql`${payoutAccounts.ready} is not true`))
    .orderBy(events.title);
}

/** Create-payment's refusal of a paid event whose organiser cannot be paid yet, by name (409). */
export function payoutsNotReadyError(waiting: { id: string; title: string }): AppError {
  return new AppError("CONFLICT", payoutsNotReadyMessage(waiting.title), { reason: "PAYOUTS_NOT_READY", eventId: waiting.id });
}

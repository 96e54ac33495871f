import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { AppError, payoutsNotReadyMessage, type PayoutAccountState, type PayoutAccountView } from "../../../domain";
import type { Db } from "../../db/client";
import { events, payoutAccounts, users } from "../../db/schema";
import { enforceRateLimit } from "../../lib/rate-limiter";
import type { ConnectedAccountState, PaymentGateway } from "../../providers/payments/payments";
import type { Tx } from "../checkout/capacity";

/** Where Stripe's onboarding sends the payee back (refresh: the link expired; return: they finished or left). */
export const PAYOUTS_REFRESH_PATH = "/dashboard/payouts/refresh";
export const PAYOUTS_RETURN_PATH = "/dashboard/payouts/return";

/** Each start of onboarding makes an account link at Stripe: a few a minute is plenty for a person. */
const ONBOARDING_RATE_LIMIT = { limit: 10, windowSeconds: 60 } as const;

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
    .where(and(inArray(events.id, eventIds), gt(events.pricePence, 0), sql`${payoutAccounts.ready} is not true`))
    .orderBy(events.title);
}

/** Create-payment's check: a paid event whose organiser cannot be paid yet is refused by name (409). */
export async function assertEventsCanBeBought(tx: Db | Tx, gatewayName: PaymentGateway["name"], eventIds: string[]): Promise<void> {
  const [waiting] = await eventsAwaitingPayouts(tx, gatewayName, eventIds);
  if (waiting) throw new AppError("CONFLICT", payoutsNotReadyMessage(waiting.title), { reason: "PAYOUTS_NOT_READY", eventId: waiting.id });
}

/**
 * The payout engine's way in (payouts.service): the payee's account, made when missing (with the local
 * provider, ready at once). Merged from i20-payouts onto ensurePayoutAccount by the statements helper.
 */
export async function connectPayoutAccount({ db, gateway }: { db: Db; gateway: PaymentGateway }, userId: string): Promise<PayoutAccountRow> {
  return ensurePayoutAccount({ db, gateway, userId });
}

import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payoutAccounts, users } from "../../db/schema";
import type { ConnectedAccountState, PaymentGateway } from "../../providers/payments/payments";

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** The provider's idempotency key for a user's connected account: asked twice (two tabs, two nodes), it is one account. */
export const connectAccountKey = (userId: string) => `connect-account-${userId}`;

/** Writes what the provider says about an account onto its row. */
function stateColumns(state: ConnectedAccountState) {
  return {
    accountId: state.accountId,
    ready: state.ready,
    detailsSubmitted: state.detailsSubmitted,
    payoutsEnabled: state.payoutsEnabled,
    requirementsDue: state.requirementsDue,
    disabledReason: state.disabledReason,
    updatedAt: new Date(),
  };
}

/**
 * A user's payout account (D23), created at the provider when they have none: the dashboard's "connect"
 * and, with the local provider, the payout job (its simulated accounts are ready at once). The provider's
 * idempotency key makes concurrent calls one account, and the row is keyed by user.
 */
export async function connectPayoutAccount({ db, gateway, provider }: { db: Db; gateway: PaymentGateway; provider: string }, userId: string): Promise<PayoutAccountRow> {
  const [existing] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  if (existing) return existing;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`No user ${userId}`);
  const state = await gateway.createConnectedAccount({ email: user.email, idempotencyKey: connectAccountKey(userId), userId });
  await db
    .insert(payoutAccounts)
    .values({ userId, provider, ...stateColumns(state) })
    .onConflictDoNothing({ target: payoutAccounts.userId });
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row!;
}

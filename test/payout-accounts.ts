import type { Db } from "../src/server/db/client";
import { payoutAccounts } from "../src/server/db/schema";

/**
 * A payee whose Stripe connected account is ready (D23), for tests about something else that sell a paid
 * event with PAYMENT_PROVIDER=stripe: without one, create-payment refuses the event.
 */
export async function givenReadyStripeAccount(db: Db, userId: string, accountId = `acct_test_${userId.replace(/-/g, "").slice(0, 16)}`) {
  await db
    .insert(payoutAccounts)
    .values({ userId, provider: "stripe", accountId, ready: true, detailsSubmitted: true, payoutsEnabled: true })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: { provider: "stripe", accountId, ready: true, detailsSubmitted: true, payoutsEnabled: true } });
  return accountId;
}

/** The Payouts tab, where onboarding always comes back to. */
export const PAYOUTS_TAB = "/dashboard?tab=payouts";

/**
 * Stripe's refresh_url (GET: a new link for an expired one) and the Set up payouts form (POST: the account
 * once, then a link). The server names both of Stripe's addresses (payout-accounts.service.ts).
 */
export const PAYOUTS_ONBOARDING = "/dashboard/payouts/refresh";

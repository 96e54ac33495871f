import { paths } from "~/paths";

/** The Payouts section, where onboarding always comes back to. */
export const PAYOUTS_SECTION = paths.dashboardPayouts;

/**
 * Stripe's refresh_url (GET: a new link for an expired one) and the Set up payouts form (POST: the account
 * once, then a link). The server names both of Stripe's addresses (payout-accounts.service.ts).
 */
export const PAYOUTS_ONBOARDING = "/dashboard/payouts/refresh";

/** The statements and payouts as CSV downloads (the JSON API's; the browser follows the link). */
export const STATEMENTS_CSV_URL = "/api/payouts/statements.csv";
export const PAYOUTS_CSV_URL = "/api/payouts/payouts.csv";

import { redirect } from "react-router";
import { paths } from "~/paths";
import type { Route } from "./+types/payouts-return";

/**
 * Stripe's return_url (D23): the payee left onboarding, finished or not. The account is read again from
 * the provider (webhooks may come later), then the Payouts tab shows where it stands.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { refreshPayoutAccountState } = await import("~/lib/services.server");
  const user = await requireUser(context, request);
  try {
    await refreshPayoutAccountState(context, user.id);
  } catch (error) {
    // The tab then shows the account as last reported; the account.updated webhook brings it up to date.
    console.error("Could not read the payout account back from the provider", error);
  }
  return redirect(paths.payoutsTab);
}

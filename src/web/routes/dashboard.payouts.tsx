import { Outlet } from "react-router";
import { PayoutsPanel } from "~/features/dashboard/components/payouts/payouts-panel";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard.payouts";

/** Payouts (/dashboard/payouts, D23): the payout account and the statements. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getDashboardStatements, getPayoutAccountState } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  const [account, statements] = await Promise.all([getPayoutAccountState(context, user.id), getDashboardStatements(context, user)]);
  return { account, statements };
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function PayoutsSectionRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      {/* Stripe's way back (/dashboard/payouts/:step) says here when onboarding could not start. */}
      <Outlet />
      <PayoutsPanel account={loaderData.account} statements={loaderData.statements} />
    </div>
  );
}

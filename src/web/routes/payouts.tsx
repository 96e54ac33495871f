import { data, redirect } from "react-router";
import { PAYOUTS_SECTION } from "~/features/dashboard/lib/payouts-paths";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/payouts";

/**
 * Stripe's two addresses back from payout onboarding (D23), one route (a child of the Payouts section) so
 * the pages' route manifest stays small. refresh: the link expired or was used, so the payee gets a new
 * one. return: the payee left onboarding, finished or not; the account is read again from the provider
 * (its webhook may come later) and the Payouts section shows where it stands.
 */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const services = await import("~/lib/services.server");
  const { redirectToOnboarding } = await import("~/features/dashboard/payouts-onboarding.server");
  if (params.step !== "refresh" && params.step !== "return") throw data(null, { status: 404 });
  const user = await requireUser(context, request, url);
  if (params.step === "refresh") return redirectToOnboarding(() => services.continuePayoutOnboarding(context, user.id));
  try {
    await services.refreshPayoutAccountState(context, user.id);
  } catch (error) {
    // The section then shows the account as last reported; the account.updated webhook brings it up to date.
    console.error("Could not read the payout account back from the provider", error);
  }
  return redirect(PAYOUTS_SECTION);
}

/** The Payouts section's Set up payouts / Continue setup form (POST …/refresh): the account once, then to the provider's form. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { startPayoutOnboarding } = await import("~/lib/services.server");
  const { postedFromThisSite, redirectToOnboarding } = await import("~/features/dashboard/payouts-onboarding.server");
  if (params.step !== "refresh") throw data(null, { status: 405 });
  const user = await requireUser(context, request, url);
  if (!postedFromThisSite(context, request)) return data({ problem: "This request did not come from this site and was refused." }, { status: 403 });
  return redirectToOnboarding(() => startPayoutOnboarding(context, user.id));
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

/** Shown above the Payouts section only when onboarding could not start (too many attempts, the provider down). */
export default function PayoutsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  return (
    <section role="alert" aria-labelledby="payouts-problem-heading" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-5">
      <h2 id="payouts-problem-heading" className="text-lg font-bold">
        Payouts could not be set up
      </h2>
      <p className="mt-1 text-sm">{answer && typeof answer === "object" && "problem" in answer ? answer.problem : "Please try again."}</p>
      <a href={PAYOUTS_SECTION} className="mt-3 inline-block text-sm font-semibold underline underline-offset-2">
        Back to Payouts
      </a>
    </section>
  );
}

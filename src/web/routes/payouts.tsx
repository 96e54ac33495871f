import { data, redirect } from "react-router";
import { PAYOUTS_TAB } from "~/features/dashboard/lib/payouts-paths";
import type { Route } from "./+types/payouts";

/**
 * Stripe's two addresses back from payout onboarding (D23), one route so the pages' route manifest
 * stays small. refresh: the link expired or was used, so the payee gets a new one. return: the payee
 * left onboarding, finished or not; the account is read again from the provider (its webhook may come
 * later) and the Payouts tab shows where it stands.
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
    // The tab then shows the account as last reported; the account.updated webhook brings it up to date.
    console.error("Could not read the payout account back from the provider", error);
  }
  return redirect(PAYOUTS_TAB);
}

/** The Payouts tab's Set up payouts / Continue setup form (POST …/refresh): the account once, then to the provider's form. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { startPayoutOnboarding } = await import("~/lib/services.server");
  const { postedFromThisSite, redirectToOnboarding } = await import("~/features/dashboard/payouts-onboarding.server");
  if (params.step !== "refresh") throw data(null, { status: 405 });
  const user = await requireUser(context, request, url);
  if (!postedFromThisSite(context, request)) return data({ problem: "This request did not come from this site and was refused." }, { status: 403 });
  return redirectToOnboarding(() => startPayoutOnboarding(context, user.id));
}

/** Shown only when onboarding could not start (too many attempts, the provider down); kept tiny, as every page carries the route list. */
export default function PayoutsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-3xl font-extrabold">Payouts could not be set up</h1>
      <p className="mt-3 text-muted">{answer && typeof answer === "object" && "problem" in answer ? answer.problem : "Please try again."}</p>
      <a href="/dashboard?tab=payouts" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-2">
        Back to Payouts
      </a>
    </section>
  );
}

import { CircleAlert } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { StatusPanel } from "~/components/ui/status-panel";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/payouts-refresh";

/** Stripe's refresh_url (D23): the onboarding link expired or was used, so the payee gets a new one. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { continuePayoutOnboarding } = await import("~/lib/services.server");
  const { redirectToOnboarding } = await import("~/features/dashboard/payouts-onboarding.server");
  const user = await requireUser(context, request);
  return redirectToOnboarding(() => continuePayoutOnboarding(context, user.id));
}

/** The Payouts tab's Set up payouts / Continue setup form: the account once, then to the provider's form. */
export async function action({ context, request }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { startPayoutOnboarding } = await import("~/lib/services.server");
  const { assertPostedFromThisSite, redirectToOnboarding } = await import("~/features/dashboard/payouts-onboarding.server");
  const user = await requireUser(context, request);
  assertPostedFromThisSite(context, request);
  return redirectToOnboarding(() => startPayoutOnboarding(context, user.id));
}

export const meta: Route.MetaFunction = () => [...seoMeta({ title: "Payouts", description: "Set up payouts for your ticket sales." }), { name: "robots", content: "noindex" }];

function ProblemPanel({ problem }: { problem: string }) {
  return (
    <StatusPanel icon={CircleAlert} title="Payouts could not be set up" backTo={paths.payoutsTab} backLabel="Back to Payouts">
      {problem}
    </StatusPanel>
  );
}

export default function PayoutsRefreshRoute({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  return <ProblemPanel problem={answer && "problem" in answer ? answer.problem : "Please try again."} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const problem = isRouteErrorResponse(error) && typeof error.data?.problem === "string" ? error.data.problem : "Please try again in a few minutes.";
  return <ProblemPanel problem={problem} />;
}

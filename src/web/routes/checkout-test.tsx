import { SearchX } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { StatusPanel } from "~/components/ui/status-panel";
import { TestCheckoutView } from "~/features/checkout/test-checkout-page";
import { orNotFound } from "~/lib/not-found";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/checkout-test";

/** The buyer's own checkout only: anyone else goes to /auth, a stranger's or unknown session is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getTestCheckout } = await import("~/lib/services.server");
  const user = await requireUser(context, request);
  return { checkout: await orNotFound(getTestCheckout(context, { sessionId: params.sessionId, userId: user.id })) };
}

// A payment page: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Test payment", description: "Pay for your tickets in test mode." }),
  { name: "robots", content: "noindex" },
];

export default function CheckoutTestPage({ loaderData }: Route.ComponentProps) {
  return <TestCheckoutView checkout={loaderData.checkout} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <StatusPanel icon={SearchX} title={missing ? "Checkout not found" : "Something went wrong"} backTo={paths.events()} backLabel="Back to Events">
      {missing
        ? "This checkout doesn't exist or belongs to another account."
        : "We couldn't load this checkout just now. Please try again in a moment."}
    </StatusPanel>
  );
}

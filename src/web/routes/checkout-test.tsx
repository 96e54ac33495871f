import { TestCheckoutError, TestCheckoutPage } from "~/features/checkout/test-checkout-page";
import { orNotFound } from "~/lib/not-found";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/checkout-test";

/** The buyer's own checkout only: anyone else goes to /auth, a stranger's or unknown session is a 404. */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getTestCheckout } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  return { checkout: await orNotFound(getTestCheckout(context, { sessionId: params.sessionId, userId: user.id })) };
}

// A payment page: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Test payment", description: "Pay for your tickets in test mode." }),
  { name: "robots", content: "noindex" },
];

export default function CheckoutTestRoute({ loaderData }: Route.ComponentProps) {
  return <TestCheckoutPage checkout={loaderData.checkout} />;
}

export function ErrorBoundary() {
  return <TestCheckoutError />;
}

import type { ShouldRevalidateFunction } from "react-router";
import { isTabOnlyChange } from "~/components/ui/tabs";
import { AffiliatePage } from "~/features/affiliates/components/affiliate-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/affiliates";
import { services } from "~/lib/page-context.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

/** Public page; a signed-in user's own affiliate account comes with it. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { getOwnAffiliate, getSessionUser } = await import("~/lib/services.server");
  const user = await getSessionUser(context, request);
  return {
    userId: user?.id ?? null,
    affiliate: user ? await getOwnAffiliate(context, user.id) : null,
    origin: services(context).config.publicUrl,
  };
}

/** Create Affiliate Account and Generate New Code (posted by the page's fetcher, or as forms before the scripts run). */
export async function action({ context, request }: Route.ActionArgs) {
  const { affiliatesAction } = await import("~/features/affiliates/affiliates-action.server");
  return affiliatesAction(context, request);
}

/** Switching between Dashboard and Affiliate Tools (`?tab=`) changes the view, not the data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && isTabOnlyChange(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

// Differs per signed-in user: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () =>
  seoMeta({
    title: "Affiliate Programme",
    description: "Earn 10% of booking fees on every paid ticket sold through your link. Paid within 7 business days after the event, no minimum.",
  });

export default function AffiliatesRoute({ loaderData }: Route.ComponentProps) {
  return <AffiliatePage loadedFor={loaderData.userId} initialAffiliate={loaderData.affiliate} origin={loaderData.origin} />;
}

import { Outlet, redirect, type ShouldRevalidateFunction } from "react-router";
import { DashboardError } from "~/features/dashboard/components/dashboard-error";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page";
import { sectionAddressOf } from "~/features/dashboard/lib/dashboard-view";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard";

/**
 * The dashboard's frame, only for the signed-in user (anyone else goes to /auth and comes back here).
 * An old `?tab=` address is sent on to its section's own address (issue 35).
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const moved = sectionAddressOf(url);
  if (moved) throw redirect(moved, 301);
  const { requireUser } = await import("~/lib/require-user.server");
  const { paidEventsWaitingForSellerDetails } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  return { paidEventsWaiting: await paidEventsWaitingForSellerDetails(context, user.id) };
}

/** Moving between sections changes nothing the frame shows; a revalidation or a form post still reloads it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.href !== nextUrl.href ? false : defaultShouldRevalidate;

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage paidEventsWaiting={loaderData.paidEventsWaiting}>
      <Outlet />
    </DashboardPage>
  );
}

export function ErrorBoundary() {
  return <DashboardError />;
}

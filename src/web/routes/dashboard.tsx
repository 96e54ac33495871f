import type { ShouldRevalidateFunction } from "react-router";
import { DashboardError } from "~/features/dashboard/components/dashboard-error";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page";
import { isViewOnlyChange } from "~/features/dashboard/lib/dashboard-view";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

/** Only for the signed-in user: anyone else goes to /auth and comes back here after signing in. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getDashboard, getPayoutAccountState, sellerDetailsComplete } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  const [dashboard, payoutAccount, sellerDetails] = await Promise.all([getDashboard(context, user.id), getPayoutAccountState(context, user.id), sellerDetailsComplete(context, user.id)]);
  return { ...dashboard, payoutAccount, sellerDetailsPending: !sellerDetails };
}

/** Switching tab or attendee event changes the address but not the data: no reload for that. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && isViewOnlyChange(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

// The organiser's sales and attendees: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Dashboard", description: "Your events, sales, bookings and attendees in one place." }),
  { name: "robots", content: "noindex" },
];

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardPage events={loaderData.events} attendeeEvents={loaderData.attendeeEvents} sales={loaderData.sales} bookings={loaderData.bookings} payoutAccount={loaderData.payoutAccount} sellerDetailsPending={loaderData.sellerDetailsPending} />;
}

export function ErrorBoundary() {
  return <DashboardError />;
}

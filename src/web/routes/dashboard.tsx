import type { ShouldRevalidateFunction } from "react-router";
import { CheckInInstructions } from "~/features/dashboard/components/check-in-instructions";
import { DashboardError } from "~/features/dashboard/components/dashboard-error";
import { DashboardTabs } from "~/features/dashboard/components/dashboard-tabs";
import { useRevalidateOnSale } from "~/features/dashboard/hooks/use-revalidate-on-sale";
import { isViewOnlyChange } from "~/features/dashboard/lib/dashboard-view";
import { useRevalidateOnVisible } from "~/hooks/use-revalidate-on-visible";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

/** Only for the signed-in user: anyone else goes to /auth and comes back here after signing in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getDashboard } = await import("~/lib/services.server");
  const user = await requireUser(context, request);
  return getDashboard(context, user.id);
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

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  // Sales from the live feed and a return to the browser tab both bring the figures up to date.
  useRevalidateOnSale();
  useRevalidateOnVisible();
  return (
    <div className="bg-surface">
      <div className="container-page flex flex-col gap-6 py-8 sm:gap-8 sm:py-12">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Dashboard</h1>
          <p className="mt-2 text-muted">Manage your events, follow your sales and check attendees in.</p>
        </header>
        <CheckInInstructions />
        <DashboardTabs events={loaderData.events} attendeeEvents={loaderData.attendeeEvents} sales={loaderData.sales} bookings={loaderData.bookings} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <DashboardError />;
}

import { MyBookingsPanel } from "~/features/dashboard/components/bookings/my-bookings-panel";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard.bookings";

/** My Bookings (/dashboard/bookings): the user's own bookings. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { listDashboardBookings } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  return { bookings: await listDashboardBookings(context, user.id) };
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function MyBookingsRoute({ loaderData }: Route.ComponentProps) {
  return <MyBookingsPanel bookings={loaderData.bookings} />;
}

import { CheckInPage } from "~/features/check-in/components/check-in-page";
import { eventChoices } from "~/features/check-in/lib/event-choices";
import { isNetworkFailure } from "~/features/check-in/lib/network-failure";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/check-in";

/**
 * The organiser's events, to check in for and download ticket lists of, and the door's event's
 * 'Admitted X / Y': the one in `?event=` (empty: any of them), else the next one. Signed out: nothing.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { getCheckInCounts, getSessionUser, listDashboardEvents } = await import("~/lib/services.server");
  const user = await getSessionUser(context, request);
  if (!user) return { ownEvents: null, counts: null };
  const ownEvents = await listDashboardEvents(context, user.id);
  const eventId = url.searchParams.get("event") ?? eventChoices(ownEvents, new Date()).upcoming[0]?.id ?? "";
  return { ownEvents, counts: eventId ? await getCheckInCounts(context, { request, eventId }) : null };
}

/**
 * At a door without signal the scanner carries on from this device's ticket lists: a read that cannot
 * reach the server answers "not known now" (the page keeps what it had) instead of failing the page.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (isNetworkFailure(error)) return { ownEvents: null, counts: null };
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  ...seoMeta({
    title: "Ticket Scanner",
    description: "Check attendees in at the door: scan the QR code on each ticket, even when the venue has no signal.",
  }),
  { name: "robots", content: "noindex" },
];

// Signed-in and signed-out visitors see different pages: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function CheckInRoute({ loaderData }: Route.ComponentProps) {
  return <CheckInPage ownEvents={loaderData.ownEvents} counts={loaderData.counts} />;
}

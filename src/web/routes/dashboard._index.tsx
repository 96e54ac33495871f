import { MyEventsPanel } from "~/features/dashboard/components/my-events/my-events-panel";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard._index";

/** My Events (/dashboard): the organiser's events, every status. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { listDashboardEvents } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  return { events: await listDashboardEvents(context, user.id) };
}

/** Delete, cancel or postpone one of the organiser's events (posted by fetchers from the dialogs). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { myEventsAction } = await import("~/features/dashboard/my-events-action.server");
  const user = await requireUser(context, request, url);
  return myEventsAction(context, user, await request.formData());
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function MyEventsRoute({ loaderData }: Route.ComponentProps) {
  return <MyEventsPanel events={loaderData.events} />;
}

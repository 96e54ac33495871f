import { useActionData } from "react-router";
import { chooseAttendeeEvent, eventChoiceLabel } from "~/features/dashboard/lib/my-event-rows";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import { OrganiserWaitingListPanel } from "~/features/waiting-list/organiser-waiting-list";
import type { Route } from "./+types/dashboard.waiting-list";

/**
 * Waiting Lists (/dashboard/waiting-list; ?event= picks the event, issue 37): the chosen event's waiting
 * list, its settings and offers by hand. The API decides who may see it (the event's organiser, or an
 * admin acting for them); an admin may name any event in ?event=, anyone else reads "Event not found".
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { listAttendeeEventChoices } = await import("~/lib/services.server");
  const { organiserWaitingList } = await import("~/features/waiting-list/waiting-list-pages.server");
  const user = await requireUser(context, request, url);
  const groups = await listAttendeeEventChoices(context, user.id);
  const requested = url.searchParams.get("event")?.trim().slice(0, 100) || null;
  const own = chooseAttendeeEvent(groups, requested);
  const events = [...groups.upcoming, ...groups.past].map((event) => ({ id: event.id, label: eventChoiceLabel(event) }));
  // An admin acting for an organiser names their event; the API says whether they may see it.
  const chosenId = user.isAdmin && requested && own?.id !== requested ? requested : (own?.id ?? null);
  const list = chosenId ? await organiserWaitingList(context, request, chosenId) : null;
  const title = own?.id === chosenId ? own.title : "this event";
  return { events, chosen: chosenId ? { id: chosenId, title } : null, list };
}

/** The list's settings and offers sent by hand (plain forms). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { organiserWaitingListAction } = await import("~/features/waiting-list/waiting-list-pages.server");
  await requireUser(context, request, url);
  return organiserWaitingListAction(context, request);
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function WaitingListRoute({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() ?? null;
  return <OrganiserWaitingListPanel events={loaderData.events} chosen={loaderData.chosen} list={loaderData.list} result={result} />;
}

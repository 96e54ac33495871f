import { useActionData } from "react-router";
import { DoorFigures } from "~/features/check-in/components/door-figures";
import { CheckInPanel } from "~/features/dashboard/components/check-in/check-in-panel";
import { chooseAttendeeEvent, eventChoiceLabel } from "~/features/dashboard/lib/my-event-rows";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard.check-in";

/**
 * Check-in (/dashboard/check-in; ?event= picks the event, issue 38): the chosen event's door opening time,
 * check-in lists, live door figures and scan log (?result=, ?who=, ?list= filter it; ?cursor= is a later
 * page). The services decide who may see it (the event's organiser, or an admin acting for them).
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { listAttendeeEventChoices } = await import("~/lib/services.server");
  const { checkInSection } = await import("~/features/dashboard/check-in-page.server");
  const user = await requireUser(context, request, url);
  const groups = await listAttendeeEventChoices(context, user.id);
  const requested = url.searchParams.get("event")?.trim().slice(0, 100) || null;
  const own = chooseAttendeeEvent(groups, requested);
  const events = [...groups.upcoming, ...groups.past].map((event) => ({ id: event.id, label: eventChoiceLabel(event) }));
  // An admin acting for an organiser names their event; the services say whether they may see it.
  const chosenId = user.isAdmin && requested && own?.id !== requested ? requested : (own?.id ?? null);
  const section = chosenId ? await checkInSection(context, request, chosenId, url) : null;
  const title = own && own.id === chosenId ? own.title : "this event";
  return { events, chosen: chosenId ? { id: chosenId, title } : null, section };
}

/** The door time and the lists' posts (plain forms). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { checkInAction } = await import("~/features/dashboard/check-in-page.server");
  await requireUser(context, request, url);
  return checkInAction(context, request);
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function CheckInRoute({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() ?? null;
  const { events, chosen, section } = loaderData;
  return <CheckInPanel events={events} chosen={chosen} section={section} result={result} figures={chosen && section ? <DoorFigures eventId={chosen.id} initial={section.figures} /> : null} />;
}

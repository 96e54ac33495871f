import type { ShouldRevalidateFunction } from "react-router";
import { AttendeePanel } from "~/features/dashboard/components/attendees/attendee-panel";
import { AttendeesError } from "~/features/dashboard/components/attendees/attendees-error";
import { chooseAttendeeEvent } from "~/features/dashboard/lib/my-event-rows";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard.attendees";

/**
 * Attendee Management (/dashboard/attendees; ?event= picks the event): the chosen event's attendees,
 * the pending refund requests and the refund-request e-mail choice.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const services = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  const [groups, refundRequests, refundRequestEmails] = await Promise.all([
    services.listAttendeeEventChoices(context, user.id),
    services.listPendingRefundRequests(context, user),
    services.getRefundRequestEmails(context, user.id),
  ]);
  const chosen = chooseAttendeeEvent(groups, url.searchParams.get("event"));
  const attendees = chosen ? await services.listEventAttendees(context, { user, eventId: chosen.id }) : null;
  return { groups, chosenId: chosen?.id ?? null, attendees, refundRequests, refundRequestEmails };
}

/** Check-in by hand, refunds, answers to refund requests and the e-mail choice (posted by fetchers). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { attendeesAction } = await import("~/features/dashboard/attendees-action.server");
  const user = await requireUser(context, request, url);
  return attendeesAction(context, user, await request.formData());
}

/** A ticket look-up changes nothing: the lists are not read again after it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { intent?: string } | undefined)?.intent === "lookup-ticket" ? false : defaultShouldRevalidate;

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function AttendeesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AttendeePanel
      groups={loaderData.groups}
      chosenId={loaderData.chosenId}
      attendees={loaderData.attendees}
      refundRequests={loaderData.refundRequests}
      refundRequestEmails={loaderData.refundRequestEmails}
    />
  );
}

export function ErrorBoundary() {
  return <AttendeesError />;
}

import { CodesPanel } from "~/features/dashboard/components/codes/codes-panel";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard.codes";

/**
 * Codes (/dashboard/codes, issue 37): the discount and access codes the user manages (?event= shows those
 * that apply to one event), a new code or one being changed (?edit=), and codes generated in bulk.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { listDashboardCodes, listCodeEventChoices } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  const all = await listDashboardCodes(context, { user });
  const events = await listCodeEventChoices(context, { user, alsoEventIds: all.flatMap((code) => (code.eventId ? [code.eventId] : [])) });
  const eventId = events.find((event) => event.id === url.searchParams.get("event"))?.id ?? null;
  const codes = eventId ? await listDashboardCodes(context, { user, eventId }) : all;
  const editing = all.find((code) => code.id === url.searchParams.get("edit")) ?? null;
  return { codes, events, eventId, editing };
}

/** New, changed, deactivated, reactivated, deleted and generated codes (plain form posts: they work before the scripts load). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { codesAction } = await import("~/features/dashboard/codes-action.server");
  const user = await requireUser(context, request, url);
  return codesAction(context, user, await request.formData());
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function CodesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CodesPanel {...loaderData} result={actionData ?? null} />;
}

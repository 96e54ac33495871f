import { DoorTeamPanel } from "~/features/door-team/components/door-team-panel";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard.door-team";

/**
 * Door team (/dashboard/door-team, issue 38, D26): staff invited by e-mail and door links for chosen events,
 * with their status; ?revoke= asks before revoking one.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { listDashboardDoorTeam, listDoorEventChoices } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  const [team, events] = await Promise.all([listDashboardDoorTeam(context, { user }), listDoorEventChoices(context, { user })]);
  const confirming = team.find((access) => access.id === url.searchParams.get("revoke") && access.status !== "revoked")?.id ?? null;
  return { team, events, confirming };
}

/** Invitations, new door links and revocations (plain form posts: they work before the scripts load). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { doorTeamAction } = await import("~/features/door-team/door-team-action.server");
  const user = await requireUser(context, request, url);
  return doorTeamAction(context, user, await request.formData());
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function DoorTeamRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <DoorTeamPanel {...loaderData} result={actionData ?? null} />;
}

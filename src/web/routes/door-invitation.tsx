import { data } from "react-router";
import { AppError } from "@domain";
import { InvitationPage, type InvitationView } from "~/features/door-team/components/door-pages";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/door-invitation";

/** A staff invitation (issue 38, D26): signed out, a way to sign in and come back; signed in, the invitation. */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { getDoorInvitation, getSessionUser } = await import("~/lib/services.server");
  const user = await getSessionUser(context, request);
  if (!user) return { view: { state: "signed-out", signInTo: `${paths.auth}?redirect=${encodeURIComponent(url.pathname)}` } satisfies InvitationView };
  try {
    return { view: { state: "open", invitation: await getDoorInvitation(context, { user, token: params.token }) } satisfies InvitationView };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return data({ view: { state: "not-found", message: error.message } satisfies InvitationView }, { status: 404 });
    throw error;
  }
}

/** Accept (a plain form post: it works before the scripts load); a refusal names why (another e-mail, revoked, taken). */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { acceptDoorInvitation } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  try {
    await acceptDoorInvitation(context, { user, token: params.token });
    return { refusal: null };
  } catch (error) {
    if (error instanceof AppError) return data({ refusal: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [...seoMeta({ title: "Door team invitation", description: "Accept an invitation to check tickets in." }), { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function DoorInvitationRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationPage view={loaderData.view as InvitationView} refusal={actionData?.refusal ?? null} />;
}

import { UserCog } from "lucide-react";
import { StatusPanel } from "~/components/ui/status-panel";
import { ProfileEditPage } from "~/features/profile-edit/profile-edit-page";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/profile-edit";

/** Only for the signed-in user: anyone else goes to /auth and comes back here after signing in. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getOwnProfile } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  return { profile: await getOwnProfile(context, user.id) };
}

/** The page's posts: "Delete my account" (it works before the scripts load). */
export async function action({ context, request }: Route.ActionArgs) {
  const { eraseAccountAction } = await import("~/features/profile-edit/erase-account-action.server");
  const form = await request.formData();
  if (form.get("intent") === "erase-account") return eraseAccountAction(context, request, form);
  throw new Response("Unknown form", { status: 400 });
}

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Edit profile", description: "Change your public profile: username, name, picture, bio and links." }),
  { name: "robots", content: "noindex" },
];

export default function ProfileEditRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileEditPage profile={loaderData.profile} erasure={actionData} />;
}

export function ErrorBoundary() {
  return (
    <StatusPanel icon={UserCog} title="Failed to load profile data" backTo={paths.home} backLabel="Return to Home">
      Please refresh the page or try again in a moment.
    </StatusPanel>
  );
}

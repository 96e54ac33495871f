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

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Edit profile", description: "Change your public profile: username, name, picture, bio and links." }),
  { name: "robots", content: "noindex" },
];

export default function ProfileEditRoute({ loaderData }: Route.ComponentProps) {
  return <ProfileEditPage profile={loaderData.profile} />;
}

export function ErrorBoundary() {
  return (
    <StatusPanel icon={UserCog} title="Failed to load profile data" backTo={paths.home} backLabel="Return to Home">
      Please refresh the page or try again in a moment.
    </StatusPanel>
  );
}

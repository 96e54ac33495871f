import { UserCog } from "lucide-react";
import { Link } from "react-router";
import { FormPage } from "~/components/form-page";
import { StatusPanel } from "~/components/ui/status-panel";
import { ProfileEditForm } from "~/features/profile-edit/components/profile-edit-form";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/profile-edit";

/** Only for the signed-in user: anyone else goes to /auth and comes back here after signing in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getOwnProfile } = await import("~/lib/services.server");
  const user = await requireUser(context, request);
  return { profile: await getOwnProfile(context, user.id) };
}

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Edit profile", description: "Change your public profile: username, name, picture, bio and links." }),
  { name: "robots", content: "noindex" },
];

export default function ProfileEditPage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <FormPage
      title="Edit Profile"
      intro={
        <>
          {profile.username ? (
            <>
              This is what people see on your public page,{" "}
              <Link to={paths.profile(profile.username)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                @{profile.username}
              </Link>
              .
            </>
          ) : (
            "Choose a username to get your own public page."
          )}{" "}
          Signed in as <span className="break-all font-semibold text-ink">{profile.email}</span>.
        </>
      }
    >
      <ProfileEditForm profile={profile} />
    </FormPage>
  );
}

export function ErrorBoundary() {
  return (
    <StatusPanel icon={UserCog} title="Failed to load profile data" backTo={paths.home} backLabel="Return to Home">
      Please refresh the page or try again in a moment.
    </StatusPanel>
  );
}

import { UserCog } from "lucide-react";
import { Link } from "react-router";
import { StatusPanel } from "~/components/ui/status-panel";
import { ProfileEditForm } from "~/features/profile-edit/profile-edit-form";
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
    <div className="bg-surface">
      <div className="container-page py-10 sm:py-14">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Edit Profile</h1>
          <p className="mt-2 text-muted">
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
          </p>
          <div className="mt-8 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8">
            <ProfileEditForm profile={profile} />
          </div>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <StatusPanel icon={UserCog} title="Failed to load profile data" backTo={paths.home} backLabel="Return to Home">
      Please refresh the page or try again in a moment.
    </StatusPanel>
  );
}

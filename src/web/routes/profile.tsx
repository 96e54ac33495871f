import { isRouteErrorResponse } from "react-router";
import { ProfileNotFound } from "~/features/profiles/profile-not-found";
import { ProfilePage } from "~/features/profiles/profile-page";
import { orNotFound } from "~/lib/not-found";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/profile";
import { services } from "~/lib/page-context.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const { getPublicProfile } = await import("~/lib/services.server");
  const profile = await orNotFound(getPublicProfile({ db, username: params.username }));
  return { profile, origin: config.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) {
    return [
      ...seoMeta({ title: "Profile not found", description: "There is no organiser with that username." }),
      { name: "robots", content: "noindex" },
    ];
  }
  const { profile, origin } = loaderData;
  const name = profile.displayName || profile.username;
  const bio = profile.bio?.replace(/\s+/g, " ").trim();
  return seoMeta({
    title: `${name} (@${profile.username})`,
    description: bio && bio.length > 155 ? `${bio.slice(0, 154).trimEnd()}…` : bio || `Upcoming events from ${name}.`,
    url: absoluteUrl(origin, paths.profile(profile.username)),
    image: absoluteUrl(origin, profile.avatarUrl),
  });
};

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return <ProfilePage profile={loaderData.profile} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProfileNotFound failed={!(isRouteErrorResponse(error) && error.status === 404)} />;
}

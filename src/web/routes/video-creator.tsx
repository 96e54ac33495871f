import { ImageCreatorPage } from "~/features/image-creator/image-creator-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/video-creator";
import { services } from "~/lib/page-context.server";

/**
 * Signed-in users only (the spec does not show the creator's access rule, §6): anyone else goes to
 * /auth and comes back here. Says whether images come from an AI service or the built-in designer.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const [{ requireUser }, { listDashboardEvents }] = await Promise.all([import("~/lib/require-user.server"), import("~/lib/services.server")]);
  const user = await requireUser(context, request, url);
  // The organiser's events: the ones an image can start from or be used on.
  return { aiConfigured: Boolean(services(context).config.OPENAI_API_KEY), ownEvents: await listDashboardEvents(context, user.id) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Create Images", description: "Make promotional images for your events: posters in five styles and three sizes, ready to share." }),
  { name: "robots", content: "noindex" },
];

export default function VideoCreatorRoute({ loaderData }: Route.ComponentProps) {
  return <ImageCreatorPage aiConfigured={loaderData.aiConfigured} ownEvents={loaderData.ownEvents} />;
}

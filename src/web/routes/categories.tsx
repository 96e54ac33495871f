import { CategoriesPage } from "~/features/categories/categories-page";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/categories";
import { services } from "~/lib/page-context.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export async function loader({ context }: Route.LoaderArgs) {
  const { getCategoryCounts } = await import("~/lib/services.server");
  return { categories: await getCategoryCounts({ db: services(context).db }), origin: services(context).config.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: "Event Categories",
    description: "Browse UK events by category: music, comedy, food, sport, arts, technology and more. Find what's on near you.",
    url: loaderData ? absoluteUrl(loaderData.origin, paths.categories) : undefined,
  });

export default function CategoriesRoute({ loaderData }: Route.ComponentProps) {
  return <CategoriesPage {...loaderData} />;
}

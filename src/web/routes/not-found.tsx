import { data } from "react-router";
import { NotFoundView } from "~/layout/not-found-view";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

/** Unknown paths answer 404 (spec §2 404 page); the path is logged here on the server and in the browser by the view. */
export function loader({ url }: Route.LoaderArgs) {
  console.info(`404: no page at ${url.pathname}`);
  return data(null, { status: 404 });
}

export const meta = () => [...seoMeta({ title: "Page not found", description: "This page does not exist." }), { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundView />;
}

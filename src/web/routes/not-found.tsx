import { data } from "react-router";
import { NotFoundView } from "~/features/layout/components/not-found-view";
import { seoMeta } from "~/lib/seo";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [...seoMeta({ title: "Page not found", description: "This page does not exist." }), { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundView />;
}

import { EventCard } from "~/features/events/components/event-card";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { getHomeData } = await import("~/lib/services.server");
  return getHomeData({ db: context.db });
}

export const meta: Route.MetaFunction = () => seoMeta({ title: "Eventora", description: "UK events" });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page grid gap-6 py-10 sm:grid-cols-2 lg:grid-cols-4">
      {loaderData.featured.map((event, i) => (
        <EventCard key={event.id} event={event} featured priority={i < 4} />
      ))}
    </div>
  );
}

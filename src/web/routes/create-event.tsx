import { CreateEventError, CreateEventPage } from "~/features/create-event/create-event-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/create-event";

/** Signed-in users only; ?edit={eventId} opens an event of theirs (admins: anyone's) for editing. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { loadEventForm } = await import("~/features/create-event/load-event-form.server");
  return loadEventForm(context, request, url);
}

export const meta: Route.MetaFunction = ({ location }) => {
  const editing = new URLSearchParams(location.search).has("edit");
  return [
    ...seoMeta({
      title: editing ? "Edit Event" : "Create Event",
      description: "List an event, a food venue or an ongoing business and start selling tickets.",
    }),
    { name: "robots", content: "noindex" },
  ];
};

export default function CreateEventRoute({ loaderData }: Route.ComponentProps) {
  return <CreateEventPage data={loaderData} />;
}

export function ErrorBoundary() {
  return <CreateEventError />;
}

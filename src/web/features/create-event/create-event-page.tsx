import { CalendarPlus } from "lucide-react";
import { StatusPanel } from "~/components/ui/status-panel";
import { EventForm } from "~/features/create-event/components/event-form";
import { EventFormSkeleton } from "~/features/create-event/components/event-form-skeleton";
import { useLeaveAfterLoadError, useOrganisersLoadErrorToast } from "~/features/create-event/hooks/use-leave-after-load-error";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/create-event";

/** Signed-in users only; ?edit={eventId} opens an event of theirs (admins: anyone's) for editing. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { loadEventForm } = await import("~/features/create-event/load-event-form.server");
  return loadEventForm(context, request);
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

export default function CreateEventPage({ loaderData }: Route.ComponentProps) {
  useLeaveAfterLoadError(loaderData.loadError);
  useOrganisersLoadErrorToast(loaderData.loadError === null && loaderData.organisersFailed);
  const editing = loaderData.loadError !== null || loaderData.event !== null;

  return (
    <div className="bg-surface">
      <div className="container-page py-10 sm:py-14">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{editing ? "Edit Event" : "Create Event"}</h1>
          <p className="mt-2 text-muted">
            {loaderData.loadError === null && loaderData.event ? (
              <>
                Changes to <span className="font-semibold text-ink">{loaderData.event.title}</span> show on its page as soon as you save.
              </>
            ) : (
              "List an event, a food venue or an ongoing business. It is published as soon as you create it."
            )}{" "}
            Fields marked <span aria-hidden="true">*</span> are required.
          </p>
          <div className="mt-8 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8">
            {loaderData.loadError === null ? (
              <EventForm key={loaderData.event?.id ?? "new"} event={loaderData.event} actor={loaderData.actor} organisers={loaderData.organisers} />
            ) : (
              <EventFormSkeleton label="Going back to your dashboard…" />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <StatusPanel icon={CalendarPlus} title="Something went wrong" backTo={paths.dashboard} backLabel="Go to Dashboard">
      The event form could not be opened. Please refresh the page or try again in a moment.
    </StatusPanel>
  );
}

import { CalendarPlus } from "lucide-react";
import { FormPage } from "~/components/form-page";
import { StatusPanel } from "~/components/ui/status-panel";
import { paths } from "~/paths";
import { EventForm } from "./components/event-form";
import { EventFormSkeleton } from "./components/event-form-skeleton";
import { useLeaveAfterLoadError, useOrganisersLoadErrorToast } from "./hooks/use-leave-after-load-error";
import type { EventFormData } from "./load-event-form.server";

/** /create-event (spec §2 Create event); ?edit={eventId} edits an event instead. */
export function CreateEventPage({ data }: { data: EventFormData }) {
  useLeaveAfterLoadError(data.loadError);
  useOrganisersLoadErrorToast(data.loadError === null && data.organisersFailed);
  const editing = data.loadError !== null || data.event !== null;

  return (
    <FormPage
      title={editing ? "Edit Event" : "Create Event"}
      intro={
        <>
          {data.loadError === null && data.event ? (
            <>
              Changes to <span className="font-semibold text-ink">{data.event.title}</span> show on its page as soon as you save.
            </>
          ) : (
            "List an event, a food venue or an ongoing business. It is published as soon as you create it."
          )}{" "}
          Fields marked <span aria-hidden="true">*</span> are required.
        </>
      }
    >
      {data.loadError === null ? (
        <EventForm key={data.event?.id ?? "new"} event={data.event} actor={data.actor} organisers={data.organisers} />
      ) : (
        <EventFormSkeleton label="Going back to your dashboard…" />
      )}
    </FormPage>
  );
}

export function CreateEventError() {
  return (
    <StatusPanel icon={CalendarPlus} title="Something went wrong" backTo={paths.dashboard} backLabel="Go to Dashboard">
      The event form could not be opened. Please refresh the page or try again in a moment.
    </StatusPanel>
  );
}

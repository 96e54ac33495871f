import { CalendarPlus } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { useNavigate } from "react-router";
import { FormPage } from "~/components/form-page";
import { StatusPanel } from "~/components/ui/status-panel";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { EventForm } from "./components/event-form";
import { EVENT_TOASTS } from "./lib/event-toasts";
import type { EventLoadError } from "./lib/load-error";
import type { EventFormData } from "./load-event-form.server";

// Shown only when the event cannot be opened, on the way back to the dashboard: not loaded with the form (issue 35).
const EventFormSkeleton = lazy(() => import("./components/event-form-skeleton").then((module) => ({ default: module.EventFormSkeleton })));

/** spec §2 Create/edit event: an event that cannot be edited gives its toast, then the dashboard. */
function useLeaveAfterLoadError(loadError: EventLoadError | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!loadError) return;
    const { title, description } = loadError === "access-denied" ? EVENT_TOASTS.accessDenied : EVENT_TOASTS.loadFailed;
    // The id keeps React's development double effects from stacking a second toast.
    toast.error(title, { description, id: "event-load-error" });
    void navigate(paths.dashboard, { replace: true });
  }, [loadError, navigate]);
}

/** For admins: 'Error loading organizers' when the organiser list could not be loaded. */
function useOrganisersLoadErrorToast(failed: boolean): void {
  useEffect(() => {
    if (failed) toast.error(EVENT_TOASTS.organisersFailed.title, { description: EVENT_TOASTS.organisersFailed.description, id: "organisers-load-error" });
  }, [failed]);
}

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
        <EventForm key={data.event?.id ?? "new"} event={data.event} actor={data.actor} organisers={data.organisers} payoutsPending={data.payoutsPending} sellerDetailsPending={data.sellerDetailsPending} />
      ) : (
        <Suspense fallback={null}>
          <EventFormSkeleton label="Going back to your dashboard…" />
        </Suspense>
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

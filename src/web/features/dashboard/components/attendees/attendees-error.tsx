import { RotateCcw } from "lucide-react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { DASHBOARD_TOASTS } from "../../lib/dashboard-toasts";

/** Attendee Management could not be read (spec §8 'Failed to load attendee data'); the dashboard's frame stays, and a retry reads it again. */
export function AttendeesError() {
  const { revalidate, state } = useRevalidator();
  return (
    <section role="alert" aria-labelledby="attendees-error-heading" className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-white p-4 shadow-sm sm:p-5">
      <h2 id="attendees-error-heading" className="text-lg font-bold">
        {DASHBOARD_TOASTS.attendeesFailed.title}
      </h2>
      <p className="text-sm text-muted">The attendee list could not be loaded. Check your connection and try again.</p>
      <Button type="button" variant="outline" size="sm" disabled={state === "loading"} onClick={() => void revalidate()}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </section>
  );
}

import { CalendarPlus, Download, RotateCcw, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatPounds, formatDateTime, plural } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { paths } from "~/paths";
import { attendeesCsvUrl } from "../../api/get-attendees";
import { useAttendees, type AttendeesState } from "../../hooks/use-attendees";
import { useDashboardView } from "../../hooks/use-dashboard-view";
import { attendeeRow, attendeeSummary, type AttendeeRow } from "../../lib/attendee-rows";
import { DASHBOARD_TOASTS } from "../../lib/dashboard-toasts";
import { chooseAttendeeEvent, eventChoiceLabel, type AttendeeEventGroups } from "../../lib/my-event-rows";
import { EmptyState } from "../empty-state";
import { RefundRequestsSection } from "../refund-requests/refund-requests-section";
import { PanelHeader } from "../panel-header";
import { TicketResender, TicketViewer } from "../tickets/ticket-tools";
import { AttendeeCards } from "./attendee-cards";
import { AttendeeTable } from "./attendee-table";
import { RefundDialog } from "./refund-dialog";

function statusLine(state: AttendeesState): string {
  switch (state.status) {
    case "idle":
      return "";
    case "loading":
      return "Loading attendees...";
    case "failed":
      return DASHBOARD_TOASTS.attendeesFailed.title;
    case "ready": {
      const summary = attendeeSummary(state.list.attendees);
      if (state.list.attendees.length === 0) return "No attendees yet.";
      return `${plural(summary.bookings, "booking")} · ${plural(summary.tickets, "ticket")} · ${summary.checkedInBookings} of ${summary.bookings} checked in · ${formatPounds(summary.paidByBuyersPence)} paid by buyers, booking fees included`;
    }
  }
}


/**
 * Confirmed attendees of one of the user's active events, with check-in and CSV export, and the
 * ticket viewer and resender (spec §2 Dashboard). It opens on the next upcoming event; past events
 * follow in their own group (issue 17).
 */
export function AttendeePanel({ groups }: { groups: AttendeeEventGroups }) {
  const { requestedEvent, show } = useDashboardView();
  const chosen = chooseAttendeeEvent(groups, requestedEvent);
  const eventId = chosen?.id ?? null;
  const { state, retry, checkIn, checkingIn, refund } = useAttendees(eventId);
  const [refunding, setRefunding] = useState<AttendeeRow | null>(null);
  const rows = state.status === "ready" ? state.list.attendees.map(attendeeRow) : [];

  return (
    <section aria-labelledby="attendees-heading" className="flex flex-col gap-5">
      <PanelHeader id="attendees-heading" title="Attendee Management">
        Confirmed attendees of your active events. Check people in, refund tickets and export the list.
      </PanelHeader>

      {/* An approved request's tickets leave the list of its event. */}
      <RefundRequestsSection onApproved={(approvedEventId) => approvedEventId === eventId && retry()} />

      {chosen && eventId ? (
        <div className="rounded-2xl border border-border bg-white shadow-sm">
          <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Field id="attendee-event" label="Event">
                <Select value={eventId} onChange={(event) => show({ event: event.target.value })}>
                  {groups.upcoming.length > 0 && (
                    <optgroup label="Upcoming">
                      {groups.upcoming.map((event) => (
                        <option key={event.id} value={event.id}>
                          {eventChoiceLabel(event)}
                        </option>
                      ))}
                    </optgroup>
                  )}
                  {groups.past.length > 0 && (
                    <optgroup label="Past">
                      {groups.past.map((event) => (
                        <option key={event.id} value={event.id}>
                          {eventChoiceLabel(event)}
                        </option>
                      ))}
                    </optgroup>
                  )}
                </Select>
              </Field>
              {/* A closed select cuts a long title on a phone or tablet: the chosen event in full, wrapping. */}
              <p className="break-words text-sm text-muted lg:hidden">
                <span className="font-semibold text-ink">{chosen.title}</span> · {formatDateTime(chosen.dateTime)}
              </p>
            </div>
            <a href={attendeesCsvUrl(eventId)} download className={buttonVariants({ variant: "outline", className: "shrink-0 sm:mt-7" })}>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </div>
          <p role="status" className="border-t border-border px-4 py-3 text-sm font-semibold text-muted sm:px-5">
            {statusLine(state)}
          </p>

          {state.status === "loading" && (
            <div className="flex flex-col gap-2 border-t border-border p-4 sm:p-5">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="h-12" />
              ))}
            </div>
          )}
          {state.status === "failed" && (
            <div className="flex flex-col items-start gap-3 border-t border-border p-4 sm:p-5">
              <p className="text-sm text-muted">The attendee list could not be loaded. Check your connection and try again.</p>
              <Button type="button" variant="outline" size="sm" onClick={retry}>
                <RotateCcw aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
          {state.status === "ready" && rows.length > 0 && (
            <>
              <div className="hidden md:block">
                <AttendeeTable eventTitle={state.list.event.title} rows={rows} checkingIn={checkingIn} onCheckIn={checkIn} onRefund={setRefunding} />
              </div>
              <div className="md:hidden">
                <AttendeeCards rows={rows} checkingIn={checkingIn} onCheckIn={checkIn} onRefund={setRefunding} />
              </div>
            </>
          )}
          {state.status === "ready" && rows.length === 0 && (
            <div className="flex flex-col items-center gap-2 border-t border-border px-4 py-10 text-center">
              <Users className="size-8 text-brand-600" aria-hidden="true" />
              <p className="font-semibold">No attendees yet</p>
              <p className="max-w-sm text-sm text-muted">Confirmed bookings for this event appear here as they come in.</p>
            </div>
          )}
        </div>
      ) : (
        <EmptyState
          icon={CalendarPlus}
          title="No active events"
          action={
            <Link to={paths.createEvent} className={buttonVariants()}>
              Create Event
            </Link>
          }
        >
          Attendee lists appear here for your active events.
        </EmptyState>
      )}

      <RefundDialog row={refunding} onClose={() => setRefunding(null)} onSubmit={refund} />

      <div className="grid gap-5 lg:grid-cols-2">
        <TicketViewer />
        <TicketResender />
      </div>
    </section>
  );
}

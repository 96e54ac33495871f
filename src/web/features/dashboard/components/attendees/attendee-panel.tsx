import { CalendarPlus, Download, Users } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { formatPounds, formatDateTime, plural, type AttendeeList, type RefundRequestEmails, type RefundRequestView } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { paths } from "~/paths";
import { attendeeRows, attendeeSummary, type AttendeeRow } from "../../lib/attendee-rows";
import { eventChoiceLabel, type AttendeeEventGroups } from "../../lib/my-event-rows";
import { EmptyState } from "../empty-state";
import { RefundRequestsSection } from "../refund-requests/refund-requests-section";
import { PanelHeader } from "../panel-header";
import { TicketResender, TicketViewer } from "../tickets/ticket-tools";
import { AttendeeCards } from "./attendee-cards";
import { AttendeeTable } from "./attendee-table";

// Opened by a Refund button: its code (and the dialog's) loads then, not with the page (issue 35).
const RefundDialog = lazy(() => import("./refund-dialog").then((module) => ({ default: module.RefundDialog })));
const RenameDialog = lazy(() => import("./rename-dialog").then((module) => ({ default: module.RenameDialog })));

/** The attendee list as a CSV download (spec §9 CSV export columns; the JSON API's); the browser follows the link. */
const attendeesCsvUrl = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/attendees?format=csv`;

function statusLine(list: AttendeeList | null, loading: boolean): string {
  if (loading) return "Loading attendees...";
  if (!list) return "";
  const summary = attendeeSummary(list.attendees);
  if (list.attendees.length === 0) return "No attendees yet.";
  return `${plural(summary.bookings, "booking")} · ${plural(summary.tickets, "ticket")} · ${summary.checkedInTickets} of ${plural(summary.tickets, "ticket")} checked in · ${formatPounds(summary.paidByBuyersPence)} paid by buyers, booking fees included`;
}

/**
 * Confirmed attendees of one of the user's active events, a row per ticket (issue 36), with check-in and renaming of each
 * ticket, refunds of each booking and CSV export, and the
 * ticket viewer and resender (spec §2 Dashboard). It opens on the next upcoming event; past events
 * follow in their own group (issue 17). The event is in the address (?event=), read by the loader.
 */
export function AttendeePanel({
  groups,
  chosenId,
  attendees,
  refundRequests,
  refundRequestEmails,
}: {
  groups: AttendeeEventGroups;
  chosenId: string | null;
  attendees: AttendeeList | null;
  refundRequests: RefundRequestView[];
  refundRequestEmails: RefundRequestEmails;
}) {
  const [, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const chosen = [...groups.upcoming, ...groups.past].find((event) => event.id === chosenId) ?? null;
  const eventId = chosen?.id ?? null;
  // Another event asked for: its list is on the way (the loader reads it).
  const pendingEvent = pending?.pathname === pathname ? new URLSearchParams(pending.search).get("event") : null;
  const switching = pendingEvent !== null && pendingEvent !== eventId;
  const [refunding, setRefunding] = useState<AttendeeRow | null>(null);
  const closeRefund = useCallback(() => setRefunding(null), []);
  const [renaming, setRenaming] = useState<AttendeeRow | null>(null);
  const closeRename = useCallback(() => setRenaming(null), []);
  const rows = attendees && !switching ? attendeeRows(attendees.attendees) : [];

  return (
    <section aria-labelledby="attendees-heading" className="flex flex-col gap-5">
      <PanelHeader id="attendees-heading" title="Attendee Management">
        Confirmed attendees of your active events, one row per ticket. Check people in, rename tickets, refund them and export the list.
      </PanelHeader>

      <RefundRequestsSection requests={refundRequests} refundRequestEmails={refundRequestEmails} />

      {chosen && eventId ? (
        <div className="rounded-2xl border border-border bg-white shadow-sm">
          <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Field id="attendee-event" label="Event">
                <Select
                  value={switching ? pendingEvent : eventId}
                  // Replace, not push: choosing events should not fill the Back button's history.
                  onChange={(event) => setSearchParams({ event: event.target.value }, { replace: true, preventScrollReset: true })}
                >
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
            {statusLine(attendees, switching)}
          </p>

          {switching && (
            <div className="flex flex-col gap-2 border-t border-border p-4 sm:p-5">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="h-12" />
              ))}
            </div>
          )}
          {attendees && !switching && rows.length > 0 && (
            <>
              <div className="hidden md:block">
                <AttendeeTable eventTitle={attendees.event.title} rows={rows} onRefund={setRefunding} onRename={setRenaming} />
              </div>
              <div className="md:hidden">
                <AttendeeCards rows={rows} onRefund={setRefunding} onRename={setRenaming} />
              </div>
            </>
          )}
          {attendees && !switching && rows.length === 0 && (
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

      {refunding && (
        <Suspense fallback={null}>
          <RefundDialog row={refunding} onClose={closeRefund} />
        </Suspense>
      )}

      {renaming && (
        <Suspense fallback={null}>
          <RenameDialog key={renaming.ticketId} row={renaming} onClose={closeRename} />
        </Suspense>
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <TicketViewer />
        <TicketResender />
      </div>
    </section>
  );
}

import { plural } from "@domain";
import { CalendarPlus, Plus } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { DashboardEvent } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { DASHBOARD_TOASTS } from "../../lib/dashboard-toasts";
import type { MyEventsActionResult } from "../../lib/my-events-action-result";
import { EmptyState } from "../empty-state";
import { PanelHeader } from "../panel-header";
import { DeleteEventDialog } from "./delete-event-dialog";
import { CancelEventDialog, PostponeEventDialog } from "./event-lifecycle-dialogs";
import { MyEventItem } from "./my-event-item";

function CreateEventLink() {
  return (
    <Link to={paths.createEvent} className={buttonVariants()}>
      <Plus aria-hidden="true" />
      Create Event
    </Link>
  );
}

/** The user's events, every status, newest created first, with Edit and Delete (spec §2 Dashboard). */
export function MyEventsPanel({ events }: { events: DashboardEvent[] }) {
  const [toDelete, setToDelete] = useState<DashboardEvent | null>(null);
  const deletion = useFetcher<MyEventsActionResult>();
  const deleting = deletion.state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);
  const { revalidate } = useRevalidator();
  const [toCancel, setToCancel] = useState<DashboardEvent | null>(null);
  const [toPostpone, setToPostpone] = useState<DashboardEvent | null>(null);
  // While a cancelled event's refunds go through, its row's progress is read again every few seconds.
  const refunding = events.some((event) => event.cancellation && !event.cancellation.done);
  useEffect(() => {
    if (!refunding) return;
    const timer = setInterval(() => void revalidate(), 3000);
    return () => clearInterval(timer);
  }, [refunding, revalidate]);

  // The dialogs post to this route's action; the list is read again once an event has changed.
  const cancelled = useCallback(() => {
    toast.success("Event cancelled", { description: "Every buyer is being refunded in full." });
    setToCancel(null);
  }, []);
  const postponed = useCallback(() => {
    toast.success("Event postponed", { description: "Every buyer is being e-mailed the new date." });
    setToPostpone(null);
  }, []);

  const deleted = deletion.data;
  const deletedEventId = deleted && "done" in deleted ? deleted.eventId : null;
  useEffect(() => {
    if (!deleted) return;
    if ("refused" in deleted) toast.error(DASHBOARD_TOASTS.deleteFailed.title, { description: deleted.refused.message });
    else toast.success(DASHBOARD_TOASTS.eventDeleted.title);
  }, [deleted]);
  // The Delete button that opened the dialog goes with its event once the list is read again: continue from the list.
  const focusedAfterDelete = useRef<string | null>(null);
  useEffect(() => {
    if (!deletedEventId || focusedAfterDelete.current === deletedEventId || events.some((event) => event.id === deletedEventId)) return;
    focusedAfterDelete.current = deletedEventId;
    heading.current?.focus();
  }, [deletedEventId, events]);

  function confirmDelete() {
    if (toDelete) void deletion.submit({ intent: "delete", eventId: toDelete.id }, { method: "post" });
  }

  return (
    <section aria-labelledby="my-events-heading" className="flex flex-col gap-5">
      <PanelHeader id="my-events-heading" title="My Events" headingRef={heading} actions={events.length > 0 ? <CreateEventLink /> : undefined}>
        {events.length > 0 ? `${plural(events.length, "event")} you have created, newest first.` : "Events you create appear here."}
      </PanelHeader>

      {events.length > 0 ? (
        <ul className="flex flex-col gap-4">
          {events.map((event) => (
            <li key={event.id}>
              <MyEventItem event={event} onDelete={setToDelete} onCancel={setToCancel} onPostpone={setToPostpone} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={CalendarPlus} title="No events yet" action={<CreateEventLink />}>
          Create your first event to start selling tickets and checking attendees in.
        </EmptyState>
      )}

      <CancelEventDialog event={toCancel} onClose={() => setToCancel(null)} onDone={cancelled} />
      <PostponeEventDialog event={toPostpone} onClose={() => setToPostpone(null)} onDone={postponed} />
      <DeleteEventDialog
        // Closed once the event is deleted.
        event={toDelete && toDelete.id !== deletedEventId ? toDelete : null}
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        // Focus goes back to the Delete button; once the list no longer has the event, to the heading (above).
        onCloseAutoFocus={() => undefined}
      />
    </section>
  );
}

import { plural } from "@domain";
import { CalendarPlus, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { DashboardEvent } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { deleteEvent } from "../../api/delete-event";
import { DASHBOARD_TOASTS, failureDetail } from "../../lib/dashboard-toasts";
import { EmptyState } from "../empty-state";
import { PanelHeader } from "../panel-header";
import { cancelEvent, postponeEvent } from "../../api/event-lifecycle";
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
  const [deleting, setDeleting] = useState(false);
  const deletedId = useRef<string | null>(null);
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

  async function confirmCancel(reason: string) {
    if (!toCancel) return;
    await cancelEvent(toCancel.id, reason);
    toast.success("Event cancelled", { description: "Every buyer is being refunded in full." });
    setToCancel(null);
    await revalidate();
  }

  async function confirmPostpone(dateTime: string, endTime: string | null) {
    if (!toPostpone) return;
    await postponeEvent(toPostpone.id, dateTime, endTime);
    toast.success("Event postponed", { description: "Every buyer is being e-mailed the new date." });
    setToPostpone(null);
    await revalidate();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteEvent(toDelete.id);
      deletedId.current = toDelete.id;
      toast.success(DASHBOARD_TOASTS.eventDeleted.title);
      setToDelete(null);
      await revalidate();
    } catch (error) {
      toast.error(DASHBOARD_TOASTS.deleteFailed.title, { description: failureDetail(error) });
    } finally {
      setDeleting(false);
    }
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

      <CancelEventDialog event={toCancel} onClose={() => setToCancel(null)} onConfirm={confirmCancel} />
      <PostponeEventDialog event={toPostpone} onClose={() => setToPostpone(null)} onConfirm={confirmPostpone} />
      <DeleteEventDialog
        event={toDelete}
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(focusEvent) => {
          // The Delete button that opened the dialog has gone with its event: continue from the list.
          if (!deletedId.current) return;
          deletedId.current = null;
          focusEvent.preventDefault();
          heading.current?.focus();
        }}
      />
    </section>
  );
}

import { CalendarClock, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { CANCELLATION_REASON_MAX, isoToLondonInput, londonInputToIso, POSTPONEMENT_MIN_SHIFT_HOURS, POSTPONEMENT_REFUND_WINDOW_DAYS } from "@domain";
import { Button } from "~/components/ui/button";
import { Dialog, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { MyEventsActionResult, MyEventsIntent } from "../../lib/my-events-action-result";

/** A dialog's post to My Events' action: busy while under way, the server's refusal, and `onDone` once the event has changed. */
function useEventChange(intent: MyEventsIntent, eventId: string | undefined, onDone: () => void) {
  const fetcher = useFetcher<MyEventsActionResult>();
  const busy = fetcher.state !== "idle";
  // Only this event's answer: the dialog stays mounted while it opens for one event after another.
  const answer = fetcher.data?.intent === intent && fetcher.data.eventId === eventId ? fetcher.data : undefined;
  useEffect(() => {
    if (answer && "done" in answer) onDone();
  }, [answer, onDone]);
  return { fetcher, busy, refusal: answer && "refused" in answer && !busy ? answer.refused.message : null };
}

interface DialogShellProps {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

function DialogShell({ open, busy, onClose, icon, title, description, children }: DialogShellProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      closeOnBackdrop={false}
      className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl"
    >
      <div className="flex gap-4">
        {icon}
        <div className="min-w-0">
          <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted">{description}</DialogDescription>
        </div>
      </div>
      {children}
    </Dialog>
  );
}

/** Asks for a reason before cancelling an event, and says plainly what cancelling does. */
export function CancelEventDialog({ event, onClose, onDone }: { event: { id: string; title: string } | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const done = useCallback(() => {
    setReason("");
    onDone();
  }, [onDone]);
  const { fetcher, busy, refusal } = useEventChange("cancel", event?.id, done);
  const [error, setError] = useState<string | null>(null);
  function submit(formEvent: FormEvent) {
    if (reason.trim()) return setError(null);
    formEvent.preventDefault();
    setError("Please give a reason for cancelling.");
  }
  return (
    <DialogShell
      open={event !== null}
      busy={busy}
      onClose={onClose}
      icon={
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-red-50 text-red-700">
          <TriangleAlert className="size-5" aria-hidden="true" />
        </span>
      }
      title="Cancel this event?"
      description={
        <>
          <span className="break-words font-semibold text-ink">{event?.title}</span> will be cancelled and no more tickets can be bought. Every buyer is
          refunded in full, including the booking fee, and told by e-mail. This cannot be undone.
        </>
      }
    >
      <fetcher.Form method="post" onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="eventId" value={event?.id ?? ""} />
        <Field id="cancel-reason" label="Reason for cancelling" hint="Sent to every buyer with their refund." error={error ?? refusal}>
          <Textarea name="reason" value={reason} onChange={(change) => setReason(change.target.value)} maxLength={CANCELLATION_REASON_MAX} rows={3} required />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Keep event
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? "Cancelling..." : "Cancel event and refund everyone"}
          </Button>
        </div>
      </fetcher.Form>
    </DialogShell>
  );
}

/** A new date and time (UK time, as on the event form) for an event; buyers are e-mailed it. */
export function PostponeEventDialog({
  event,
  onClose,
  onDone,
}: {
  event: { id: string; title: string; dateTime: string } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const change = useEventChange("postpone", event?.id, onDone);
  const busy = change.busy;
  return (
    <DialogShell
      open={event !== null}
      busy={busy}
      onClose={onClose}
      icon={
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-amber-50 text-amber-800">
          <CalendarClock className="size-5" aria-hidden="true" />
        </span>
      }
      title="Postpone this event"
      description={
        <>
          Choose a later date for <span className="break-words font-semibold text-ink">{event?.title}</span>. Tickets stay valid and every buyer is e-mailed the new
          date. If it moves to another day, or {POSTPONEMENT_MIN_SHIFT_HOURS} hours or more later, buyers may ask for a full refund for {POSTPONEMENT_REFUND_WINDOW_DAYS} days.
        </>
      }
    >
      {event && <PostponeForm key={event.id} eventId={event.id} currentDateTime={event.dateTime} change={change} onClose={onClose} />}
    </DialogShell>
  );
}

function PostponeForm({
  eventId,
  currentDateTime,
  change: { fetcher, busy, refusal },
  onClose,
}: {
  eventId: string;
  currentDateTime: string;
  change: ReturnType<typeof useEventChange>;
  onClose: () => void;
}) {
  const [start, setStart] = useState(() => isoToLondonInput(currentDateTime));
  const [end, setEnd] = useState("");
  const [error, setError] = useState<string | null>(null);
  function submit(formEvent: FormEvent) {
    // The form's UK wall times are posted as instants, as the JSON API takes them.
    formEvent.preventDefault();
    const dateTime = londonInputToIso(start);
    if (!dateTime) return setError("Please choose the new date and time.");
    const endTime = end ? londonInputToIso(end) : null;
    setError(null);
    void fetcher.submit({ intent: "postpone", eventId, dateTime, ...(endTime ? { endTime } : {}) }, { method: "post" });
  }
  return (
    <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
      <Field id="postpone-start" label="New date & time (UK time)" error={error ?? refusal}>
        <Input type="datetime-local" value={start} onChange={(change) => setStart(change.target.value)} required />
      </Field>
      <Field id="postpone-end" label="New end time (optional)" hint="Left empty, the event keeps its length.">
        <Input type="datetime-local" value={end} onChange={(change) => setEnd(change.target.value)} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          Keep date
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Postponing..." : "Postpone event"}
        </Button>
      </div>
    </form>
  );
}

import * as Dialog from "@radix-ui/react-dialog";
import { CalendarClock, TriangleAlert } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { CANCELLATION_REASON_MAX, isoToLondonInput, londonInputToIso, POSTPONEMENT_MIN_SHIFT_HOURS, POSTPONEMENT_REFUND_WINDOW_DAYS } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { failureDetail } from "../../lib/dashboard-toasts";

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
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content
          onPointerDownOutside={(pointerEvent) => pointerEvent.preventDefault()}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl"
        >
          <div className="flex gap-4">
            {icon}
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
            </div>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Asks for a reason before cancelling an event, and says plainly what cancelling does. */
export function CancelEventDialog({ event, onClose, onConfirm }: { event: { id: string; title: string } | null; onClose: () => void; onConfirm: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (!reason.trim()) return setError("Please give a reason for cancelling.");
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setReason("");
    } catch (failure) {
      setError(failureDetail(failure));
    } finally {
      setBusy(false);
    }
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
      <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
        <Field id="cancel-reason" label="Reason for cancelling" hint="Sent to every buyer with their refund." error={error}>
          <Textarea value={reason} onChange={(change) => setReason(change.target.value)} maxLength={CANCELLATION_REASON_MAX} rows={3} required />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Keep event
          </Button>
          <Button type="submit" className="bg-red-700 hover:bg-red-800" disabled={busy}>
            {busy ? "Cancelling..." : "Cancel event and refund everyone"}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}

/** A new date and time (UK time, as on the event form) for an event; buyers are e-mailed it. */
export function PostponeEventDialog({
  event,
  onClose,
  onConfirm,
}: {
  event: { id: string; title: string; dateTime: string } | null;
  onClose: () => void;
  onConfirm: (dateTime: string, endTime: string | null) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
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
      {event && <PostponeForm key={event.id} currentDateTime={event.dateTime} busy={busy} setBusy={setBusy} onClose={onClose} onConfirm={onConfirm} />}
    </DialogShell>
  );
}

function PostponeForm({
  currentDateTime,
  busy,
  setBusy,
  onClose,
  onConfirm,
}: {
  currentDateTime: string;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onClose: () => void;
  onConfirm: (dateTime: string, endTime: string | null) => Promise<void>;
}) {
  const [start, setStart] = useState(() => isoToLondonInput(currentDateTime));
  const [end, setEnd] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const dateTime = londonInputToIso(start);
    if (!dateTime) return setError("Please choose the new date and time.");
    const endTime = end ? londonInputToIso(end) : null;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(dateTime, endTime);
    } catch (failure) {
      setError(failureDetail(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
      <Field id="postpone-start" label="New date & time (UK time)" error={error}>
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

import { TriangleAlert } from "lucide-react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogDescription, DialogTitle } from "~/components/ui/dialog";

/**
 * Asks before deleting an event. An alert dialog: focus starts on Cancel (the safe choice), is held
 * inside, Escape cancels; `onCloseAutoFocus` decides where focus goes once the event may be gone.
 */
export function DeleteEventDialog({
  event,
  deleting,
  onCancel,
  onConfirm,
  onCloseAutoFocus,
}: {
  event: { id: string; title: string } | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  onCloseAutoFocus: (focusEvent: Event) => void;
}) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={event !== null}
      onOpenChange={(open) => !open && !deleting && onCancel()}
      role="alertdialog"
      initialFocus={cancelButton}
      onCloseAutoFocus={onCloseAutoFocus}
      // A click outside does not count as an answer to a destructive question.
      closeOnBackdrop={false}
      className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl"
    >
      <div className="flex gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-red-50 text-red-700">
          <TriangleAlert className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <DialogTitle className="text-lg font-bold">Delete this event?</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted">
            <span className="break-words font-semibold text-ink">{event?.title}</span> will be removed from your events and no longer
            listed. This cannot be undone.
          </DialogDescription>
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button ref={cancelButton} type="button" variant="outline" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button type="button" variant="danger" onClick={onConfirm} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete Event"}
        </Button>
      </div>
    </Dialog>
  );
}

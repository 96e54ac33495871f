import * as Dialog from "@radix-ui/react-dialog";
import { TriangleAlert } from "lucide-react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";

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
    <Dialog.Root open={event !== null} onOpenChange={(open) => !open && !deleting && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(focusEvent) => {
            focusEvent.preventDefault();
            cancelButton.current?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          // A click outside does not count as an answer to a destructive question.
          onPointerDownOutside={(pointerEvent) => pointerEvent.preventDefault()}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl"
        >
          <div className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-red-50 text-red-700">
              <TriangleAlert className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold">Delete this event?</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-muted">
                <span className="break-words font-semibold text-ink">{event?.title}</span> will be removed from your events and no longer
                listed. This cannot be undone.
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button ref={cancelButton} type="button" variant="outline" onClick={onCancel} disabled={deleting}>
              Cancel
            </Button>
            <Button type="button" className="bg-red-700 hover:bg-red-800" onClick={onConfirm} disabled={deleting}>
              {deleting ? "Deleting..." : "Delete Event"}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

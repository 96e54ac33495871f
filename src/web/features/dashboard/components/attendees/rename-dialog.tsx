import { RenameTicketInput } from "@domain";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import type { AttendeesActionResult } from "../../lib/attendees-action-result";
import type { AttendeeRow } from "../../lib/attendee-rows";
import { DASHBOARD_TOASTS } from "../../lib/dashboard-toasts";

type FieldErrors = Partial<Record<"attendeeName" | "attendeeEmail", string>>;

/** The form's problems by field, in the words of the one schema the action parses with (convention 3). */
function fieldErrors(form: HTMLFormElement): FieldErrors {
  const data = new FormData(form);
  const parsed = RenameTicketInput.safeParse({ attendeeName: data.get("attendeeName"), attendeeEmail: data.get("attendeeEmail") });
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "attendeeName" || field === "attendeeEmail") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Renames one ticket (issue 36): the name it carries and, optionally, its attendee's own e-mail; its code and QR
 * stay. Posted to Attendee Management's action (the checks of PATCH /api/tickets/:id); a refusal stays in the
 * dialog in the server's words, and the list read again shows the new name.
 */
export function RenameDialog({ row, onClose }: { row: AttendeeRow; onClose: () => void }) {
  const fetcher = useFetcher<AttendeesActionResult>();
  const busy = fetcher.state !== "idle";
  const [errors, setErrors] = useState<FieldErrors>({});
  const nameField = useRef<HTMLInputElement>(null);
  const answer = fetcher.data?.intent === "rename" ? fetcher.data : undefined;
  const refusal = answer && "refused" in answer && !busy ? answer.refused.message : null;
  // The row's e-mail is the buyer's when the ticket has none of its own: then the field starts empty.
  const ownEmail = row.email === row.buyerEmail ? "" : row.email;

  useEffect(() => {
    if (!answer) return;
    if ("refused" in answer) {
      toast.error(DASHBOARD_TOASTS.renameFailed.title, { description: answer.refused.message });
      return;
    }
    if (!("renamed" in answer)) return;
    toast.success(DASHBOARD_TOASTS.renamed.title, { description: `${row.ticketCode} is now in the name of ${answer.renamed.attendeeName}.` });
    onClose();
  }, [answer, onClose, row.ticketCode]);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      closeOnBackdrop={false}
      initialFocus={nameField}
      className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl"
    >
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const problems = fieldErrors(event.currentTarget);
          setErrors(problems);
          if (problems.attendeeName || problems.attendeeEmail) event.preventDefault();
        }}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="ticketId" value={row.ticketId} />
        <div>
          <DialogTitle className="text-lg font-bold">Rename ticket</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-muted">
            <span className="font-mono">{row.ticketCode}</span> · {row.typeName} · booked by <span className="break-words font-semibold text-ink">{row.buyerName}</span>. The code and QR stay
            the same.
          </DialogDescription>
        </div>
        <Field id="rename-name" label="Name on the ticket" error={errors.attendeeName}>
          <Input ref={nameField} name="attendeeName" defaultValue={row.name} autoComplete="off" maxLength={100} required disabled={busy} />
        </Field>
        <Field id="rename-email" label="Their e-mail (optional)" hint="Left empty, the ticket goes to the buyer's e-mail." error={errors.attendeeEmail}>
          <Input name="attendeeEmail" type="email" inputMode="email" defaultValue={ownEmail} autoComplete="off" maxLength={254} disabled={busy} />
        </Field>
        {refusal && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {refusal}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save name"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

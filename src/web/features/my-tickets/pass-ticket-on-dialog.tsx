import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TransferTicketInput } from "@domain";
import { Button } from "~/components/ui/button";
import { Dialog, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import type { MyTicketsActionResult } from "./my-tickets-action-result";
import { PASS_ON_TEXT, passedOnToast } from "./my-tickets-text";
import type { ShownBookingTicket, ShownTicket } from "./shown-ticket";

type FieldErrors = Partial<Record<"name" | "email", string>>;

/** The form's problems by field, in the words of the one schema the action parses with (convention 3). */
function fieldErrors(form: HTMLFormElement): FieldErrors {
  const data = new FormData(form);
  const parsed = TransferTicketInput.safeParse({ name: data.get("name"), email: data.get("email") });
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "name" || field === "email") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * One ticket passed on to someone else from My Tickets (issue 36): their name and e-mail, what happens said
 * before they confirm, posted to the page's action (the checks of POST /api/me/tickets/:id/transfer). The
 * server stays the judge: its refusal stays in the dialog in its own words; once done the list is read again
 * and shows the ticket's new holder and code. Loaded when first opened (the page's script budget).
 */
export default function PassTicketOnDialog({ booking, ticket, onClose }: { booking: ShownTicket; ticket: ShownBookingTicket; onClose: () => void }) {
  const fetcher = useFetcher<MyTicketsActionResult>();
  const busy = fetcher.state !== "idle";
  const [errors, setErrors] = useState<FieldErrors>({});
  const nameField = useRef<HTMLInputElement>(null);
  const answer = fetcher.data?.intent === "transfer" ? fetcher.data : undefined;
  const refusal = answer && "refused" in answer && !busy ? answer.refused.message : null;
  const id = `pass-on-${ticket.ticketId}`;

  useEffect(() => {
    if (!answer || !("transfer" in answer)) return;
    toast.success(passedOnToast(answer.transfer.attendeeName));
    onClose();
  }, [answer, onClose]);

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
          if (problems.name || problems.email) event.preventDefault();
        }}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="transfer" />
        <input type="hidden" name="bookingId" value={booking.bookingId} />
        <input type="hidden" name="ticketId" value={ticket.ticketId} />
        <div>
          <DialogTitle className="text-lg font-bold">{PASS_ON_TEXT.title}</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-muted">
            <span className="break-words font-semibold text-ink">{booking.event.title}</span> · {ticket.typeName} · now in the name of{" "}
            <span className="break-words font-semibold text-ink">{ticket.attendeeName}</span>
          </DialogDescription>
        </div>
        <p className="rounded-2xl bg-surface p-4 text-sm text-ink">{PASS_ON_TEXT.consequence}</p>
        <Field id={`${id}-name`} label={PASS_ON_TEXT.nameLabel} error={errors.name}>
          <Input ref={nameField} name="name" autoComplete="off" maxLength={100} required disabled={busy} />
        </Field>
        <Field id={`${id}-email`} label={PASS_ON_TEXT.emailLabel} error={errors.email}>
          <Input name="email" type="email" inputMode="email" autoComplete="off" maxLength={254} required disabled={busy} />
        </Field>
        {refusal && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {refusal}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {PASS_ON_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
            {busy ? PASS_ON_TEXT.sending : PASS_ON_TEXT.submit}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

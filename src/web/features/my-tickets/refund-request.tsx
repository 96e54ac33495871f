import { CircleCheck, Clock, Loader2, ReceiptText, Undo2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/lib/toast";
import type { MyTicketsActionResult } from "./my-tickets-action-result";
import type { ShownTicket } from "./shown-ticket";
import { REFUND_REQUEST_TEXT, refundDeadline, refundOffer, refundsClosedLine, requestLine } from "./refund-request-text";

function RequestForm({ ticket, onDone, onCancel }: { ticket: ShownTicket; onDone: () => void; onCancel: () => void }) {
  const fetcher = useFetcher<MyTicketsActionResult>();
  const [reason, setReason] = useState("");
  const [missingReason, setMissingReason] = useState(false);
  const sending = fetcher.state !== "idle";
  const field = useRef<HTMLTextAreaElement>(null);
  const id = `refund-reason-${ticket.bookingId}`;
  useEffect(() => field.current?.focus(), []);

  // The server's answer: the request made (the list is read again and the card shows it), or its refusal.
  const answer = fetcher.data;
  const refused = answer && "refused" in answer ? answer.refused.message : null;
  const error = missingReason ? REFUND_REQUEST_TEXT.reasonRequired : refused;
  useEffect(() => {
    if (!answer || answer.intent !== "refund") return;
    if ("refused" in answer) {
      toast.error(REFUND_REQUEST_TEXT.failed, { description: answer.refused.message });
      return;
    }
    if (!("request" in answer)) return;
    if (answer.request.status === "approved") toast.success("Refund approved", { description: "The money is back on your card within 5-7 business days." });
    else toast.success(REFUND_REQUEST_TEXT.requested, { description: "The organiser usually answers within 24-48 hours." });
    onDone();
  }, [answer, onDone]);

  function submit(event: FormEvent<HTMLFormElement>) {
    setMissingReason(!reason.trim());
    if (reason.trim()) return;
    event.preventDefault();
    field.current?.focus();
  }

  return (
    <fetcher.Form method="post" onSubmit={submit} noValidate aria-label={`${REFUND_REQUEST_TEXT.button}: ${ticket.event.title}`} className="mt-3 flex flex-col gap-3">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="bookingId" value={ticket.bookingId} />
      <Field id={id} label={REFUND_REQUEST_TEXT.reasonLabel} error={error} hint="The organiser reads this when deciding.">
        <Textarea ref={field} name="reason" required maxLength={500} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} disabled={sending} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={sending}>
          {REFUND_REQUEST_TEXT.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={sending}>
          {sending && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
          {sending ? REFUND_REQUEST_TEXT.sending : REFUND_REQUEST_TEXT.send}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * A booking's refund on My Tickets (decision 027): ask while the policy allows, with what it pays back
 * said plainly; then where the request stands; or when refunds closed.
 */
export function RefundRequestSection({ ticket }: { ticket: ShownTicket }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const opener = useRef<HTMLButtonElement>(null);
  const { refund } = ticket;
  const request = refund.request;
  const closed = refundsClosedLine(refund);
  const status = request ? requestLine(request) : null;
  if (ticket.period === "past" && !request) return null;
  if (!refund.canRequest && !status && !closed) return null;
  const Icon = request?.status === "pending" ? Clock : request?.status === "approved" ? CircleCheck : ReceiptText;

  return (
    <section aria-label="Refund" data-refund-request="" className="mt-4 rounded-2xl border border-border p-4 text-sm print:hidden">
      {status && (
        <div role="status" className="flex items-start gap-2">
          <Icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold text-ink">{status.title}</p>
            <p className="text-muted">{status.detail}</p>
            {request?.status === "declined" && request.decisionNote && <p className="mt-1 break-words text-ink">The organiser&apos;s note: {request.decisionNote}</p>}
          </div>
        </div>
      )}
      {closed && !status && <p className="text-muted">{closed}</p>}
      {refund.canRequest && (
        <div className={status ? "mt-3 border-t border-border pt-3" : undefined}>
          <p className="text-ink">{refundOffer(refund)}</p>
          <p className="mt-0.5 text-muted">{refundDeadline(refund)}</p>
          {open ? (
            <RequestForm
              ticket={ticket}
              onDone={close}
              onCancel={() => {
                setOpen(false);
                requestAnimationFrame(() => opener.current?.focus());
              }}
            />
          ) : (
            <Button ref={opener} type="button" variant="outline" size="sm" className="mt-3" aria-describedby={`ticket-${ticket.bookingId}-title`} onClick={() => setOpen(true)}>
              <Undo2 aria-hidden="true" />
              {REFUND_REQUEST_TEXT.button}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

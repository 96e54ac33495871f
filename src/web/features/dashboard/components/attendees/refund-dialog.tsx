import { describeRefund, formatPounds, plural, REFUND_REASON_MAX } from "@domain";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/lib/toast";
import type { AttendeesActionResult } from "../../lib/attendees-action-result";
import type { AttendeeRow } from "../../lib/attendee-rows";
import { DASHBOARD_TOASTS } from "../../lib/dashboard-toasts";
import { newRefundRequestKey, refundPreview, refundReasonError } from "../../lib/refund-form";

/**
 * Refunds some or all of a booking's valid tickets (issue 19): how many, a reason the buyer reads in
 * their e-mail, and what goes back to their card stated before the organiser confirms. The request key is
 * made once per opening, so a double click or a retry is the same refund. Posted to Attendee
 * Management's action; a refusal stays in the dialog in the server's words.
 */
export function RefundDialog({ row, onClose }: { row: AttendeeRow | null; onClose: () => void }) {
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      closeOnBackdrop={false}
      className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl"
    >
      {/* Keyed by booking: each opening starts a fresh form with a fresh request key. */}
      {row && <RefundForm key={row.bookingId} row={row} onClose={onClose} />}
    </Dialog>
  );
}

function RefundForm({ row, onClose }: { row: AttendeeRow; onClose: () => void }) {
  const fetcher = useFetcher<AttendeesActionResult>();
  const [requestKey] = useState(newRefundRequestKey);
  const [quantity, setQuantity] = useState(row.tickets);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.intent === "refund" ? fetcher.data : undefined;
  const failure = answer && "refused" in answer && !busy ? answer.refused.message : null;
  const preview = refundPreview(row, quantity);

  useEffect(() => {
    if (!answer) return;
    if ("refused" in answer) {
      toast.error(DASHBOARD_TOASTS.refundFailed.title, { description: answer.refused.message });
      return;
    }
    if (!("refund" in answer)) return;
    const done = answer.refund;
    const what = `${plural(done.quantity, "ticket")} refunded: ${describeRefund(done)}`;
    toast.success(DASHBOARD_TOASTS.refunded.title, { description: done.status === "succeeded" ? `${what}.` : `${what}, on its way to the buyer.` });
    onClose();
  }, [answer, onClose]);

  return (
    <fetcher.Form
      method="post"
      noValidate
      onSubmit={(event) => {
        const problem = refundReasonError(reason);
        setReasonError(problem);
        if (problem) event.preventDefault();
      }}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="bookingId" value={row.bookingId} />
      <input type="hidden" name="requestKey" value={requestKey} />
      <div>
        <DialogTitle className="text-lg font-bold">Refund tickets</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-muted">
          <span className="break-words font-semibold text-ink">{row.buyerName}</span> · {row.bookingCode} · {row.tickets} valid{" "}
          {row.tickets === 1 ? "ticket" : "tickets"}
        </DialogDescription>
      </div>

      <Field id="refund-quantity" label="Tickets to refund">
        <Select name="quantity" value={quantity} onChange={(event) => setQuantity(Number(event.target.value))} disabled={busy}>
          {Array.from({ length: row.tickets }, (_, index) => row.tickets - index).map((count) => (
            <option key={count} value={count}>
              {count === row.tickets ? `All ${count}` : count}
            </option>
          ))}
        </Select>
      </Field>

      <Field id="refund-reason" label="Reason" hint={`The buyer reads this in their refund e-mail. ${reason.length}/${REFUND_REASON_MAX}`} error={reasonError}>
        <Textarea name="reason" value={reason} maxLength={REFUND_REASON_MAX} required disabled={busy} onChange={(event) => setReason(event.target.value)} />
      </Field>

      <div className="rounded-2xl bg-surface p-4 text-sm" aria-live="polite">
        <p className="font-semibold text-ink">{preview.statement}</p>
        <p className="mt-1 text-muted">{preview.remaining} The places go back on sale at once and the buyer is e-mailed.</p>
      </div>

      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Refunding..." : `Refund ${formatPounds(preview.totalPence)}`}
        </Button>
      </div>
    </fetcher.Form>
  );
}

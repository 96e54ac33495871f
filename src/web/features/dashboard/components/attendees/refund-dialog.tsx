import * as Dialog from "@radix-ui/react-dialog";
import { formatPounds, REFUND_REASON_MAX } from "@domain";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { AttendeeRow } from "../../lib/attendee-rows";
import { newRefundRequestKey, refundPreview, refundReasonError } from "../../lib/refund-form";

export type RefundSubmit = (bookingId: string, input: { quantity: number; reason: string; requestKey: string }) => Promise<string | null>;

/**
 * Refunds some or all of a booking's valid tickets (issue 19): how many, a reason the buyer reads in
 * their e-mail, and what goes back to their card stated before the organiser confirms. The request key is
 * made once per opening, so a double click or a retry is the same refund. `onSubmit` answers the
 * server's refusal, or null once refunded.
 */
export function RefundDialog({ row, onClose, onSubmit }: { row: AttendeeRow | null; onClose: () => void; onSubmit: RefundSubmit }) {
  return (
    <Dialog.Root open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content
          onPointerDownOutside={(pointerEvent) => pointerEvent.preventDefault()}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl"
        >
          {/* Keyed by booking: each opening starts a fresh form with a fresh request key. */}
          {row && <RefundForm key={row.bookingId} row={row} onClose={onClose} onSubmit={onSubmit} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RefundForm({ row, onClose, onSubmit }: { row: AttendeeRow; onClose: () => void; onSubmit: RefundSubmit }) {
  const [requestKey] = useState(newRefundRequestKey);
  const [quantity, setQuantity] = useState(row.tickets);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = refundPreview(row, quantity);

  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const problem = refundReasonError(reason);
        setReasonError(problem);
        if (problem) return;
        setBusy(true);
        setFailure(null);
        const refused = await onSubmit(row.bookingId, { quantity, reason: reason.trim(), requestKey });
        setBusy(false);
        if (refused) setFailure(refused);
        else onClose();
      }}
      className="flex flex-col gap-4"
    >
      <div>
        <Dialog.Title className="text-lg font-bold">Refund tickets</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">
          <span className="break-words font-semibold text-ink">{row.name}</span> · {row.ticketCode} · {row.tickets} valid{" "}
          {row.tickets === 1 ? "ticket" : "tickets"}
        </Dialog.Description>
      </div>

      <Field id="refund-quantity" label="Tickets to refund">
        <Select value={quantity} onChange={(event) => setQuantity(Number(event.target.value))} disabled={busy}>
          {Array.from({ length: row.tickets }, (_, index) => row.tickets - index).map((count) => (
            <option key={count} value={count}>
              {count === row.tickets ? `All ${count}` : count}
            </option>
          ))}
        </Select>
      </Field>

      <Field id="refund-reason" label="Reason" hint={`The buyer reads this in their refund e-mail. ${reason.length}/${REFUND_REASON_MAX}`} error={reasonError}>
        <Textarea value={reason} maxLength={REFUND_REASON_MAX} required disabled={busy} onChange={(event) => setReason(event.target.value)} />
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
        <Dialog.Close asChild>
          <Button type="button" variant="outline" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" className="bg-red-700 hover:bg-red-800" disabled={busy}>
          {busy ? "Refunding..." : `Refund ${formatPounds(preview.totalPence)}`}
        </Button>
      </div>
    </form>
  );
}

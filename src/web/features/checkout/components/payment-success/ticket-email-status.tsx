import { CircleAlert, Loader2, MailCheck } from "lucide-react";
import type { TicketEmailState } from "../../hooks/use-ticket-emails";
import { PAYMENT_TOASTS } from "../../lib/payment-toasts";

/** Where this booking's ticket e-mail stands, announced as it changes. */
export function TicketEmailStatus({ state }: { state: TicketEmailState | undefined }) {
  return (
    <p role="status" className="text-sm empty:hidden">
      {state?.status === "sending" && (
        <span className="flex items-center gap-2 text-muted">
          <Loader2 className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Sending your ticket email...
        </span>
      )}
      {(state?.status === "sent" || state?.status === "sent-earlier") && (
        <span className="flex items-start gap-2 text-emerald-800">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {PAYMENT_TOASTS.emailSent.title}
            {state.status === "sent" && state.recipient ? ` to ${state.recipient}` : ""}. {PAYMENT_TOASTS.emailSent.description}
          </span>
        </span>
      )}
      {state?.status === "failed" && (
        <span className="flex items-start gap-2 text-red-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {PAYMENT_TOASTS.emailFailed.title}: {state.error} You can resend it from My Tickets.
          </span>
        </span>
      )}
    </p>
  );
}

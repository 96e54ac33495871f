import { CircleAlert, Clock, Loader2, MailCheck } from "lucide-react";
import { Link } from "react-router";
import type { TicketEmailStatus as Delivery } from "@domain";
import { paths } from "~/paths";
import { PAYMENT_TOASTS } from "../lib/payment-toasts";

function ResendLink({ children }: { children: string }) {
  return (
    <Link to={paths.resendTicket} className="font-semibold underline underline-offset-2 hover:no-underline">
      {children}
    </Link>
  );
}

/** Where this booking's ticket e-mail stands, announced as it changes; the server sends it in the background. */
export function TicketEmailStatus({ email, recipient, timedOut }: { email: Delivery | undefined; recipient: string; timedOut: boolean }) {
  return (
    <p role="status" className="text-sm empty:hidden">
      {email?.status === "queued" &&
        (timedOut ? (
          <span className="flex items-start gap-2 text-amber-900">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">
              Your ticket e-mail is taking longer than usual. It should arrive shortly; if not, <ResendLink>resend your ticket</ResendLink>.
            </span>
          </span>
        ) : (
          <span className="flex items-center gap-2 text-muted">
            <Loader2 className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Sending your ticket e-mail…
          </span>
        ))}
      {email?.status === "sent" && (
        <span className="flex items-start gap-2 text-emerald-800">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {PAYMENT_TOASTS.emailSent.title} to {recipient}. {PAYMENT_TOASTS.emailSent.description}
          </span>
        </span>
      )}
      {email?.status === "failed" && (
        <span className="flex items-start gap-2 text-red-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {PAYMENT_TOASTS.emailFailed.title}
            {email.error ? `: ${email.error}` : "."} <ResendLink>Resend your ticket</ResendLink>
          </span>
        </span>
      )}
    </p>
  );
}

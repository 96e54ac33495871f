import { CircleCheck, Send } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { checkTicketIdentifier } from "@domain";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { sendTicketEmail } from "~/lib/send-ticket-email";
import { EMAIL_PROVIDERS, type EmailProvider } from "../../lib/email-providers";
import { DASHBOARD_TOASTS, failureDetail, TICKET_SENT_INLINE } from "../../lib/dashboard-toasts";

type Sending = { status: "idle" } | { status: "sending" } | { status: "sent"; recipient: string | null } | { status: "failed"; message: string };

/** Sends a ticket again to the e-mail already on its booking (spec §2 Dashboard, §8; decisions.md D11). */
export function TicketResender() {
  const [typed, setTyped] = useState("");
  const [provider, setProvider] = useState<EmailProvider>("brevo");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<Sending>({ status: "idle" });
  const input = useRef<HTMLInputElement>(null);

  function fail(message: string) {
    toast.error(DASHBOARD_TOASTS.sendFailed.title, { description: message });
    setSending({ status: "failed", message });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkTicketIdentifier(typed, "resender");
    if ("error" in checked) {
      setError(checked.error);
      toast.error(checked.error);
      input.current?.focus();
      return;
    }
    setError(null);
    setSending({ status: "sending" });
    try {
      const result = await sendTicketEmail({ bookingId: checked.identifier, provider });
      if (!result.success) return fail(result.error || DASHBOARD_TOASTS.sendFailed.title);
      toast.success(DASHBOARD_TOASTS.ticketSent.title, { description: DASHBOARD_TOASTS.ticketSent.description });
      setSending({ status: "sent", recipient: result.recipient });
    } catch (failure) {
      fail(failureDetail(failure));
    }
  }

  return (
    <Card>
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-bold leading-tight">
          <Send className="size-5 text-brand-600" aria-hidden="true" />
          Resend Ticket
        </h3>
        <p className="text-sm text-muted">Send a ticket again to the email address on its booking.</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <Field id="ticket-resender-identifier" label="Booking ID or ticket code" error={error}>
            <Input
              ref={input}
              name="bookingId"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="TCKT-2026-1A2B3C4D"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                if (error) setError(null);
              }}
            />
          </Field>
          <Field id="ticket-resender-provider" label="How to send" hint="If the email does not arrive, try another way.">
            <Select name="provider" value={provider} onChange={(event) => setProvider(event.target.value as EmailProvider)}>
              {EMAIL_PROVIDERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" className="self-start" disabled={sending.status === "sending"}>
            {sending.status === "sending" ? "Sending..." : "Resend Ticket Email"}
          </Button>
        </form>
        <div role="status" className="empty:-mt-4">
          {sending.status === "sent" && (
            <p className="flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <strong>{TICKET_SENT_INLINE}</strong>
                {sending.recipient && <span className="block break-all">Sent to: {sending.recipient}</span>}
              </span>
            </p>
          )}
          {sending.status === "failed" && (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              <strong>{DASHBOARD_TOASTS.sendFailed.title}:</strong> {sending.message}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

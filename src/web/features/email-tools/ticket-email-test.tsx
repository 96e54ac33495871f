import { Loader2, Ticket } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { TicketEmailProvider } from "@domain";
import { useTicketIdentifier } from "~/components/tickets/use-ticket-identifier";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useSendTicketEmail } from "~/lib/send-ticket-email";
import { toast } from "~/lib/toast";
import { EMAIL_TEST_TOASTS, rawTicketResult } from "./email-test-text";
import { checkIdentifier } from "./resend-ticket-outcome";
import { DEFAULT_PROVIDER, ProviderChoice } from "./provider-choice";

/** Card 2 of /email-test: calls send-ticket-email for a booking and shows the raw JSON answer (spec §2 Manual Email Sender). */
export function TicketEmailTest() {
  const field = useTicketIdentifier(checkIdentifier);
  const [provider, setProvider] = useState<TicketEmailProvider>(DEFAULT_PROVIDER.testPage);
  const [raw, setRaw] = useState<string | null>(null);
  const { sending: sendingWay, send } = useSendTicketEmail();
  const sending = sendingWay !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = field.take();
    if ("error" in checked) return;
    const sent = await send({ bookingId: checked.identifier, provider });
    if (!sent) return;
    setRaw(rawTicketResult(sent));
    if ("result" in sent) toast.success(EMAIL_TEST_TOASTS.ticketCalled);
    else toast.error(EMAIL_TEST_TOASTS.ticketError, { description: sent.error instanceof Error ? sent.error.message : undefined });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ticket className="size-5 text-brand-600" aria-hidden="true" />
          Test the ticket email
        </CardTitle>
        <p className="text-sm text-muted">Sends a booking&apos;s ticket email to the address on the booking and shows the function&apos;s raw answer.</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field id="ticket-test-booking" label="Booking ID" error={field.error} hint="A booking ID, ticket code (TCKT-…) or payment session ID (cs_…).">
            <Input {...field.inputProps} name="bookingId" autoCapitalize="none" className="font-mono" />
          </Field>
          <ProviderChoice name="ticket-test-provider" value={provider} defaultValue={DEFAULT_PROVIDER.testPage} onChange={setProvider} disabled={sending} />
          <Button type="submit" variant="outline" className="self-start" disabled={sending}>
            {sending && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
            Test Ticket Email
          </Button>
        </form>
        {raw && (
          <figure className="min-w-0">
            <figcaption className="text-sm font-semibold text-ink">Raw result</figcaption>
            <pre className="mt-1.5 overflow-x-auto rounded-xl bg-ink p-4 font-mono text-xs leading-relaxed text-emerald-200">{raw}</pre>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

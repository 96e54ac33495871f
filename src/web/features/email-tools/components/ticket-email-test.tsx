import { Loader2, Ticket } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import type { TicketEmailProvider } from "@domain";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useTicketEmailTest } from "../hooks/use-ticket-email-test";
import { DEFAULT_PROVIDER } from "../lib/email-providers";
import { checkIdentifier } from "../lib/resend-ticket-outcome";
import { ProviderChoice } from "./provider-choice";

/** Card 2 of /email-test: calls send-ticket-email for a booking and shows the raw JSON answer (spec §2 Manual Email Sender). */
export function TicketEmailTest() {
  const [typed, setTyped] = useState("");
  const [provider, setProvider] = useState<TicketEmailProvider>(DEFAULT_PROVIDER.testPage);
  const [error, setError] = useState<string | null>(null);
  const { sending, raw, run } = useTicketEmailTest();
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkIdentifier(typed);
    if ("error" in checked) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    setError(null);
    void run(checked.identifier, provider);
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
          <Field id="ticket-test-booking" label="Booking ID" error={error} hint="A booking ID, ticket code (TCKT-…) or payment session ID (cs_…).">
            <Input
              ref={input}
              name="bookingId"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                if (error) setError(null);
              }}
              className="font-mono"
            />
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

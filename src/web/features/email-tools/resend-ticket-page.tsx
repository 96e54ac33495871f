import { CircleAlert, CircleCheck, Clock, Loader2, MailCheck, Search, Send, ShieldCheck } from "lucide-react";
import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { Link, useActionData } from "react-router";
import type { TicketEmailProvider } from "@domain";
import { useTicketIdentifier } from "~/components/tickets/use-ticket-identifier";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useSendTicketEmail } from "~/lib/send-ticket-email";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { checkIdentifier, resendFailure, resendOutcome, type ResendFormResult, type ResendOutcome } from "./resend-ticket-outcome";
import { DEFAULT_PROVIDER, ProviderChoice } from "./provider-choice";

const noSubscription = () => () => {};

function Point({ icon: Icon, title, children }: { icon: typeof Clock; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-4.5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-ink">{title}</h3>
        <p className="mt-0.5 text-sm text-muted">{children}</p>
      </div>
    </li>
  );
}

/**
 * /resend-ticket (spec §2 Resend ticket): anyone may ask for a ticket e-mail again; it goes only to the
 * address on the booking and is rate limited (decisions D11). No sample codes are shown (D20). Hydrated,
 * it calls the API; before that it posts to the page's action, which calls the same service (issue 16).
 */
export function ResendTicketPage() {
  const posted = useActionData<ResendFormResult>();
  const field = useTicketIdentifier(checkIdentifier, { typed: posted?.identifier, error: posted?.error });
  const [provider, setProvider] = useState<TicketEmailProvider>(posted?.provider ?? DEFAULT_PROVIDER.resendPage);
  // The outcome is shown and toasted; a post made before the scripts ran (issue 16) shows its own until the next send.
  const [outcome, setOutcome] = useState<ResendOutcome | null>(posted?.outcome ?? null);
  const { sending: sendingWay, send } = useSendTicketEmail();
  // spec §5: the button waits for a typed identifier; before hydration nothing can enable it, so the server checks instead.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const sending = sendingWay !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = field.take();
    if ("error" in checked || sending) return;
    setOutcome(null);
    const sent = await send({ bookingId: checked.identifier, provider });
    if (!sent) return;
    const next = "error" in sent ? resendFailure(sent.error) : resendOutcome(sent.result);
    if (next.ok) toast.success(next.title, { description: next.detail ?? undefined });
    else toast.error(next.title);
    setOutcome(next);
  }

  return (
    <div className="bg-surface">
      <div className="container-page max-w-5xl py-10 sm:py-14">
        <header className="max-w-2xl">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-sm">
            <MailCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-4xl">Resend Ticket</h1>
          <p className="mt-2 text-muted">Can&apos;t find your ticket email? Enter your booking ID, ticket code or payment session ID and we&apos;ll send it again.</p>
        </header>
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <Card className="p-5 sm:p-7">
            <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
              <Field
                id="resend-identifier"
                label="Booking ID, ticket code or payment session ID"
                error={field.error}
                hint="Ticket codes look like TCKT-2026-1A2B3C4D; payment session IDs start with cs_."
              >
                <Input {...field.inputProps} name="identifier" autoCapitalize="characters" className="font-mono" />
              </Field>
              <ProviderChoice name="provider" value={provider} defaultValue={DEFAULT_PROVIDER.resendPage} onChange={setProvider} disabled={sending} />
              <Button type="submit" size="lg" disabled={(hydrated && field.typed === "") || sending}>
                {sending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Send aria-hidden="true" />}
                Resend Ticket Email
              </Button>
            </form>
            <div role="status" className="mt-5 empty:hidden">
              {outcome &&
                (outcome.ok ? (
                  <p className="flex items-start gap-2.5 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
                    <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span className="min-w-0">
                      <strong className="block">{outcome.title}</strong>
                      {outcome.detail && <span className="block break-all">{outcome.detail}</span>}
                    </span>
                  </p>
                ) : (
                  <p className="flex items-start gap-2.5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                    <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span className="min-w-0 break-words">{outcome.title}</span>
                  </p>
                ))}
            </div>
          </Card>
          <aside aria-labelledby="resend-how-title" className="rounded-2xl border border-border bg-white/60 p-5 sm:p-7">
            <h2 id="resend-how-title" className="text-lg font-bold">
              How it works
            </h2>
            <ul className="mt-4 flex flex-col gap-5">
              <Point icon={ShieldCheck} title="Sent only to the booking's email">
                We send the ticket to the email address on the booking, never to an address typed here.
              </Point>
              <Point icon={Search} title="Where to find your code">
                Your ticket code is in your confirmation email and on the payment confirmation page. Signed in? Every ticket is in{" "}
                <Link to={paths.myTickets} className="font-semibold text-brand-700 underline underline-offset-2">
                  My Tickets
                </Link>
                .
              </Point>
              <Point icon={Clock} title="A few resends an hour">
                To protect buyers from unwanted mail, each ticket can be resent only a few times an hour.
              </Point>
            </ul>
          </aside>
        </div>
      </div>
    </div>
  );
}

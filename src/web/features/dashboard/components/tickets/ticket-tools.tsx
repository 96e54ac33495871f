import { CircleCheck, Search, Send, type LucideIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { checkTicketIdentifier, ticketIdentifierKind, ticketIdentifierKindLabel, type TicketEmailProvider } from "@domain";
import { useTicketIdentifier } from "~/components/tickets/use-ticket-identifier";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { TICKET_EMAIL_CHOICES, useSendTicketEmail } from "~/lib/send-ticket-email";
import { toast } from "~/lib/toast";
import type { AttendeesActionResult, LookedUpTicket } from "../../lib/attendees-action-result";
import { DASHBOARD_TOASTS, failureDetail, TICKET_SENT_INLINE } from "../../lib/dashboard-toasts";

// Shown only after a look-up: its code loads then, not with the page (issue 35).
const TicketDetails = lazy(() => import("./ticket-details").then((module) => ({ default: module.TicketDetails })));

/** A tool's identifier field: a blank one is also toasted (spec §8). */
function useToolIdentifier(tool: "viewer" | "resender") {
  const field = useTicketIdentifier((typed) => checkTicketIdentifier(typed, tool));
  function take(): string | null {
    const checked = field.take();
    if ("error" in checked) {
      toast.error(checked.error);
      return null;
    }
    return checked.identifier;
  }
  return { ...field, take };
}

function ToolHeader({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <CardHeader>
      <h3 className="flex items-center gap-2 text-lg font-bold leading-tight">
        <Icon className="size-5 text-brand-600" aria-hidden="true" />
        {title}
      </h3>
      <p className="text-sm text-muted">{description}</p>
    </CardHeader>
  );
}

type Lookup = { status: "idle" } | { status: "loading" } | { status: "found"; ticket: LookedUpTicket } | { status: "not-found" } | { status: "failed"; message: string };

function lookupOf(state: "idle" | "loading" | "submitting", answer: AttendeesActionResult | undefined): Lookup {
  if (state !== "idle") return { status: "loading" };
  if (answer?.intent !== "lookup-ticket") return { status: "idle" };
  if ("ticket" in answer) return { status: "found", ticket: answer.ticket };
  if (!("refused" in answer)) return { status: "idle" };
  return answer.refused.status === 404 ? { status: "not-found" } : { status: "failed", message: answer.refused.message };
}

/** Look up a ticket on one of your events and show its QR code (spec §2 Dashboard, §5, §8); posted to Attendee Management's action. */
export function TicketViewer() {
  const field = useToolIdentifier("viewer");
  const fetcher = useFetcher<AttendeesActionResult>();
  const lookup = lookupOf(fetcher.state, fetcher.data);

  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.intent !== "lookup-ticket") return;
    if ("ticket" in answer && answer.ticket.qrImage === null) toast.error(DASHBOARD_TOASTS.qrFailed.title, { description: DASHBOARD_TOASTS.qrFailed.description });
    if (!("refused" in answer)) return;
    if (answer.refused.status === 404) toast.error(DASHBOARD_TOASTS.ticketNotFound.title, { description: DASHBOARD_TOASTS.ticketNotFound.description });
    else toast.error("Could not look up the ticket", { description: answer.refused.message });
  }, [answer]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const identifier = field.take();
    if (identifier === null) return;
    void fetcher.submit({ intent: "lookup-ticket", identifier }, { method: "post" });
  }

  return (
    <Card>
      <ToolHeader icon={Search} title="Ticket Viewer" description="Find a ticket on one of your events and show its QR code." />
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <Field id="ticket-viewer-identifier" label="Booking ID, ticket code or Stripe session ID" error={field.error} hint={ticketIdentifierKindLabel(ticketIdentifierKind(field.typed))}>
            <Input {...field.inputProps} name="identifier" autoCapitalize="none" placeholder="TCKT-2026-1A2B3C4D" />
          </Field>
          <Button type="submit" className="self-start" disabled={lookup.status === "loading"}>
            {lookup.status === "loading" ? "Looking up..." : "View Ticket"}
          </Button>
        </form>
        <div role="status" className="empty:-mt-4">
          {lookup.status === "found" && <span className="sr-only">Ticket found: {lookup.ticket.ticketCode}</span>}
          {lookup.status === "not-found" && (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              <strong>{DASHBOARD_TOASTS.ticketNotFound.title}.</strong> {DASHBOARD_TOASTS.ticketNotFound.description}
            </p>
          )}
          {lookup.status === "failed" && <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">{lookup.message}</p>}
        </div>
        {lookup.status === "found" && (
          <Suspense fallback={<Skeleton className="h-48" />}>
            <TicketDetails ticket={lookup.ticket} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}

type Sent = { status: "sent"; recipient: string | null } | { status: "failed"; message: string } | null;

/** Sends a ticket again to the e-mail already on its booking (spec §2 Dashboard, §8; decisions.md D11). */
export function TicketResender() {
  const field = useToolIdentifier("resender");
  // The first way is the default (spec §9).
  const [provider, setProvider] = useState<TicketEmailProvider>(TICKET_EMAIL_CHOICES[0]!.value);
  const [last, setLast] = useState<Sent>(null);
  const { sending, send } = useSendTicketEmail();

  function fail(message: string) {
    toast.error(DASHBOARD_TOASTS.sendFailed.title, { description: message });
    setLast({ status: "failed", message });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const identifier = field.take();
    if (identifier === null) return;
    setLast(null);
    const sent = await send({ bookingId: identifier, provider });
    if (!sent) return;
    if ("error" in sent) return fail(failureDetail(sent.error));
    if (!sent.result.success) return fail(sent.result.error || DASHBOARD_TOASTS.sendFailed.title);
    toast.success(DASHBOARD_TOASTS.ticketSent.title, { description: DASHBOARD_TOASTS.ticketSent.description });
    setLast({ status: "sent", recipient: sent.result.recipient });
  }

  return (
    <Card>
      <ToolHeader icon={Send} title="Resend Ticket" description="Send a ticket again to the email address on its booking." />
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <Field id="ticket-resender-identifier" label="Booking ID or ticket code" error={field.error}>
            <Input {...field.inputProps} name="bookingId" autoCapitalize="none" placeholder="TCKT-2026-1A2B3C4D" />
          </Field>
          <Field id="ticket-resender-provider" label="How to send" hint="If the email does not arrive, try another way.">
            <Select name="provider" value={provider} onChange={(event) => setProvider(event.target.value as TicketEmailProvider)}>
              {TICKET_EMAIL_CHOICES.map((option, index) => (
                <option key={option.value} value={option.value}>
                  {index === 0 ? `${option.label} (default)` : option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" className="self-start" disabled={sending !== null}>
            {sending ? "Sending..." : "Resend Ticket Email"}
          </Button>
        </form>
        <div role="status" className="empty:-mt-4">
          {last?.status === "sent" && (
            <p className="flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <strong>{TICKET_SENT_INLINE}</strong>
                {last.recipient && <span className="block break-all">Sent to: {last.recipient}</span>}
              </span>
            </p>
          )}
          {last?.status === "failed" && (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              <strong>{DASHBOARD_TOASTS.sendFailed.title}:</strong> {last.message}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

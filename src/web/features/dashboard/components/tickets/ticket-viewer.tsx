import { Search } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { toast } from "~/lib/toast";
import { checkTicketIdentifier, ticketIdentifierKind, ticketIdentifierKindLabel, type TicketView } from "@domain";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiRequestError } from "~/lib/api-request";
import { lookupTicket } from "../../api/lookup-ticket";
import { DASHBOARD_TOASTS, failureDetail } from "../../lib/dashboard-toasts";
import { TicketDetails } from "./ticket-details";

type Lookup = { status: "idle" } | { status: "loading" } | { status: "found"; ticket: TicketView } | { status: "not-found" } | { status: "failed"; message: string };

/** Look up a ticket on one of your events and show its QR code (spec §2 Dashboard, §5, §8). */
export function TicketViewer() {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup>({ status: "idle" });
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkTicketIdentifier(typed, "viewer");
    if ("error" in checked) {
      setError(checked.error);
      toast.error(checked.error);
      input.current?.focus();
      return;
    }
    setError(null);
    setLookup({ status: "loading" });
    try {
      setLookup({ status: "found", ticket: await lookupTicket(checked.identifier) });
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 404) {
        toast.error(DASHBOARD_TOASTS.ticketNotFound.title, { description: DASHBOARD_TOASTS.ticketNotFound.description });
        setLookup({ status: "not-found" });
      } else {
        const message = failureDetail(failure);
        toast.error("Could not look up the ticket", { description: message });
        setLookup({ status: "failed", message });
      }
    }
  }

  return (
    <Card>
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-bold leading-tight">
          <Search className="size-5 text-brand-600" aria-hidden="true" />
          Ticket Viewer
        </h3>
        <p className="text-sm text-muted">Find a ticket on one of your events and show its QR code.</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <Field id="ticket-viewer-identifier" label="Booking ID, ticket code or Stripe session ID" error={error} hint={ticketIdentifierKindLabel(ticketIdentifierKind(typed))}>
            <Input
              ref={input}
              name="identifier"
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
        {lookup.status === "found" && <TicketDetails ticket={lookup.ticket} />}
      </CardContent>
    </Card>
  );
}

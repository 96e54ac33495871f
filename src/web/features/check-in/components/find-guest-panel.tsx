import { LoaderCircle, UserCheck, WifiOff } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { FindGuestProps } from "./find-guest";
import {
  formatEventDate,
  formatEventTime,
  formatShortDay,
  GUEST_SEARCH_MAX,
  GUEST_SEARCH_MIN,
  GUEST_SEARCH_NEEDS_CONNECTION,
  GUEST_STATUS_LABELS,
  plural,
  type CheckResult,
  type GuestSearchResult,
  type GuestStatus,
} from "@domain";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiRequestError } from "~/lib/api-request";
import { admitTicket } from "../api/admit-ticket";
import { useGuestSearch, type GuestSearchState } from "../hooks/use-guest-search";
import { scannerDeviceId } from "../lib/device-id";
import { isNetworkFailure } from "../lib/network-failure";
import { ScanResultCard } from "./scan-result-card";

const STATUS_BADGES: Record<GuestStatus, "success" | "danger" | "warning"> = { valid: "success", refunded: "danger", cancelled: "danger", disputed: "danger", unpaid: "warning" };

/** "Sat 16 Jan, 19:30": which night a ticket is for, short enough for a phone's row. */
const eventWhen = (dateTime: string) => `${formatShortDay(dateTime)}, ${formatEventTime(dateTime)}`;

/** "Checked in 19:42" today, else with its day. */
function checkedInText(checkedInAt: string, now = new Date()): string {
  const today = formatEventDate(checkedInAt) === formatEventDate(now);
  return `Checked in ${today ? formatEventTime(checkedInAt) : eventWhen(checkedInAt)}`;
}

/** What the live region says of the lookup. */
function announcement(state: GuestSearchState): string {
  switch (state.kind) {
    case "idle":
      return "";
    case "searching":
      return "Searching…";
    case "found":
      return state.guests.length ? `${plural(state.guests.length, "guest")} found` : `No guests found for “${state.q}”.`;
    case "failed":
      return state.message;
  }
}

/** A tap's answer: the door's result for that ticket, or why it could not be asked. */
type Admission =
  | { ticket: GuestSearchResult; result: CheckResult; serial: number }
  | { ticket: GuestSearchResult; error: string; serial: number };

function GuestRow({ guest, busy, onAdmit }: { guest: GuestSearchResult; busy: boolean; onAdmit: () => void }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-semibold text-ink">{guest.attendeeName}</p>
        {guest.maskedEmail && <p className="break-all text-sm text-muted">{guest.maskedEmail}</p>}
        <p className="text-sm text-muted">
          {guest.ticketType} · {eventWhen(guest.event.dateTime)} · {guest.event.title}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_BADGES[guest.status]}>{GUEST_STATUS_LABELS[guest.status]}</Badge>
          {guest.checkedInAt && <span className="text-sm font-semibold text-amber-900">{checkedInText(guest.checkedInAt)}</span>}
          <span className="font-mono text-xs text-muted">{guest.code}</span>
        </p>
      </div>
      {guest.status === "valid" && (
        <Button type="button" size="md" className="shrink-0 sm:w-32" disabled={busy} onClick={onAdmit} aria-label={`Admit ${guest.attendeeName}`}>
          {busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
          Admit
        </Button>
      )}
    </li>
  );
}

/** The lookup itself, loaded when the door opens "Find a guest" (kept out of the scanner's first load). */
export default function FindGuestPanel({ eventId, listId, onAdmitted }: FindGuestProps) {
  const inputId = useId();
  const search = useGuestSearch(eventId);
  const [admission, setAdmission] = useState<Admission | null>(null);
  const [admitting, setAdmitting] = useState<string | null>(null);
  const serial = useRef(0);

  async function admit(ticket: GuestSearchResult, confirm = false) {
    setAdmitting(ticket.ticketId);
    try {
      const result = await admitTicket(ticket.ticketId, { ...(listId ? { listId } : {}), ...(confirm ? { confirm } : {}), deviceId: scannerDeviceId(), nonce: crypto.randomUUID() });
      setAdmission({ ticket, result, serial: ++serial.current });
      if (result.valid && result.checkedInAt && !result.needsConfirmation) {
        search.update(ticket.ticketId, { checkedInAt: result.checkedInAt });
        onAdmitted?.(result);
      }
    } catch (error) {
      const message = isNetworkFailure(error) ? GUEST_SEARCH_NEEDS_CONNECTION : error instanceof ApiRequestError ? error.message : "The ticket could not be checked. Please try again.";
      setAdmission({ ticket, error: message, serial: ++serial.current });
    } finally {
      setAdmitting(null);
    }
  }

  const { state } = search;
  const guests = state.kind === "found" ? state.guests : [];
  return (
    <>
    <form
      role="search"
      aria-label="Find a guest"
      onSubmit={(event) => {
        event.preventDefault();
        search.searchNow();
      }}
    >
      <Field id={inputId} label="Name, e-mail or ticket code" hint={`At least ${GUEST_SEARCH_MIN} characters. For a guest whose QR code will not scan.`}>
        <Input
          type="search"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={GUEST_SEARCH_MAX}
          value={search.text}
          onChange={(event) => {
            search.setText(event.target.value);
            // A new lookup: the last tap's answer was for someone else.
            setAdmission(null);
          }}
        />
      </Field>
    </form>

    <p role="status" aria-live="polite" className={state.kind === "failed" ? "flex items-center gap-2 text-sm font-semibold text-red-800" : "text-sm text-muted"}>
      {state.kind === "failed" && state.offline && <WifiOff className="size-4 shrink-0" aria-hidden="true" />}
      {state.kind === "searching" && <LoaderCircle className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden="true" />}
      {announcement(state)}
    </p>

    {guests.length > 0 && (
      <ul aria-label="Guests found" className="divide-y divide-border rounded-xl border border-border">
        {guests.map((guest) => (
          <GuestRow key={guest.ticketId} guest={guest} busy={admitting === guest.ticketId} onAdmit={() => admit(guest)} />
        ))}
      </ul>
    )}

    {admission && "error" in admission && (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm font-semibold text-red-900">
        {admission.ticket.attendeeName}: {admission.error}
      </p>
    )}
    {admission && "result" in admission && (
      <ScanResultCard
        key={admission.serial}
        label="Guest check-in result"
        checking={admitting !== null}
        // A ticket for another day: staff confirm it in (the log records that they did).
        onAdmitAnyway={() => admit(admission.ticket, true)}
        outcome={{ scanned: admission.ticket.code, code: admission.ticket.code, result: admission.result, checkedOffline: false, serial: admission.serial }}
      />
    )}
    </>
  );
}

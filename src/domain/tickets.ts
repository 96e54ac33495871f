import { entryAllowed, LIST_NOT_FOR_EVENT, listCoversType, timeRefusal, wrongListMessage } from "./door";
import { isUuid } from "./events";
import { formatEventDate, formatEventTime } from "./format";
import { revokedTicketMessage } from "./ticket-revocation";
import type { CheckInList, CheckInListTicket, CheckResult, SignedTicketPayload, TicketQrPayload, TicketSigningKey } from "./tickets-shapes";

/** The e-mail providers a buyer or organiser may choose (spec §7 send-ticket-email); brevo is the default. */
export const TICKET_EMAIL_PROVIDERS = ["brevo", "resend"] as const;
export type TicketEmailProvider = (typeof TICKET_EMAIL_PROVIDERS)[number];

/**
 * The two ways to send a ticket again (spec §2 My Tickets: the first provider, then the alternate), in
 * the words users read: never a provider's name (issue 17). `button` is My Tickets' action, `choice`
 * the option where a form offers both.
 */
export const TICKET_EMAIL_WAYS = [
  { provider: "brevo", button: "Resend ticket", choice: "Usual way" },
  { provider: "resend", button: "Try another way", choice: "Another way" },
] as const satisfies readonly { provider: TicketEmailProvider; button: string; choice: string }[];

/** The spec §9 ticket code: TCKT-, the year, then 8 random upper-case hex digits. */
export function newTicketCode(now: Date = new Date()): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `TCKT-${now.getUTCFullYear()}-${random.toUpperCase()}`;
}

/** A ticket code as newTicketCode makes it; migration 0028's new_ticket_code makes the same (tickets.sql.test.ts). */
export const TICKET_CODE_PATTERN = /^TCKT-\d{4}-[0-9A-F]{8}$/;

/**
 * A QR signed for more than one ticket was sent before each ticket was its own record (decision 041): it
 * still admits its booking's valid tickets together, as it did. Every QR signed since names one ticket.
 */
export const admitsWholeBooking = (payload: Pick<TicketQrPayload, "ticketQuantity">): boolean => payload.ticketQuantity > 1;

/** The exact bytes signed: the six fields as a JSON array, so key order can never change a signature. */
export function ticketSignatureMessage(payload: TicketQrPayload): string {
  return JSON.stringify([payload.ticketId, payload.bookingId, payload.eventTitle, payload.attendeeName, payload.eventDate, payload.ticketQuantity]);
}

/**
 * spec §4 Scan flow: scanned text may be JSON, then the code is ticketId, else ticket_code, else
 * bookingId; otherwise the raw text (trimmed) is the code.
 */
export function ticketCodeFromScan(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const value = JSON.parse(trimmed) as Record<string, unknown>;
      for (const key of ["ticketId", "ticket_code", "bookingId"]) {
        const candidate = value[key];
        if (typeof candidate === "string" && candidate.trim()) return candidate.trim();
      }
    } catch {
      // Not JSON after all: the raw text is the code.
    }
  }
  return trimmed;
}

/**
 * Why a door refuses a ticket of the organiser's that is for another event (issue 17): said alike by the
 * server and by the scanner checking offline.
 */
export function notForThisEventMessage(title: string, dateTime: Date | string): string {
  const when = [formatEventDate(dateTime), formatEventTime(dateTime)].filter(Boolean).join(", ");
  return `Not for this event: this ticket is for ${title}${when ? ` (${when})` : ""}.`;
}

/** The tickets of a downloaded list that still admit: confirmed, and not revoked by a refund, dispute or cancellation. */
export function admissibleTickets(list: CheckInList): CheckInListTicket[] {
  return list.tickets.filter((ticket) => ticket.status === "confirmed" && !revokedTicketMessage(ticket, list.event));
}

/** The earliest time an offline check-in is recorded at. */
const EARLIEST_CHECK_IN_MS = Date.UTC(2000, 0, 1);

/**
 * When an offline check-in is recorded: the phone's time, but never later than now, nor earlier than
 * 2000 (a phone whose clock was reset, or a made-up value; the year 0 is none to PostgreSQL). The
 * admission itself is kept either way: the ticket was let in.
 */
export function offlineCheckInTime(checkedInAt: string, now = Date.now()): Date {
  const at = Date.parse(checkedInAt);
  return new Date(Number.isNaN(at) ? now : Math.min(Math.max(at, EARLIEST_CHECK_IN_MS), now));
}

/** What an organiser or buyer typed into the ticket viewer or resender (spec §5 Ticket viewer and resender). */
export type TicketIdentifierKind = "ticket-code" | "payment-session" | "booking-id" | "unknown";

/** Booking ids are UUIDs: anything longer than 30 characters is read as one (spec §5). */
const BOOKING_ID_MIN_LENGTH = 31;

export interface TicketIdentifier {
  /** The identifier as typed, trimmed. */
  text: string;
  /** What it looks like as typed, by the spec's own rule: the viewer's hint under the field. */
  kind: TicketIdentifierKind;
  /** The booking it names, by whichever of these is set (at most one): what the server looks up. */
  ticketCode: string | null;
  sessionId: string | null;
  bookingId: string | null;
}

/**
 * spec §5 Ticket viewer and resender, the one reading of a ticket identifier (docs/decisions/025). As
 * typed, TCKT- is a ticket code, cs_ a payment session and anything longer than 30 characters a booking
 * id, prefixes case-sensitive: that is `kind`. The lookup accepts the other spellings of the same
 * ticket a person may type: a ticket code in lower case (codes are upper case), a booking id in upper
 * case; a long text that is no UUID names no booking. A payment session's id is case-sensitive (Stripe).
 */
export function parseTicketIdentifier(typed: string): TicketIdentifier {
  const text = typed.trim();
  const upper = text.toUpperCase();
  const kind: TicketIdentifierKind = text.startsWith("TCKT-")
    ? "ticket-code"
    : text.startsWith("cs_")
      ? "payment-session"
      : text.length >= BOOKING_ID_MIN_LENGTH
        ? "booking-id"
        : "unknown";
  return {
    text,
    kind,
    ticketCode: upper.startsWith("TCKT-") ? upper : null,
    sessionId: text.startsWith("cs_") ? text : null,
    bookingId: isUuid(text) ? text.toLowerCase() : null,
  };
}

export const ticketIdentifierKind = (typed: string): TicketIdentifierKind => parseTicketIdentifier(typed).kind;

/** A hint under the field, so a typo shows before the lookup does. */
export function ticketIdentifierKindLabel(kind: TicketIdentifierKind): string | null {
  switch (kind) {
    case "ticket-code":
      return "Looks like a ticket code";
    case "payment-session":
      return "Looks like a Stripe session ID";
    case "booking-id":
      return "Looks like a booking ID";
    case "unknown":
      return null;
  }
}

/** What the viewer and the resender say when nothing was typed (the forms and the API alike). */
export const TICKET_IDENTIFIER_REQUIRED = {
  viewer: "Please enter a booking ID, ticket code, or Stripe session ID",
  resender: "Please enter a booking ID or ticket code",
} as const;

/** The trimmed identifier to send, or the spec's message when nothing was typed. */
export function checkTicketIdentifier(typed: string, tool: keyof typeof TICKET_IDENTIFIER_REQUIRED): { identifier: string } | { error: string } {
  const identifier = typed.trim();
  return identifier ? { identifier } : { error: TICKET_IDENTIFIER_REQUIRED[tool] };
}

/** spec §3 QR payload for the ticket image: what the server signs, the e-mail draws and the scanner reads. */
/** A ticket QR's text: exactly the JSON of the signed payload (spec §3 QR payload, decisions D13), as e-mails, My Tickets and wallet passes encode it; the scanner verifies kid and sig from it. */
export function ticketQrText(payload: TicketQrPayload): string {
  return JSON.stringify(payload);
}

export function ticketQrPayload(ticket: { code: string; bookingId: string; attendeeName: string }, event: { title: string; dateTime: Date }): TicketQrPayload {
  return {
    ticketId: ticket.code,
    bookingId: ticket.bookingId,
    eventTitle: event.title,
    attendeeName: ticket.attendeeName,
    eventDate: event.dateTime.toISOString(),
    // One ticket per QR (issue 36); more than one is a QR sent before tickets were records (admitsWholeBooking).
    ticketQuantity: 1,
  };
}

/**
 * A scanned QR's text read as a signed ticket payload (decisions D13). `json` says whether the text was
 * JSON at all: a typed or bare code is not, while JSON without the signed payload's shape is no ticket
 * of ours.
 */
export function readScannedTicket(text: string): { payload: SignedTicketPayload } | { payload: null; json: boolean } {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return { payload: null, json: false };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { payload: null, json: false };
  }
  const payload = signedTicketPayloadOf(value);
  return payload ? { payload } : { payload: null, json: true };
}

/**
 * `value` as a SignedTicketPayload (its fields only), or null when it lacks one or has a wrong type. A
 * plain check rather than `SignedTicketPayload.safeParse`, so the offline scanner does not load zod.
 */
function signedTicketPayloadOf(value: unknown): SignedTicketPayload | null {
  if (typeof value !== "object" || value === null) return null;
  const { ticketId, bookingId, eventTitle, attendeeName, eventDate, ticketQuantity, kid, sig } = value as Record<string, unknown>;
  const text = (field: unknown, max = Infinity, min = 0): field is string => typeof field === "string" && field.length >= min && field.length <= max;
  const ok =
    text(ticketId) &&
    text(bookingId) &&
    text(eventTitle) &&
    text(attendeeName) &&
    text(eventDate) &&
    Number.isInteger(ticketQuantity) &&
    text(kid, 32, 1) &&
    text(sig, 200, 1);
  return ok ? { ticketId, bookingId, eventTitle, attendeeName, eventDate, ticketQuantity: ticketQuantity as number, kid, sig } : null;
}

/** A scanned QR's signed ticket payload (decisions D13), or null when the text is not one. */
export const parseSignedTicket = (text: string): SignedTicketPayload | null => readScannedTicket(text).payload;

/** Verifies a ticket's signature against a set of public keys (the browser's WebCrypto check, offline). */
export type TicketSignatureCheck = (payload: SignedTicketPayload, keys: readonly TicketSigningKey[]) => Promise<boolean>;

/** The answer to a scan that admits nobody, online or offline. */
export function refusedTicket(error: string, ticketId: string | null = null): CheckResult {
  return { valid: false, error, ticketId, status: null, alreadyCheckedIn: false, checkedInAt: null, event: null, attendee: null };
}

/** A ticket admitted on a scanner while offline, waiting to be sent to the server. */
export interface LocalCheckIn {
  ticketId: string;
  eventId: string;
  eventTitle: string;
  attendeeName: string;
  /** ISO time of the scan on this device. */
  checkedInAt: string;
  /** A QR signed for several tickets (admitsWholeBooking): the server admits its booking's valid tickets. */
  wholeBooking?: boolean;
  /** Issue 38: the scan's own id (a repeated upload records nothing twice), its list, in or out, and staff's confirmation outside the door window. */
  nonce?: string;
  listId?: string;
  direction?: "in" | "out";
  confirmed?: boolean;
}

/** Why an offline scan was refused (shown as the 'Invalid ticket' detail). */
export const OFFLINE_REASONS = {
  unsigned: "This code cannot be verified offline. Scan the QR code on the ticket.",
  forged: "The ticket's signature is not valid.",
  notFound: "Ticket not found or unpaid",
  exitOffline: "Exit scans need a connection: scan it out once back online.",
} as const;

export interface OfflineCheckOutcome {
  result: CheckResult;
  /** The check-in to store, when this scan admitted the ticket. */
  admitted: LocalCheckIn | null;
}

function refusedOffline(ticketId: string | null, error: string): OfflineCheckOutcome {
  return { result: refusedTicket(error, ticketId), admitted: null };
}

function findListedTicket(lists: readonly CheckInList[], ticketId: string): { list: CheckInList; ticket: CheckInListTicket } | null {
  for (const list of lists) {
    const ticket = list.tickets.find((candidate) => candidate.ticketId === ticketId);
    if (ticket) return { list, ticket };
  }
  return null;
}

/**
 * The offline scanner's admission rule, the server's own (check-in.service admitTicket) applied to a
 * downloaded list: only a ticket whose QR signature verifies against the list's keys, which is in a
 * downloaded list for the same booking and is confirmed, is valid (a refunded, disputed or cancelled
 * event's ticket is refused with the server's own message); it is admitted once (from the list's
 * check-in time, else this device's), and a second scan reports when it was checked in.
 */
export async function checkTicketOffline({
  text,
  lists,
  localCheckIns,
  checkIn,
  now,
  verifySignature,
  doorEventId = null,
  listId = null,
  direction = "in",
  confirm = false,
}: {
  text: string;
  lists: readonly CheckInList[];
  localCheckIns: readonly LocalCheckIn[];
  checkIn: boolean;
  now: Date;
  verifySignature: TicketSignatureCheck;
  /** The event this door admits to; null admits any downloaded event's ticket. */
  doorEventId?: string | null;
  /** Issue 38: the check-in list scanned through (none: the event's default), in or out, and staff's confirmation outside the door window. */
  listId?: string | null;
  direction?: "in" | "out";
  confirm?: boolean;
}): Promise<OfflineCheckOutcome> {
  const payload = parseSignedTicket(text);
  if (!payload) return refusedOffline(text.trim().slice(0, 100) || null, OFFLINE_REASONS.unsigned);
  const found = findListedTicket(lists, payload.ticketId);
  if (!found) {
    // A code a transfer gave up (issue 36): its list says so; the signature need not be checked to refuse it.
    const revoked = lists.flatMap((list) => list.revoked ?? []).find((entry) => entry.ticketId === payload.ticketId);
    // Without the event's list there are no keys to check against: unknown, like an unpaid ticket.
    return refusedOffline(payload.ticketId, revoked?.reason ?? OFFLINE_REASONS.notFound);
  }
  const { list, ticket } = found;
  if (!(await verifySignature(payload, list.keys))) return refusedOffline(payload.ticketId, OFFLINE_REASONS.forged);
  const revoked = revokedTicketMessage(ticket, list.event);
  if (ticket.bookingId !== payload.bookingId || (ticket.status !== "confirmed" && !revoked)) return refusedOffline(payload.ticketId, OFFLINE_REASONS.notFound);
  if (doorEventId && list.event.id !== doorEventId) return refusedOffline(payload.ticketId, notForThisEventMessage(list.event.title, list.event.dateTime));
  if (revoked) return refusedOffline(payload.ticketId, revoked);
  // The door's rules (issue 38, src/domain/door.ts), as the server applies them. A list downloaded before lists
  // existed has none: its event's every type, at any time.
  if (checkIn && direction === "out") return refusedOffline(payload.ticketId, OFFLINE_REASONS.exitOffline);
  const doorList = listId ? (list.lists?.find((candidate) => candidate.id === listId) ?? null) : (list.lists?.find((candidate) => candidate.isDefault) ?? null);
  if (listId && !doorList) return refusedOffline(payload.ticketId, LIST_NOT_FOR_EVENT);
  if (doorList && ticket.ticketTypeId && !listCoversType(doorList, ticket.ticketTypeId)) return refusedOffline(payload.ticketId, wrongListMessage(doorList.name, ticket.typeName ?? "ticket"));
  const doorOpens = list.event.doorOpensMinutesBefore;
  const time = checkIn && !confirm && doorOpens !== undefined ? timeRefusal({ dateTime: list.event.dateTime, endTime: list.event.endTime ?? null, doorOpensMinutesBefore: doorOpens }, doorList, now) : null;
  if (time) return { result: { ...refusedTicket(time, payload.ticketId), needsConfirmation: true }, admitted: null };

  const wholeBooking = admitsWholeBooking(payload);
  // An old QR for several tickets stands for its booking's valid tickets, listed one by one since (decision 041).
  const covered = wholeBooking ? list.tickets.filter((entry) => entry.bookingId === ticket.bookingId && entry.status === "confirmed" && entry.ticketQuantity > 0) : [ticket];
  const base: CheckResult = {
    valid: true,
    error: null,
    ticketId: ticket.ticketId,
    status: ticket.status,
    alreadyCheckedIn: false,
    checkedInAt: null,
    event: { id: list.event.id, title: list.event.title, date: list.event.dateTime, venue: list.event.venue || null, location: list.event.location || null, minAge: list.event.minAge ?? null },
    attendee: { name: ticket.attendeeName, email: ticket.attendeeEmail, tickets: wholeBooking ? covered.length : ticket.ticketQuantity },
  };
  // On this device, a ticket came in on its own scan, or with its booking's old QR (a wholeBooking check-in).
  const bookingOf = (ticketId: string) => list.tickets.find((entry) => entry.ticketId === ticketId)?.bookingId;
  const admittedBefore = (entry: CheckInListTicket) =>
    entry.checkedInAt ??
    localCheckIns.find((local) => local.ticketId === entry.ticketId || (local.wholeBooking && bookingOf(local.ticketId) === entry.bookingId))?.checkedInAt ??
    null;
  const earlierTimes = covered.map(admittedBefore);
  const earlier = earlierTimes.length > 0 && earlierTimes.every(Boolean) ? earlierTimes.sort().at(-1)! : wholeBooking ? null : admittedBefore(ticket);
  const admittedHere = localCheckIns.some((local) => local.ticketId === ticket.ticketId);
  const history = { firstAdmittedAt: earlier, lastMove: admittedHere ? ("in" as const) : (ticket.lastMove ?? (earlier ? ("in" as const) : null)) };
  const rules = doorList ?? { allowMultipleEntries: false, allowReentry: false };
  const alreadyIn = { ...base, alreadyCheckedIn: true, checkedInAt: earlier, checkedInBy: ticket.checkedInBy ?? null, checkedInList: ticket.checkedInList ?? null };
  if (earlier && (!checkIn || admittedHere || !entryAllowed(rules, history))) return { result: alreadyIn, admitted: null };
  if (!checkIn) return { result: base, admitted: null };
  const admitted: LocalCheckIn = {
    ticketId: ticket.ticketId,
    eventId: list.event.id,
    eventTitle: list.event.title,
    attendeeName: ticket.attendeeName,
    checkedInAt: now.toISOString(),
    ...(wholeBooking ? { wholeBooking } : {}),
    nonce: globalThis.crypto.randomUUID(),
    direction: "in",
    confirmed: confirm,
    ...(doorList ? { listId: doorList.id } : {}),
  };
  return { result: { ...base, checkedInAt: admitted.checkedInAt }, admitted };
}
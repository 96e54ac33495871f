import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import {
  AppError,
  isUuid,
  notForThisEventMessage,
  SignedTicketPayload,
  ticketCodeFromScan,
  type CheckInCounts,
  type CheckInList,
  type CheckResult,
  type CheckTicketInput,
  type OfflineCheckInOutcome,
  type OfflineCheckIns,
} from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { findManagedEvent, MANAGED_EVENT_NOT_FOUND, managedBy } from "../attendees/attendees.service";
import type { Actor } from "../auth/session";
import type { TicketSigner } from "./ticket-signer";

/** spec §5 Scanner check: the default message for a ticket that cannot be admitted. */
const NOT_FOUND_OR_UNPAID = "Ticket not found or unpaid";
const FORGED = "This QR code was not issued by Eventora (its signature does not match).";
const NOT_YOURS = "This ticket is for an event you do not manage.";
const EVENT_NOT_FOUND = "The event chosen for this door was not found.";
const CODE_ONLY = "A ticket code alone cannot check a ticket in: scan the QR code on the ticket, or check the attendee in from Attendee Management on the dashboard.";

function invalid(error: string, ticketId: string | null = null): CheckResult {
  return { valid: false, error, ticketId, status: null, alreadyCheckedIn: false, checkedInAt: null, event: null, attendee: null };
}

/** A scanned JSON payload must carry a valid signature and name this ticket; raw codes (typed in) only validate. */
async function scannedPayloadProblem(signer: TicketSigner, raw: string | undefined): Promise<{ error: string } | { payload: SignedTicketPayload | null }> {
  const text = raw?.trim();
  if (!text?.startsWith("{")) return { payload: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { payload: null };
  }
  const parsed = SignedTicketPayload.safeParse(value);
  if (!parsed.success || !(await signer.verify(parsed.data))) return { error: FORGED };
  return { payload: parsed.data };
}

interface ScannedTicket {
  id: string;
  ticketCode: string;
  status: string;
  attendeeName: string;
  attendeeEmail: string;
  ticketQuantity: number;
  checkedInAt: Date | null;
  organiserId: string;
  eventId: string;
  title: string;
  dateTime: Date;
  venue: string | null;
  location: string;
  /** Set when this statement checked the ticket in. */
  admittedAt: Date | null;
}

interface RawScannedTicket {
  [column: string]: unknown;
  id: string;
  ticket_code: string;
  status: string;
  attendee_name: string;
  attendee_email: string;
  ticket_quantity: number;
  checked_in_at: Date | string | null;
  organiser_id: string;
  event_id: string;
  title: string;
  date_time: Date | string;
  venue: string | null;
  location: string;
  admitted_at: Date | string | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * One round trip for a scan: reads the ticket and its event and, when asked, checks it in with the
 * conditional update, guarded by the same rules the caller then reports on (confirmed, the payload
 * names this booking, the actor manages the event, it is this door's event), so a ticket is admitted at most once.
 */
async function findAndAdmit(
  db: Db,
  byCode: SQL,
  { actor, payload, checkIn, doorEventId }: { actor: Actor; payload: SignedTicketPayload | null; checkIn: boolean; doorEventId: string | null },
): Promise<ScannedTicket | null> {
  const payloadMatches = payload ? sql`t.id = ${payload.bookingId} and t.ticket_code = ${payload.ticketId}` : sql`true`;
  const forThisDoor = doorEventId ? sql`t.event_id = ${doorEventId}` : sql`true`;
  const result = await db.execute<RawScannedTicket>(sql`
    with t as (
      select b.id, b.ticket_code, b.status, b.attendee_name, b.attendee_email, b.ticket_quantity, b.checked_in_at,
             e.user_id as organiser_id, e.id as event_id, e.title, e.date_time, e.venue, e.location
      from ${bookings} b join ${events} e on e.id = b.event_id
      where ${byCode} limit 1
    ), admitted as (
      update ${bookings} set checked_in_at = now()
      from t
      where ${bookings.id} = t.id and ${checkIn} and t.status = 'confirmed' and ${bookings.checkedInAt} is null
        and ${payloadMatches} and ${forThisDoor} and (${actor.isAdmin} or t.organiser_id = ${actor.userId})
      returning ${bookings.checkedInAt} as admitted_at
    )
    select t.*, (select admitted_at from admitted) as admitted_at from t`);
  const row = (Array.isArray(result) ? result : (result as { rows: RawScannedTicket[] }).rows)[0] as RawScannedTicket | undefined;
  if (!row) return null;
  return {
    id: row.id,
    ticketCode: row.ticket_code,
    status: row.status,
    attendeeName: row.attendee_name,
    attendeeEmail: row.attendee_email,
    ticketQuantity: Number(row.ticket_quantity),
    checkedInAt: asDate(row.checked_in_at),
    organiserId: row.organiser_id,
    eventId: row.event_id,
    title: row.title,
    dateTime: asDate(row.date_time)!,
    venue: row.venue,
    location: row.location,
    admittedAt: asDate(row.admitted_at),
  };
}

/**
 * check-ticket (spec §7; decisions D10, D13): validates a scanned or typed ticket for an event the
 * actor manages and, when asked, checks a signed QR in with one conditional update, so a ticket is
 * admitted once. A typed code (or a QR holding only the code) validates but never admits (docs/decisions/015).
 * With the door's `eventId`, a ticket for another of the organiser's events is refused (docs/decisions/020).
 */
export async function checkTicket({ db, signer, actor, input }: { db: Db; signer: TicketSigner; actor: Actor; input: CheckTicketInput }): Promise<CheckResult> {
  const code = (input.ticketId?.trim() || ticketCodeFromScan(input.qr ?? "")).toUpperCase() || null;
  if (!code) return invalid("Please scan or enter a ticket code.");
  const scanned = await scannedPayloadProblem(signer, input.qr);
  if ("error" in scanned) return invalid(scanned.error, code);
  const doorEventId = input.eventId ? (isUuid(input.eventId) ? input.eventId.toLowerCase() : undefined) : null;
  if (doorEventId === undefined) return invalid(EVENT_NOT_FOUND, code);

  const byCode = code.startsWith("TCKT-") ? sql`b.ticket_code = ${code}` : isUuid(code) ? sql`b.id = ${code.toLowerCase()}` : null;
  // Only the ticket's signed QR admits; a bare code shows the ticket but is no proof of holding it (docs/decisions/015).
  const admit = Boolean(input.checkIn) && scanned.payload !== null;
  const row = byCode ? await findAndAdmit(db, byCode, { actor, payload: scanned.payload, checkIn: admit, doorEventId }) : null;
  if (!row || row.status !== "confirmed") return invalid(NOT_FOUND_OR_UNPAID, code);
  if (scanned.payload && (scanned.payload.ticketId !== row.ticketCode || scanned.payload.bookingId !== row.id)) return invalid(FORGED, code);
  if (!actor.isAdmin && row.organiserId !== actor.userId) return invalid(NOT_YOURS, row.ticketCode);
  if (doorEventId && row.eventId !== doorEventId) return invalid(notForThisEventMessage(row.title, row.dateTime), row.ticketCode);
  if (input.checkIn && !admit) return invalid(CODE_ONLY, row.ticketCode);

  let checkedInAt = row.admittedAt ?? row.checkedInAt;
  const alreadyCheckedIn = row.admittedAt === null && (row.checkedInAt !== null || Boolean(input.checkIn));
  if (input.checkIn && alreadyCheckedIn && checkedInAt === null) {
    // Another scanner admitted it a moment ago (after this statement's snapshot).
    const [current] = await db.select({ checkedInAt: bookings.checkedInAt }).from(bookings).where(eq(bookings.id, row.id));
    checkedInAt = current!.checkedInAt;
  }
  return {
    valid: true,
    error: null,
    ticketId: row.ticketCode,
    status: row.status,
    alreadyCheckedIn,
    checkedInAt: checkedInAt?.toISOString() ?? null,
    event: { id: row.eventId, title: row.title, date: row.dateTime.toISOString(), venue: row.venue || null, location: row.location || null },
    attendee: { name: row.attendeeName, email: row.attendeeEmail, tickets: row.ticketQuantity },
  };
}

/** The ticket list a scanner keeps for offline check-in, with the keys that verify QR signatures. */
export async function checkInList({ db, signer, actor, eventId }: { db: Db; signer: TicketSigner; actor: Actor; eventId: string }): Promise<CheckInList> {
  const event = await findManagedEvent(db, actor, eventId);
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, event.id), eq(bookings.status, "confirmed")))
    .orderBy(asc(bookings.createdAt));
  return {
    event: { id: event.id, title: event.title, dateTime: event.dateTime.toISOString(), venue: event.venue, location: event.location },
    keys: await signer.publicKeys(),
    tickets: rows.map((booking) => ({
      ticketId: booking.ticketCode,
      bookingId: booking.id,
      attendeeName: booking.attendeeName,
      attendeeEmail: booking.attendeeEmail,
      ticketQuantity: booking.ticketQuantity,
      status: booking.status,
      checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    })),
    downloadedAt: new Date().toISOString(),
  };
}

/**
 * An event's check-in figures as SQL columns, for any query that has the event's id at hand (the counts
 * route below, and each live sale in realtime/sales-hub.ts): tickets admitted, and tickets sold.
 */
export function checkInFigures(eventId: SQL | string) {
  const confirmed = sql`from ${bookings} as counted where counted.event_id = ${eventId} and counted.status = 'confirmed'`;
  return {
    admitted: sql<number>`(select coalesce(sum(counted.ticket_quantity), 0)::int ${confirmed} and counted.checked_in_at is not null)`.mapWith(Number),
    expected: sql<number>`(select coalesce(sum(counted.ticket_quantity), 0)::int ${confirmed})`.mapWith(Number),
  };
}

/** The scanner's 'Admitted X / Y' for an event the actor manages, in one query. */
export async function checkInCounts({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<CheckInCounts> {
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  const [row] = await db
    .select({ eventId: events.id, ...checkInFigures(sql`${events.id}`) })
    .from(events)
    .where(and(eq(events.id, eventId), managedBy(actor)))
    .limit(1);
  if (!row) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  return row;
}

/**
 * Applies check-ins made offline. First scan wins: each ticket keeps its earliest check-in time, and a
 * ticket that had also been admitted elsewhere comes back as a conflict for the organiser to see.
 */
export async function syncOfflineCheckIns({ db, actor, eventId, input }: { db: Db; actor: Actor; eventId: string; input: OfflineCheckIns }): Promise<OfflineCheckInOutcome[]> {
  const event = await findManagedEvent(db, actor, eventId);
  const results: OfflineCheckInOutcome[] = [];
  for (const item of input.checkIns) {
    const code = item.ticketId.toUpperCase();
    const scannedAt = new Date(Math.min(new Date(item.checkedInAt).getTime(), Date.now()));
    // The previous value comes from the row as it was before this update (a self-join on the old row).
    const updated = await db.execute<{ previous: Date | string | null; kept: Date | string }>(sql`
      update ${bookings} as b set checked_in_at = least(coalesce(prior.checked_in_at, ${scannedAt}), ${scannedAt})
      from ${bookings} as prior
      where prior.id = b.id and b.ticket_code = ${code} and b.event_id = ${event.id} and b.status = 'confirmed'
      returning prior.checked_in_at as previous, b.checked_in_at as kept`);
    const row = (Array.isArray(updated) ? updated : (updated as { rows: { previous: Date | string | null; kept: Date | string }[] }).rows)[0];
    if (!row) {
      results.push({ ticketId: code, outcome: "invalid", checkedInAt: null, error: NOT_FOUND_OR_UNPAID });
      continue;
    }
    const kept = new Date(row.kept).toISOString();
    results.push(row.previous === null ? { ticketId: code, outcome: "admitted", checkedInAt: kept, error: null } : { ticketId: code, outcome: "conflict", checkedInAt: kept, error: `Also checked in at ${new Date(row.previous).toISOString()}` });
  }
  return results;
}

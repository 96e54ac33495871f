import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  admitsWholeBooking,
  AppError,
  isUuid,
  managesEvent,
  notForThisEventMessage,
  offlineCheckInTime,
  parseTicketIdentifier,
  readScannedTicket,
  refusedTicket,
  revokedTicketMessage,
  SOLD_BOOKING_STATUSES,
  ticketCodeFromScan,
  TRANSFERRED_TICKET_MESSAGE,
  type CheckInCounts,
  type CheckInList,
  type CheckInResult,
  type CheckResult,
  type CheckTicketInput,
  type OfflineCheckInOutcome,
  type OfflineCheckIns,
} from "../../../domain";
import { oncePerDb, preparedSql, type Db } from "../../db/client";
import { settled, statementBatches, togetherOrAlone } from "../../db/statement-batches";
import { bookings, events, tickets } from "../../db/schema";
import type { Actor } from "../auth/session";
import { findManagedEvent, MANAGED_EVENT_NOT_FOUND, managedBy, managedByColumns } from "../events/managed-events";
import { revokedCodes } from "../tickets/ticket-changes.service";
import type { TicketSigner } from "../tickets/ticket-signer";

/** spec §5 Scanner check: the default message for a ticket that cannot be admitted. */
const NOT_FOUND_OR_UNPAID = "Ticket not found or unpaid";
const FORGED = "This QR code was not issued by Eventora (its signature does not match).";
const NOT_YOURS = "This ticket is for an event you do not manage.";
const EVENT_NOT_FOUND = "The event chosen for this door was not found.";
const CODE_ONLY = "A ticket code alone cannot check a ticket in: scan the QR code on the ticket, or check the attendee in from Attendee Management on the dashboard.";

interface AdmissionRow {
  /** The ticket found (tickets.id) and its booking (bookings.id). */
  ticketId: string;
  id: string;
  ticketCode: string;
  /** The booking's status (confirmed, refunded, disputed, ...). */
  status: string;
  /** The ticket's own: valid, or refunded on its own. */
  ticketStatus: string;
  attendeeName: string;
  attendeeEmail: string;
  /** The tickets this admission is for: 1, or a legacy group QR's booking's valid tickets (decision 041). */
  ticketQuantity: number;
  organiserId: string;
  eventId: string;
  eventStatus: string;
  title: string;
  dateTime: Date;
  venue: string | null;
  location: string;
  minAge: number | null;
  /** When the ticket (for a group, the last of its tickets) had been checked in before this call; null when any was waiting. */
  checkedInAt: Date | null;
  /** Set when this call checked the ticket (or a group's first ticket) in, or kept an earlier offline scan's time. */
  admittedAt: Date | null;
}

interface RawAdmissionRow {
  [column: string]: unknown;
  ticket_id: string;
  id: string;
  ticket_code: string;
  status: string;
  ticket_status: string;
  attendee_name: string;
  attendee_email: string;
  ticket_quantity: number | string;
  checked_in_at: Date | string | null;
  organiser_id: string;
  event_id: string;
  event_status: string;
  title: string;
  date_time: Date | string;
  venue: string | null;
  location: string;
  min_age: number | null;
  admitted_at: Date | string | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Which ticket an admission is for: its code (scanned, typed, or synced from an offline scanner), its id (the
 * dashboard's button on one ticket) or its booking's id (the button on a booking: every valid ticket of it).
 */
export type TicketLookup =
  | { ticketCode: string; ticketId?: never; bookingId?: never }
  | { ticketId: string; ticketCode?: never; bookingId?: never }
  | { bookingId: string; ticketCode?: never; ticketId?: never };

export interface AdmitOptions {
  ticket: TicketLookup;
  actor: Actor;
  /** Only a ticket of this event is found (the offline sync of one event's scans). */
  eventId?: string;
  /** An offline scan's time; by default the moment of admission. */
  at?: Date;
  /** Whether to check the ticket in if it may be; false only reads it (a typed code). Default true. */
  admit?: boolean;
  /** The signed QR's booking and code: it admits only the ticket it names. */
  signed?: { bookingId: string; ticketCode: string };
  /**
   * Admit every valid ticket of the found ticket's booking: a QR signed for several tickets, sent before
   * tickets were records (decision 041), or the dashboard's button on a booking.
   */
  wholeBooking?: boolean;
  /** The door's event: a ticket of another event is read but not admitted (docs/decisions/020). */
  doorEventId?: string;
}

/** One admission as the admission statement takes it: a row of its arrays. */
interface AdmissionRequest {
  ticketCode: string | null;
  ticketId: string | null;
  bookingId: string | null;
  eventId: string | null;
  at: string | null;
  admit: boolean;
  signedBookingId: string | null;
  signedTicketCode: string | null;
  wholeBooking: boolean;
  doorEventId: string | null;
  actorIsAdmin: boolean;
  actorUserId: string;
}

/** Each field of a request, as the type of the statement's array that carries it. */
const REQUEST_COLUMNS = {
  ticketCode: "text",
  ticketId: "uuid",
  bookingId: "uuid",
  eventId: "uuid",
  at: "timestamptz",
  admit: "boolean",
  signedBookingId: "text",
  signedTicketCode: "text",
  wholeBooking: "boolean",
  doorEventId: "uuid",
  actorIsAdmin: "boolean",
  actorUserId: "text",
} as const satisfies Record<keyof AdmissionRequest, string>;
const requestColumns = Object.keys(REQUEST_COLUMNS) as (keyof AdmissionRequest)[];
/** A request's column in the statement: `want_` and its name in snake case (ticketCode: want_ticket_code). */
const wantColumn = (name: keyof AdmissionRequest) => `want_${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
const column = (name: keyof AdmissionRequest) => sql.raw(`r.${wantColumn(name)}`);

type FoundBy = "ticketCode" | "ticketId" | "bookingId";

/**
 * The one admission statement, per way of finding the ticket, prepared once. It takes any number of
 * admissions as arrays, one element each (the scans that queued behind the last statement: see
 * admissionsByCode), so every condition is a column and one statement serves every actor, door and scan.
 * Each ticket's booking is locked in the order of the requests, which the caller sorts, so two batches never
 * wait on each other in a cycle; every writer of a booking's tickets (refunds, disputes) locks the booking
 * first. The booking's row is touched too, so the live figures hear of the admission (notify_booking_change).
 */
function admissionStatement(db: Db, by: FoundBy) {
  const name = `admit_ticket_by_${by === "ticketCode" ? "code" : by === "ticketId" ? "id" : "booking"}`;
  return oncePerDb(db, name, () => {
    const columnList = sql.raw(requestColumns.map(wantColumn).join(", "));
    const arrays = sql.join(
      requestColumns.map((key) => sql`${sql.placeholder(key)}::${sql.raw(REQUEST_COLUMNS[key])}[]`),
      sql`, `,
    );
    const found =
      by === "ticketCode" ? sql`k.code = ${column("ticketCode")}` : by === "ticketId" ? sql`k.id = ${column("ticketId")}` : sql`k.booking_id = ${column("bookingId")}`;
    const when = sql`coalesce(t.want_at, clock_timestamp())`;
    return preparedSql<RawAdmissionRow & { n: string }>(
      db,
      name,
      sql`
      with r as (
        select * from unnest(${arrays}) with ordinality as r(${columnList}, n)
      ), t as (
        select r.*, found.* from r cross join lateral (
          select k.id as ticket_id, k.booking_id as id, k.code as ticket_code, b.status, k.status as ticket_status,
                 k.attendee_name, coalesce(k.attendee_email, b.attendee_email) as attendee_email, k.checked_in_at,
                 e.user_id as organiser_id, e.id as event_id, e.status as event_status, e.title, e.date_time, e.venue, e.location, e.min_age
          from ${bookings} b join ${tickets} k on k.booking_id = b.id join ${events} e on e.id = k.event_id
          where ${found} and (${column("eventId")} is null or k.event_id = ${column("eventId")})
          order by k.status = 'valid' desc, k.position
          limit 1
          -- The booking, then its ticket (the order every writer of a booking's tickets takes them in): a scan that
          -- waited reads the ticket as the one before it left it.
          for update of b, k
        ) found
      ), allowed as (
        select t.* from t
        where t.want_admit
          and (t.want_signed_booking_id is null or (t.id::text = t.want_signed_booking_id and t.ticket_code = t.want_signed_ticket_code))
          and (t.want_door_event_id is null or t.event_id = t.want_door_event_id)
          and t.status = 'confirmed' and t.event_status <> 'cancelled'
          and ${managedByColumns(sql`t.organiser_id`, { isAdmin: sql`t.want_actor_is_admin`, userId: sql`t.want_actor_user_id` })}
      ), covered as (
        select t.n, k.id, k.booking_id, case when k.id = t.ticket_id then t.checked_in_at else k.checked_in_at end as checked_in_at, ${when} as at
        from t join ${tickets} k on k.booking_id = t.id and k.status = 'valid' and (k.id = t.ticket_id or t.want_whole_booking)
      ), admitted as (
        -- Judged on the ticket as it is now (an update re-reads a row another scan changed meanwhile), so a ticket is
        -- admitted once however the scans of it and of its booking's old QR meet.
        update ${tickets} set checked_in_at = c.at
        from covered c join allowed a on a.n = c.n
        where ${tickets.id} = c.id and (${tickets.checkedInAt} is null or ${tickets.checkedInAt} > c.at)
        returning ${tickets.id} as id, ${tickets.bookingId} as booking_id, ${tickets.checkedInAt} as admitted_at
      ), touched as (
        update ${bookings} set checked_in_at = least(coalesce(${bookings.checkedInAt}, first.at), first.at)
        from (select booking_id, min(admitted_at) as at from admitted group by booking_id) first
        where ${bookings.id} = first.booking_id
        returning ${bookings.id}
      )
      select t.n, t.ticket_id, t.id, t.ticket_code, t.status, t.ticket_status, t.attendee_name, t.attendee_email,
             case when t.want_whole_booking then (select count(*) from covered c where c.n = t.n) else 1 end as ticket_quantity,
             case when t.want_whole_booking
               then (select case when count(*) > 0 and bool_and(c.checked_in_at is not null) then max(c.checked_in_at) end from covered c where c.n = t.n)
               else t.checked_in_at end as checked_in_at,
             t.organiser_id, t.event_id, t.event_status, t.title, t.date_time, t.venue, t.location, t.min_age,
             (select min(a.admitted_at) from admitted a join covered c on c.id = a.id and c.n = t.n) as admitted_at
      from t`,
    );
  });
}

function admissionRow(row: RawAdmissionRow): AdmissionRow {
  return {
    ticketId: row.ticket_id,
    id: row.id,
    ticketCode: row.ticket_code,
    status: row.status,
    ticketStatus: row.ticket_status,
    attendeeName: row.attendee_name,
    attendeeEmail: row.attendee_email,
    ticketQuantity: Number(row.ticket_quantity),
    organiserId: row.organiser_id,
    eventId: row.event_id,
    eventStatus: row.event_status,
    title: row.title,
    dateTime: asDate(row.date_time)!,
    venue: row.venue,
    location: row.location,
    minAge: row.min_age === null ? null : Number(row.min_age),
    checkedInAt: asDate(row.checked_in_at),
    admittedAt: asDate(row.admitted_at),
  };
}

/** Runs the admission statement for these requests, sorted by how each ticket is found; answers in their order. */
async function runAdmissions(db: Db, by: FoundBy, requests: AdmissionRequest[]): Promise<(AdmissionRow | null)[]> {
  const order = requests.map((request, i) => ({ key: request[by] ?? "", i })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  const sorted = order.map(({ i }) => requests[i]!);
  const params = Object.fromEntries(requestColumns.map((key) => [key, sorted.map((request) => request[key])]));
  const rows = await admissionStatement(db, by).execute(params);
  const answers: (AdmissionRow | null)[] = requests.map(() => null);
  for (const row of rows) answers[order[Number(row.n) - 1]!.i] = admissionRow(row);
  return answers;
}

/**
 * Scans of ticket codes, batched: the door's hot path. A scan that arrives while the statement runs goes
 * in the next one with every other scan that queued meanwhile; two scans of one code never share a
 * statement (docs/decisions/032).
 */
function admissionsByCode(db: Db) {
  return oncePerDb(db, "admissions_by_code", () =>
    statementBatches<AdmissionRequest, AdmissionRow | null>({
      // A batch locks several bookings. A writer that locks two of them the other way round (a dispute over
      // an order's bookings) can close a cycle, which PostgreSQL breaks by failing one side; if it failed
      // the batch, each scan runs alone, which locks one booking and so cannot. So does every other failure
      // of the batch: one scan's bad value fails that scan alone.
      runBatch: (requests) => togetherOrAlone(requests, async (batch) => settled(await runAdmissions(db, "ticketCode", batch))),
      keyOf: (request) => request.ticketCode!,
    }),
  );
}

/**
 * Admitting a ticket (ARCHITECTURE Check-in; decisions D10), the one rule the scan, the offline sync and
 * the dashboard's check-in button all go through (docs/decisions/025). One statement reads the ticket
 * with its booking and event, locking the booking, and checks it in when the booking is confirmed, the
 * ticket valid, the event one the actor manages, and the options allow it. First scan wins: a ticket is
 * admitted once, and keeps its earliest check-in time. The moment of admission is clock_timestamp(), read
 * after the lock, so a scan waiting on another never records a time before the one that admitted the ticket.
 */
export async function admitTicket(db: Db, { ticket, actor, eventId, at, admit = true, signed, wholeBooking, doorEventId }: AdmitOptions): Promise<AdmissionRow | null> {
  const request: AdmissionRequest = {
    ticketCode: ticket.ticketCode ?? null,
    ticketId: ticket.ticketId ?? null,
    bookingId: ticket.bookingId ?? null,
    eventId: eventId ?? null,
    at: at?.toISOString() ?? null,
    admit,
    signedBookingId: signed?.bookingId ?? null,
    signedTicketCode: signed?.ticketCode ?? null,
    wholeBooking: Boolean(wholeBooking) || ticket.bookingId !== undefined,
    doorEventId: doorEventId ?? null,
    actorIsAdmin: actor.isAdmin,
    actorUserId: actor.userId,
  };
  if (request.ticketCode !== null) return admissionsByCode(db).run(request);
  // The dashboard's buttons, one at a time: not a rush, and its own statement locks one booking.
  const [row] = await runAdmissions(db, request.ticketId !== null ? "ticketId" : "bookingId", [request]);
  return row ?? null;
}

/** Whether this code was given up by a transfer of a ticket of an event the actor manages (strangers learn nothing). */
async function transferredFrom(db: Db, actor: Actor, code: string): Promise<boolean> {
  const [revoked] = await revokedCodes(db, [], [code]);
  if (!revoked) return false;
  const [event] = await db.select({ organiserId: events.userId }).from(events).where(eq(events.id, revoked.eventId));
  return Boolean(event && managesEvent(actor, event.organiserId));
}

/** Why the door refuses this ticket though it was sold, or null: its booking's or event's state, or its own refund. */
const revokedAdmission = (row: AdmissionRow) => revokedTicketMessage({ status: row.status, ticketStatus: row.ticketStatus }, { status: row.eventStatus });

/**
 * check-ticket (spec §7; decisions D10, D13): validates a scanned or typed ticket for an event the
 * actor manages and, when asked, checks a signed QR in with one conditional update, so a ticket is
 * admitted once. A typed code (or a QR holding only the code) validates but never admits (docs/decisions/015).
 * With the door's `eventId`, a ticket for another of the organiser's events is refused (docs/decisions/020).
 */
export async function checkTicket({ db, signer, actor, input }: { db: Db; signer: TicketSigner; actor: Actor; input: CheckTicketInput }): Promise<CheckResult> {
  const identifier = parseTicketIdentifier(input.ticketId?.trim() || ticketCodeFromScan(input.qr ?? ""));
  const code = identifier.text.toUpperCase() || null;
  if (!code) return refusedTicket("Please scan or enter a ticket code.");
  // A scanned JSON payload must carry a valid signature and name this ticket; raw codes (typed in) only validate.
  const scanned = readScannedTicket(input.qr ?? "");
  const payload = scanned.payload && (await signer.verify(scanned.payload)) ? scanned.payload : null;
  if (!payload && (scanned.payload || scanned.json)) return refusedTicket(FORGED, code);
  const doorEventId = input.eventId ? (isUuid(input.eventId) ? input.eventId.toLowerCase() : undefined) : null;
  if (doorEventId === undefined) return refusedTicket(EVENT_NOT_FOUND, code);

  const ticket: TicketLookup | null = identifier.ticketCode ? { ticketCode: identifier.ticketCode } : identifier.bookingId ? { bookingId: identifier.bookingId } : null;
  // Only the ticket's signed QR admits; a bare code shows the ticket but is no proof of holding it (docs/decisions/015).
  const admit = Boolean(input.checkIn) && payload !== null;
  const signed = payload ? { bookingId: payload.bookingId, ticketCode: payload.ticketId } : undefined;
  const wholeBooking = payload !== null && admitsWholeBooking(payload);
  const row = ticket ? await admitTicket(db, { ticket, actor, admit, signed, wholeBooking, doorEventId: doorEventId ?? undefined }) : null;
  const revoked = row && revokedAdmission(row);
  if (!row && (await transferredFrom(db, actor, code))) return refusedTicket(TRANSFERRED_TICKET_MESSAGE, code);
  if (!row || (row.status !== "confirmed" && !revoked)) return refusedTicket(NOT_FOUND_OR_UNPAID, code);
  if (payload && (payload.ticketId !== row.ticketCode || payload.bookingId !== row.id)) return refusedTicket(FORGED, code);
  if (!managesEvent(actor, row.organiserId)) return refusedTicket(NOT_YOURS, row.ticketCode);
  if (doorEventId && row.eventId !== doorEventId) return refusedTicket(notForThisEventMessage(row.title, row.dateTime), row.ticketCode);
  if (revoked) return refusedTicket(revoked, row.ticketCode);
  if (input.checkIn && !admit) return refusedTicket(CODE_ONLY, row.ticketCode);

  const checkedInAt = row.checkedInAt ?? row.admittedAt;
  return {
    valid: true,
    error: null,
    ticketId: row.ticketCode,
    status: row.status,
    alreadyCheckedIn: row.checkedInAt !== null,
    checkedInAt: checkedInAt?.toISOString() ?? null,
    event: { id: row.eventId, title: row.title, date: row.dateTime.toISOString(), venue: row.venue || null, location: row.location || null, minAge: row.minAge },
    attendee: { name: row.attendeeName, email: row.attendeeEmail, tickets: row.ticketQuantity },
  };
}

/**
 * The ticket list a scanner keeps for offline check-in, with the keys that verify QR signatures. It
 * carries the revocations too (refunded and disputed tickets, with their status, and the event's own
 * status), so a scanner that downloads it again refuses them by name.
 */
export async function checkInList({ db, signer, actor, eventId }: { db: Db; signer: TicketSigner; actor: Actor; eventId: string }): Promise<CheckInList> {
  const event = await findManagedEvent(db, actor, eventId);
  const rows = await db
    .select({ ticket: tickets, bookingStatus: bookings.status, bookingEmail: bookings.attendeeEmail })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(and(eq(tickets.eventId, event.id), inArray(bookings.status, [...SOLD_BOOKING_STATUSES])))
    .orderBy(asc(tickets.createdAt), asc(tickets.bookingId), asc(tickets.position));
  return {
    event: { id: event.id, title: event.title, dateTime: event.dateTime.toISOString(), venue: event.venue, location: event.location, status: event.status, minAge: event.minAge },
    keys: await signer.publicKeys(),
    // Codes given up by a transfer: the scanner refuses them by name (issue 36).
    revoked: (await revokedCodes(db, [event.id])).map(({ ticketId, reason }) => ({ ticketId, reason })),
    // One entry per ticket; a ticket refunded on its own travels as refunded, so the scanner refuses it by name.
    tickets: rows.map(({ ticket, bookingStatus, bookingEmail }) => ({
      ticketId: ticket.code,
      bookingId: ticket.bookingId,
      attendeeName: ticket.attendeeName,
      attendeeEmail: ticket.attendeeEmail ?? bookingEmail,
      ticketQuantity: ticket.status === "valid" ? 1 : 0,
      status: ticket.status === "refunded" && bookingStatus === "confirmed" ? "refunded" : bookingStatus,
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
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
    admitted: sql<number>`(select count(*)::int from ${tickets} as came join ${bookings} as counted on counted.id = came.booking_id
      where came.event_id = ${eventId} and came.status = 'valid' and came.checked_in_at is not null and counted.status = 'confirmed')`.mapWith(Number),
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
    const at = offlineCheckInTime(item.checkedInAt);
    const row = await admitTicket(db, { ticket: { ticketCode: code }, eventId: event.id, actor, at, wholeBooking: item.wholeBooking });
    const revoked = row ? revokedAdmission(row) : (await revokedCodes(db, [event.id], [code]))[0]?.reason;
    if (!row || row.status !== "confirmed" || revoked) {
      results.push({ ticketId: code, outcome: "invalid", checkedInAt: null, error: revoked || NOT_FOUND_OR_UNPAID });
      continue;
    }
    const kept = (row.admittedAt ?? row.checkedInAt)!.toISOString();
    results.push(row.checkedInAt === null ? { ticketId: code, outcome: "admitted", checkedInAt: kept, error: null } : { ticketId: code, outcome: "conflict", checkedInAt: kept, error: `Also checked in at ${row.checkedInAt.toISOString()}` });
  }
  return results;
}

/**
 * The dashboard's check-in button (Attendee Management): admits a booking of an event the actor
 * manages; a repeat reports the first check-in's time.
 */
export async function checkInBooking({ db, actor, bookingId }: { db: Db; actor: Actor; bookingId: string }): Promise<CheckInResult> {
  if (!isUuid(bookingId)) throw new AppError("BOOKING_NOT_FOUND", "Booking not found");
  const row = await admitTicket(db, { ticket: { bookingId }, actor });
  if (!row || !managesEvent(actor, row.organiserId)) throw new AppError("BOOKING_NOT_FOUND", "Booking not found");
  const revoked = revokedAdmission(row);
  if (revoked) throw new AppError("CONFLICT", revoked, { reason: "TICKET_REVOKED" });
  if (row.status !== "confirmed") throw new AppError("BOOKING_NOT_FOUND", "Booking not found");
  if (row.checkedInAt) return { bookingId, checkedInAt: row.checkedInAt.toISOString(), alreadyCheckedIn: true };
  return { bookingId, checkedInAt: row.admittedAt!.toISOString(), alreadyCheckedIn: false };
}

/**
 * The dashboard's check-in button on one ticket (issue 36: the attendee list is a row per ticket): admits
 * that ticket of an event the actor manages; a repeat reports the first check-in's time.
 */
export async function checkInAttendeeTicket({ db, actor, ticketId }: { db: Db; actor: Actor; ticketId: string }): Promise<CheckInResult> {
  if (!isUuid(ticketId)) throw new AppError("TICKET_NOT_FOUND", "Ticket not found");
  const row = await admitTicket(db, { ticket: { ticketId: ticketId.toLowerCase() }, actor });
  if (!row || !managesEvent(actor, row.organiserId)) throw new AppError("TICKET_NOT_FOUND", "Ticket not found");
  const revoked = revokedAdmission(row);
  if (revoked) throw new AppError("CONFLICT", revoked, { reason: "TICKET_REVOKED" });
  if (row.status !== "confirmed") throw new AppError("TICKET_NOT_FOUND", "Ticket not found");
  if (row.checkedInAt) return { bookingId: row.id, ticketId: row.ticketId, checkedInAt: row.checkedInAt.toISOString(), alreadyCheckedIn: true };
  return { bookingId: row.id, ticketId: row.ticketId, checkedInAt: row.admittedAt!.toISOString(), alreadyCheckedIn: false };
}

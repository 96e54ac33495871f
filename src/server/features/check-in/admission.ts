import { sql } from "drizzle-orm";
import { doorTimeOkSql, entryAllowedSql, exitAllowedSql, listCoversTypeSql } from "../../../domain/door.sql";
import { oncePerDb, preparedSql, type Db } from "../../db/client";
import { settled, statementBatches, togetherOrAlone } from "../../db/statement-batches";
import { bookings, checkInLists, doorAccess, doorAccessEvents, events, scans, ticketTypes, tickets } from "../../db/schema";
import type { Actor } from "../auth/session";
import type { DoorWho } from "../door/door-access";
import { managedByColumns } from "../events/managed-events";

/** A ticket read (and, when allowed, moved in or out) by the admission statement, with what the door rules read. */
export interface AdmissionRow {
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
  endTime: Date | null;
  doorOpensMinutesBefore: number;
  venue: string | null;
  location: string;
  minAge: number | null;
  ticketTypeId: string;
  typeName: string;
  /** The list the scan went through (the event's default when none was named), or null when the named one is not this event's. */
  list: { id: string; name: string; ticketTypeIds: string[] | null; opensAt: Date | null; closesAt: Date | null; allowMultipleEntries: boolean; allowReentry: boolean } | null;
  /** When the ticket (for a group, the last of its tickets) had been checked in before this call; null when any was waiting. */
  checkedInAt: Date | null;
  checkedInBy: string | null;
  checkedInList: string | null;
  /** Its latest move before this scan. */
  lastMove: "in" | "out" | null;
  /** The moment the scan is judged at: an offline scan's time, else the clock once the ticket was locked. */
  scanAt: Date;
  /** Set when this call let the ticket (or a group's first ticket) in. */
  admittedAt: Date | null;
  /** Set when this call scanned the ticket out. */
  exitedAt: Date | null;
  /** This device sent this scan (its nonce) before: what was recorded then, and nothing now. */
  prior: { result: string; reason: string | null; byLabel: string } | null;
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
  checked_in_by: string | null;
  checked_in_list: string | null;
  last_move: "in" | "out" | null;
  organiser_id: string;
  event_id: string;
  event_status: string;
  title: string;
  date_time: Date | string;
  end_time: Date | string | null;
  door_opens_minutes_before: number | string;
  venue: string | null;
  location: string;
  min_age: number | null;
  ticket_type_id: string;
  type_name: string;
  list_id: string | null;
  list_name: string | null;
  list_types: string[] | string | null;
  list_opens_at: Date | string | null;
  list_closes_at: Date | string | null;
  list_multiple: boolean | null;
  list_reentry: boolean | null;
  scan_at: Date | string;
  admitted_at: Date | string | null;
  exited_at: Date | string | null;
  prior_result: string | null;
  prior_reason: string | null;
  prior_by: string | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));
/** A uuid[] as node-postgres gives it: parsed, or PostgreSQL's text form "{a,b}" (uuid[] has no parser registered). */
const uuidArray = (value: string[] | string | null): string[] | null =>
  value === null ? null : Array.isArray(value) ? value : value.replace(/^\{|\}$/g, "").split(",").filter(Boolean);

/**
 * Which ticket an admission is for: its code (scanned, typed, or synced from an offline scanner), its id (the
 * dashboard's button on one ticket, or a guest found at the door) or its booking's id (the button on a booking).
 */
export type TicketLookup =
  | { ticketCode: string; ticketId?: never; bookingId?: never }
  | { ticketId: string; ticketCode?: never; bookingId?: never }
  | { bookingId: string; ticketCode?: never; ticketId?: never };

export interface AdmitOptions {
  ticket: TicketLookup;
  /** The signed-in user; null for a door link's phone. */
  actor: Actor | null;
  /** Events the door may check beyond those the actor manages (door staff, a door link: door-access.ts). */
  granted?: readonly string[];
  /** Who the scan log names; by default the actor's id. */
  who?: DoorWho;
  /** Only a ticket of this event is found (the offline sync of one event's scans). */
  eventId?: string;
  /** An offline scan's time; by default the moment of admission. */
  at?: Date;
  /** Whether to move the ticket if it may; false only reads it (a typed code). Default true. */
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
  /** The check-in list scanned through; by default the event's default list. */
  listId?: string;
  direction?: "in" | "out";
  /** Staff confirmed the ticket in outside the door window (or the list's window). */
  confirm?: boolean;
  deviceId?: string;
  nonce?: string;
  offline?: boolean;
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
  /** The granted events' ids, comma-separated (an array cannot be an element of the statement's arrays). */
  granted: string;
  listId: string | null;
  direction: string;
  confirm: boolean;
  whoUserId: string | null;
  whoAccessId: string | null;
  byLabel: string;
  deviceId: string | null;
  nonce: string | null;
  offline: boolean;
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
  granted: "text",
  listId: "uuid",
  direction: "text",
  confirm: "boolean",
  whoUserId: "text",
  whoAccessId: "uuid",
  byLabel: "text",
  deviceId: "text",
  nonce: "text",
  offline: "boolean",
} as const satisfies Record<keyof AdmissionRequest, string>;
const requestColumns = Object.keys(REQUEST_COLUMNS) as (keyof AdmissionRequest)[];
/** A request's column in the statement: `want_` and its name in snake case (ticketCode: want_ticket_code). */
const wantColumn = (name: keyof AdmissionRequest) => `want_${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
const column = (name: keyof AdmissionRequest) => sql.raw(`r.${wantColumn(name)}`);
const t = (name: string) => sql.raw(`t.${name}`);
const a = (name: string) => sql.raw(`a.${name}`);

type FoundBy = "ticketCode" | "ticketId" | "bookingId";

/**
 * The one admission statement, per way of finding the ticket, prepared once. It takes any number of
 * admissions as arrays, one element each (the scans that queued behind the last statement: see
 * admissionsByCode), so every condition is a column and one statement serves every door and scan.
 * Each ticket's booking is locked in the order of the requests, which the caller sorts, so two batches never
 * wait on each other in a cycle; every writer of a booking's tickets (refunds, disputes) locks the booking
 * first. A ticket moves (in, or out) when the door may check its event, the booking is confirmed, the ticket
 * valid, the list covers its type, the time is inside the door window (or staff confirmed), and the list's
 * entry rules allow it (src/domain/door.ts, in SQL in door.sql.ts); the move is logged in the same
 * statement, so an admission is never without its log entry. The booking's row is touched on an admission,
 * so the live figures hear of it (notify_booking_change).
 */
function admissionStatement(db: Db, by: FoundBy) {
  const name = `admit_ticket_by_${by === "ticketCode" ? "code" : by === "ticketId" ? "id" : "booking"}_v2`;
  return oncePerDb(db, name, () => {
    const columnList = sql.raw(requestColumns.map(wantColumn).join(", "));
    const arrays = sql.join(
      requestColumns.map((key) => sql`${sql.placeholder(key)}::${sql.raw(REQUEST_COLUMNS[key])}[]`),
      sql`, `,
    );
    const found =
      by === "ticketCode" ? sql`k.code = ${column("ticketCode")}` : by === "ticketId" ? sql`k.id = ${column("ticketId")}` : sql`k.booking_id = ${column("bookingId")}`;
    const timeOk = doorTimeOkSql(
      { dateTime: t("date_time"), endTime: t("end_time"), doorOpensMinutesBefore: t("door_opens_minutes_before") },
      { opensAt: t("list_opens_at"), closesAt: t("list_closes_at") },
      t("scan_at"),
    );
    return preparedSql<RawAdmissionRow & { n: string }>(
      db,
      name,
      sql`
      with r as (
        select * from unnest(${arrays}) with ordinality as r(${columnList}, n)
      ), t as (
        select r.*, found.*, l.*, coalesce(r.want_at, clock_timestamp()) as scan_at from r cross join lateral (
          select k.id as ticket_id, k.booking_id as id, k.code as ticket_code, b.status, k.status as ticket_status,
                 k.attendee_name, coalesce(k.attendee_email, b.attendee_email) as attendee_email, k.checked_in_at,
                 k.checked_in_by, k.last_move, (select cl.name from ${checkInLists} cl where cl.id = k.checked_in_list_id) as checked_in_list,
                 k.ticket_type_id, tt.name as type_name,
                 e.user_id as organiser_id, e.id as event_id, e.status as event_status, e.title, e.date_time, e.end_time,
                 e.door_opens_minutes_before, e.venue, e.location, e.min_age
          from ${bookings} b join ${tickets} k on k.booking_id = b.id join ${events} e on e.id = k.event_id join ${ticketTypes} tt on tt.id = k.ticket_type_id
          where ${found} and (${column("eventId")} is null or k.event_id = ${column("eventId")})
          order by k.status = 'valid' desc, k.position
          limit 1
          -- The booking, then its ticket (the order every writer of a booking's tickets takes them in): a scan that
          -- waited reads the ticket as the one before it left it.
          for update of b, k
        ) found
        left join lateral (
          select cl.id as list_id, cl.name as list_name, cl.ticket_type_ids as list_types, cl.opens_at as list_opens_at, cl.closes_at as list_closes_at,
                 cl.allow_multiple_entries as list_multiple, cl.allow_reentry as list_reentry
          from ${checkInLists} cl
          where cl.event_id = found.event_id and case when r.want_list_id is null then cl.is_default else cl.id = r.want_list_id end
          limit 1
        ) l on true
      ), prior as (
        select t.n, s.result, s.reason, s.by_label from t join ${scans} s on s.device_id = t.want_device_id and s.nonce = t.want_nonce
      ), allowed as (
        select t.*, ${timeOk} as in_time from t
        where t.want_admit
          and not exists (select 1 from prior p where p.n = t.n)
          and (t.want_signed_booking_id is null or (t.id::text = t.want_signed_booking_id and t.ticket_code = t.want_signed_ticket_code))
          and (t.want_door_event_id is null or t.event_id = t.want_door_event_id)
          and t.status = 'confirmed' and t.event_status <> 'cancelled'
          and (${managedByColumns(sql`t.organiser_id`, { isAdmin: sql`t.want_actor_is_admin`, userId: sql`t.want_actor_user_id` })}
               or t.event_id::text = any(string_to_array(t.want_granted, ',')))
          and t.list_id is not null and ${listCoversTypeSql({ ticketTypeIds: t("list_types") }, t("ticket_type_id"))}
          and (t.want_direction = 'out' or t.want_confirm or ${timeOk})
      ), covered as (
        select t.n, k.id, k.booking_id, case when k.id = t.ticket_id then t.checked_in_at else k.checked_in_at end as checked_in_at, t.scan_at as at
        from t join ${tickets} k on k.booking_id = t.id and k.status = 'valid' and (k.id = t.ticket_id or t.want_whole_booking)
      ), admitted as (
        -- Judged on the ticket as it is now (an update re-reads a row another scan changed meanwhile), so a ticket is
        -- admitted once (or as often as its list allows) however the scans of it and of its booking's old QR meet.
        update ${tickets} set
          checked_in_at = coalesce(${tickets.checkedInAt}, c.at),
          checked_in_by = case when ${tickets.checkedInAt} is null then a.want_by_label else ${tickets.checkedInBy} end,
          checked_in_list_id = case when ${tickets.checkedInAt} is null then a.list_id else ${tickets.checkedInListId} end,
          last_move = 'in'
        from covered c join allowed a on a.n = c.n
        where ${tickets.id} = c.id and a.want_direction = 'in'
          and ${entryAllowedSql({ allowMultipleEntries: a("list_multiple"), allowReentry: a("list_reentry") }, { firstAdmittedAt: tickets.checkedInAt, lastMove: tickets.lastMove })}
        returning ${tickets.id} as id, ${tickets.bookingId} as booking_id, c.at as admitted_at, c.n
      ), exited as (
        update ${tickets} set last_move = 'out'
        from covered c join allowed a on a.n = c.n
        where ${tickets.id} = c.id and a.want_direction = 'out' and ${exitAllowedSql({ firstAdmittedAt: tickets.checkedInAt, lastMove: tickets.lastMove })}
        returning ${tickets.id} as id, c.at as exited_at, c.n
      ), touched as (
        update ${bookings} set checked_in_at = least(coalesce(${bookings.checkedInAt}, first.at), first.at)
        from (select booking_id, min(admitted_at) as at from admitted group by booking_id) first
        where ${bookings.id} = first.booking_id
        returning ${bookings.id}
      ), moved as (
        select a.*, coalesce((select min(m.admitted_at) from admitted m where m.n = a.n), (select min(x.exited_at) from exited x where x.n = a.n)) as moved_at
        from allowed a
      ), logged as (
        insert into ${scans} (event_id, ticket_id, scanned_code, list_id, direction, result, confirmed, user_id, door_access_id, by_label, device_id, nonce, offline, scanned_at)
        select m.event_id, m.ticket_id, m.ticket_code, m.list_id, m.want_direction, case when m.want_direction = 'in' then 'admitted' else 'exited' end,
               m.want_direction = 'in' and not m.in_time, m.want_who_user_id,
               coalesce(m.want_who_access_id, (select da.id from ${doorAccess} da join ${doorAccessEvents} dae on dae.door_access_id = da.id
                 where da.user_id = m.want_who_user_id and dae.event_id = m.event_id and da.revoked_at is null limit 1)),
               m.want_by_label, m.want_device_id, m.want_nonce, m.want_offline, m.moved_at
        from moved m where m.moved_at is not null
        on conflict (device_id, nonce) do nothing
        returning 1
      )
      select t.n, t.ticket_id, t.id, t.ticket_code, t.status, t.ticket_status, t.attendee_name, t.attendee_email,
             case when t.want_whole_booking then (select count(*) from covered c where c.n = t.n) else 1 end as ticket_quantity,
             case when t.want_whole_booking
               then (select case when count(*) > 0 and bool_and(c.checked_in_at is not null) then max(c.checked_in_at) end from covered c where c.n = t.n)
               else t.checked_in_at end as checked_in_at,
             t.checked_in_by, t.checked_in_list, t.last_move,
             t.organiser_id, t.event_id, t.event_status, t.title, t.date_time, t.end_time, t.door_opens_minutes_before, t.venue, t.location, t.min_age,
             t.ticket_type_id, t.type_name, t.list_id, t.list_name, t.list_types, t.list_opens_at, t.list_closes_at, t.list_multiple, t.list_reentry, t.scan_at,
             (select min(m.admitted_at) from admitted m where m.n = t.n) as admitted_at,
             (select min(x.exited_at) from exited x where x.n = t.n) as exited_at,
             p.result as prior_result, p.reason as prior_reason, p.by_label as prior_by,
             (select count(*) from logged) as logged
      from t left join prior p on p.n = t.n`,
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
    endTime: asDate(row.end_time),
    doorOpensMinutesBefore: Number(row.door_opens_minutes_before),
    venue: row.venue,
    location: row.location,
    minAge: row.min_age === null ? null : Number(row.min_age),
    ticketTypeId: row.ticket_type_id,
    typeName: row.type_name,
    list:
      row.list_id === null
        ? null
        : {
            id: row.list_id,
            name: row.list_name!,
            ticketTypeIds: uuidArray(row.list_types),
            opensAt: asDate(row.list_opens_at),
            closesAt: asDate(row.list_closes_at),
            allowMultipleEntries: Boolean(row.list_multiple),
            allowReentry: Boolean(row.list_reentry),
          },
    checkedInAt: asDate(row.checked_in_at),
    checkedInBy: row.checked_in_by,
    checkedInList: row.checked_in_list,
    lastMove: row.last_move,
    scanAt: asDate(row.scan_at)!,
    admittedAt: asDate(row.admitted_at),
    exitedAt: asDate(row.exited_at),
    prior: row.prior_result === null ? null : { result: row.prior_result, reason: row.prior_reason, byLabel: row.prior_by ?? "" },
  };
}

/** Runs the admission statement for these requests, sorted by how each ticket is found; answers in their order. */
async function runAdmissions(db: Db, by: FoundBy, requests: AdmissionRequest[]): Promise<(AdmissionRow | null)[]> {
  const order = requests.map((request, i) => ({ key: request[by] ?? "", i })).sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.i - y.i));
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
 * Admitting a ticket (ARCHITECTURE Check-in; decisions D10, D26), the one rule the scan, the offline sync,
 * a guest found at the door and the dashboard's check-in button all go through (docs/decisions/025). One
 * statement reads the ticket with its booking, event, type and list, locking the booking, and moves it in
 * (or out) when the door's rules allow. First to reach the server wins: a later scan of an admitted ticket
 * is refused with who let it in, where and when. The moment of admission is clock_timestamp(), read after
 * the lock, so a scan waiting on another never records a time before the one that admitted the ticket.
 */
export async function admitTicket(db: Db, options: AdmitOptions): Promise<AdmissionRow | null> {
  const { ticket, actor, granted = [], who, eventId, at, admit = true, signed, wholeBooking, doorEventId, listId, direction = "in", confirm = false, deviceId, nonce, offline = false } = options;
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
    actorIsAdmin: actor?.isAdmin ?? false,
    // No organiser's id is empty: a door link's phone manages nothing.
    actorUserId: actor?.userId ?? "",
    granted: granted.join(","),
    listId: listId ?? null,
    direction,
    confirm,
    whoUserId: who ? who.userId : (actor?.userId ?? null),
    whoAccessId: who?.doorAccessId ?? null,
    byLabel: who?.label ?? "Organiser",
    deviceId: deviceId ?? null,
    nonce: deviceId && nonce ? nonce : null,
    offline,
  };
  if (request.ticketCode !== null) return admissionsByCode(db).run(request);
  // The dashboard's buttons, one at a time: not a rush, and its own statement locks one booking.
  const [row] = await runAdmissions(db, request.ticketId !== null ? "ticketId" : "bookingId", [request]);
  return row ?? null;
}

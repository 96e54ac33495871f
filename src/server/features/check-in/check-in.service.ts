import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  admitsWholeBooking,
  alreadyCheckedInDetail,
  AppError,
  entryAllowed,
  exitAllowed,
  isUuid,
  LIST_NOT_FOR_EVENT,
  managesEvent,
  maskEmail,
  listCoversType,
  NOT_INSIDE_MESSAGE,
  notForThisEventMessage,
  offlineCheckInTime,
  parseTicketIdentifier,
  readScannedTicket,
  refusedTicket,
  revokedTicketMessage,
  SOLD_BOOKING_STATUSES,
  ticketCodeFromScan,
  timeRefusal,
  TRANSFERRED_TICKET_MESSAGE,
  wrongListMessage,
  type CheckInCounts,
  type CheckInList,
  type CheckInResult,
  type CheckResult,
  type CheckTicketInput,
  type DoorScanFields,
  type OfflineCheckInOutcome,
  type OfflineCheckIns,
} from "../../../domain";
import { oncePerDb, type Db } from "../../db/client";
import { settled, statementBatches } from "../../db/statement-batches";
import { bookings, checkInLists, events, scans, tickets, ticketTypes } from "../../db/schema";
import type { Actor } from "../auth/session";
import { mayCheck, NOT_YOUR_DOOR, whoAt, type Door, type DoorWho } from "../door/door-access";
import { admittedTicket, soldTicket } from "../door/door-figures.service";
import { MANAGED_EVENT_NOT_FOUND, managedBy } from "../events/managed-events";
import { revokedCodes } from "../tickets/ticket-changes.service";
import type { TicketSigner } from "../tickets/ticket-signer";
import { admitTicket, type AdmissionRow, type AdmitOptions, type TicketLookup } from "./admission";

export { admitTicket, type AdmissionRow, type TicketLookup } from "./admission";

/** spec §5 Scanner check: the default message for a ticket that cannot be admitted. */
const NOT_FOUND_OR_UNPAID = "Ticket not found or unpaid";
const FORGED = "This QR code was not issued by Eventora (its signature does not match).";
const NOT_YOURS = "This ticket is for an event you do not manage.";
const EVENT_NOT_FOUND = "The event chosen for this door was not found.";
const CODE_ONLY = "A ticket code alone cannot check a ticket in: scan the QR code on the ticket, or check the attendee in from Attendee Management on the dashboard.";

/** The door as admitTicket takes it: its actor, its granted events, and who the log names. */
const doorOptions = (door: Door, eventId?: string): Pick<AdmitOptions, "actor" | "granted" | "who"> => ({
  actor: door.actor,
  granted: [...door.granted.keys()],
  who: eventId ? whoAt(door, eventId) : door.who,
});

/** A manager's door (the dashboard's buttons, tests): the actor themself. */
export const managerDoor = (actor: Actor, label = "Organiser"): Door => ({ actor, granted: new Map(), link: null, who: { userId: actor.userId, doorAccessId: null, label } });

interface ScanLogEntry {
  eventId: string | null;
  ticketId: string | null;
  scannedCode: string | null;
  listId: string | null;
  direction: "in" | "out";
  reason: string;
  who: DoorWho;
  deviceId: string | null;
  nonce: string | null;
  offline: boolean;
  scannedAt: Date;
}

/** Refused scans, written together as they come (a rush of refusals is one insert per batch). A device's repeated nonce is written once. */
function refusalLog(db: Db) {
  return oncePerDb(db, "scan_refusals", () =>
    statementBatches<ScanLogEntry & { key: string }, null>({
      keyOf: (entry) => entry.key,
      runBatch: async (entries) => {
        await db
          .insert(scans)
          .values(
            entries.map((entry) => ({
              eventId: entry.eventId,
              ticketId: entry.ticketId,
              scannedCode: entry.scannedCode?.slice(0, 100) ?? null,
              listId: entry.listId,
              direction: entry.direction,
              result: "refused",
              reason: entry.reason,
              userId: entry.who.userId,
              doorAccessId: entry.who.doorAccessId,
              byLabel: entry.who.label,
              deviceId: entry.deviceId,
              nonce: entry.deviceId ? entry.nonce : null,
              offline: entry.offline,
              scannedAt: entry.scannedAt,
            })),
          )
          .onConflictDoNothing();
        return settled(entries.map(() => null));
      },
    }),
  );
}

const logRefusal = (db: Db, entry: ScanLogEntry) => refusalLog(db).run({ ...entry, key: randomUUID() });

/** Whether this code was given up by a transfer of a ticket of an event the door may check (strangers learn nothing). */
async function transferredFrom(db: Db, door: Door, code: string): Promise<{ eventId: string } | null> {
  const [revoked] = await revokedCodes(db, [], [code]);
  if (!revoked) return null;
  const [event] = await db.select({ id: events.id, organiserId: events.userId }).from(events).where(eq(events.id, revoked.eventId));
  return event && mayCheck(door, event) ? { eventId: event.id } : null;
}

/** The event of an admission row, as mayCheck reads it (the row's own id is its booking's). */
const eventOf = (row: AdmissionRow) => ({ id: row.eventId, organiserId: row.organiserId });

/** Why the door refuses this ticket though it was sold, or null: its booking's or event's state, or its own refund. */
const revokedAdmission = (row: AdmissionRow) => revokedTicketMessage({ status: row.status, ticketStatus: row.ticketStatus }, { status: row.eventStatus });

/**
 * What the door is shown of the attendee: their e-mail in full to the event's organiser (or an admin), masked to
 * door staff and door links, who see only what the door needs (D26), as a found guest's is.
 */
function forDoor(result: CheckResult, door: Door, organiserId: string): CheckResult {
  if (!result.attendee || (door.actor && managesEvent(door.actor, organiserId))) return result;
  return { ...result, attendee: { ...result.attendee, email: maskEmail(result.attendee.email) ?? "" } };
}

/** The scanner's answer for a ticket found and judged (the statement has already moved it, or not). */
function foundResult(row: AdmissionRow): CheckResult {
  return {
    valid: true,
    error: null,
    ticketId: row.ticketCode,
    status: row.status,
    alreadyCheckedIn: false,
    checkedInAt: null,
    event: { id: row.eventId, title: row.title, date: row.dateTime.toISOString(), venue: row.venue || null, location: row.location || null, minAge: row.minAge },
    attendee: { name: row.attendeeName, email: row.attendeeEmail, tickets: row.ticketQuantity },
    ticketType: row.typeName,
    list: row.list ? { id: row.list.id, name: row.list.name } : null,
  };
}

/**
 * The door's rules (src/domain/door.ts) applied to what the admission statement read: why this ticket does
 * not move, or null. The statement applied the same rules in SQL (door.sql.ts), so a null here is a move
 * it made, unless another scan got there first (admittedAt/exitedAt then null: judged as already in).
 */
function doorRefusal(row: AdmissionRow, direction: "in" | "out", confirm: boolean): { reason: string; needsConfirmation?: boolean } | null {
  if (!row.list) return { reason: LIST_NOT_FOR_EVENT };
  if (!listCoversType(row.list, row.ticketTypeId)) return { reason: wrongListMessage(row.list.name, row.typeName) };
  const history = { firstAdmittedAt: row.checkedInAt, lastMove: row.lastMove };
  if (direction === "out") return exitAllowed(history) && row.exitedAt ? null : { reason: NOT_INSIDE_MESSAGE };
  const time = confirm ? null : timeRefusal(row, row.list, row.scanAt);
  if (time) return { reason: time, needsConfirmation: true };
  return null;
}

/**
 * What the door answers for one scan of a found ticket, and the log's refusal reason (null when the
 * statement moved it, which it logged itself).
 */
function judged(row: AdmissionRow, scan: { direction: "in" | "out"; confirm: boolean }): { result: CheckResult; refusal: string | null } {
  const base = foundResult(row);
  if (row.prior) {
    // This device sent this scan before: the same answer, nothing recorded twice.
    if (row.prior.result === "refused") return { result: { ...refusedTicket(row.prior.reason ?? NOT_FOUND_OR_UNPAID, row.ticketCode), ticketType: row.typeName }, refusal: null };
    return { result: { ...base, checkedInAt: row.checkedInAt?.toISOString() ?? null, direction: scan.direction }, refusal: null };
  }
  const refused = doorRefusal(row, scan.direction, scan.confirm);
  if (refused) {
    return {
      result: { ...refusedTicket(refused.reason, row.ticketCode), ticketType: row.typeName, list: base.list, event: base.event, attendee: base.attendee, ...(refused.needsConfirmation ? { needsConfirmation: true } : {}) },
      refusal: refused.reason,
    };
  }
  if (scan.direction === "out") return { result: { ...base, direction: "out", checkedInAt: row.checkedInAt?.toISOString() ?? null }, refusal: null };
  const history = { firstAdmittedAt: row.checkedInAt, lastMove: row.lastMove };
  if (row.admittedAt && (row.checkedInAt === null || entryAllowed(row.list!, history))) {
    return { result: { ...base, direction: "in", checkedInAt: (row.checkedInAt ?? row.admittedAt).toISOString(), alreadyCheckedIn: false }, refusal: null };
  }
  const firstAt = row.checkedInAt ?? row.scanAt;
  return {
    result: { ...base, direction: "in", alreadyCheckedIn: true, checkedInAt: firstAt.toISOString(), checkedInBy: row.checkedInBy, checkedInList: row.checkedInList },
    refusal: `Already checked in: ${alreadyCheckedInDetail(firstAt, row.checkedInList, row.checkedInBy)}`,
  };
}

/** The log entry of a refused scan of a found ticket. */
const refusalOf = (row: AdmissionRow | null, reason: string, door: Door, scan: DoorScanFields & { code: string | null; eventId: string | null; offline?: boolean; at?: Date }): ScanLogEntry => ({
  eventId: row?.eventId ?? scan.eventId,
  ticketId: row?.ticketId ?? null,
  scannedCode: row?.ticketCode ?? scan.code,
  listId: row?.list?.id ?? null,
  direction: scan.direction,
  reason,
  who: row ? whoAt(door, row.eventId) : door.who,
  deviceId: scan.deviceId ?? null,
  nonce: scan.nonce ?? null,
  offline: scan.offline ?? false,
  scannedAt: scan.at ?? row?.scanAt ?? new Date(),
});

/**
 * check-ticket (spec §7; decisions D10, D13, D26): validates a scanned or typed ticket for an event the
 * door may check and, when asked, moves a signed QR's ticket in (or out) under the door's rules, so a
 * ticket is admitted once (or as often as its list allows). A typed code (or a QR holding only the code)
 * validates but never admits (docs/decisions/015). With the door's `eventId`, a ticket for another event is
 * refused (docs/decisions/020). Every scan is logged, admitted or refused.
 */
export async function checkTicket({ db, signer, door, input }: { db: Db; signer: TicketSigner; door: Door; input: CheckTicketInput }): Promise<CheckResult> {
  const identifier = parseTicketIdentifier(input.ticketId?.trim() || ticketCodeFromScan(input.qr ?? ""));
  const code = identifier.text.toUpperCase() || null;
  if (!code) return refusedTicket("Please scan or enter a ticket code.");
  const doorEventId = input.eventId ? (isUuid(input.eventId) ? input.eventId.toLowerCase() : undefined) : null;
  const scan = { direction: input.direction, confirm: input.confirm, listId: input.listId, deviceId: input.deviceId, nonce: input.nonce, code, eventId: doorEventId ?? null };
  const refuse = async (reason: string, row: AdmissionRow | null = null, ticketId: string | null = row?.ticketCode ?? code) => {
    // A scan of nothing the door may check is not its to log: the log is per event, and strangers learn nothing.
    if (row || scan.eventId) await logRefusal(db, refusalOf(row, reason, door, scan));
    return refusedTicket(reason, ticketId);
  };
  // A scanned JSON payload must carry a valid signature and name this ticket; raw codes (typed in) only validate.
  const scanned = readScannedTicket(input.qr ?? "");
  const payload = scanned.payload && (await signer.verify(scanned.payload)) ? scanned.payload : null;
  if (doorEventId === undefined) return refusedTicket(EVENT_NOT_FOUND, code);
  if (doorEventId && !(await doorMayCheckEvent(db, door, doorEventId))) return refusedTicket(NOT_YOUR_DOOR, code);
  if (!payload && (scanned.payload || scanned.json)) return refuse(FORGED);

  const ticket: TicketLookup | null = identifier.ticketCode ? { ticketCode: identifier.ticketCode } : identifier.bookingId ? { bookingId: identifier.bookingId } : null;
  // Only the ticket's signed QR admits; a bare code shows the ticket but is no proof of holding it (docs/decisions/015).
  const admit = Boolean(input.checkIn) && payload !== null;
  const signed = payload ? { bookingId: payload.bookingId, ticketCode: payload.ticketId } : undefined;
  const wholeBooking = payload !== null && admitsWholeBooking(payload);
  const row = ticket
    ? await admitTicket(db, {
        ticket,
        ...doorOptions(door, doorEventId ?? undefined),
        admit,
        signed,
        wholeBooking,
        doorEventId: doorEventId ?? undefined,
        listId: input.listId,
        direction: input.direction,
        confirm: input.confirm,
        deviceId: input.deviceId,
        nonce: input.nonce,
      })
    : null;
  const revoked = row && revokedAdmission(row);
  if (!row) {
    const transferred = await transferredFrom(db, door, code);
    if (transferred) {
      await logRefusal(db, refusalOf(null, TRANSFERRED_TICKET_MESSAGE, door, { ...scan, eventId: transferred.eventId }));
      return refusedTicket(TRANSFERRED_TICKET_MESSAGE, code);
    }
    return refuse(NOT_FOUND_OR_UNPAID);
  }
  if (!mayCheck(door, eventOf(row))) return refusedTicket(row.status !== "confirmed" && !revoked ? NOT_FOUND_OR_UNPAID : NOT_YOURS, row.ticketCode);
  if (row.status !== "confirmed" && !revoked) return refuse(NOT_FOUND_OR_UNPAID, row);
  if (payload && (payload.ticketId !== row.ticketCode || payload.bookingId !== row.id)) return refuse(FORGED, row);
  if (doorEventId && row.eventId !== doorEventId) return refuse(notForThisEventMessage(row.title, row.dateTime), { ...row, eventId: doorEventId, ticketId: row.ticketId });
  if (revoked) return refuse(revoked, row);
  if (input.checkIn && !admit) return refuse(CODE_ONLY, row);
  if (!input.checkIn) {
    return forDoor({ ...foundResult(row), alreadyCheckedIn: row.checkedInAt !== null, checkedInAt: row.checkedInAt?.toISOString() ?? null, checkedInBy: row.checkedInBy, checkedInList: row.checkedInList }, door, row.organiserId);
  }

  const { result, refusal } = judged(row, { direction: input.direction, confirm: input.confirm });
  if (refusal) await logRefusal(db, refusalOf(row, refusal, door, scan));
  return forDoor(result, door, row.organiserId);
}

/** Whether the door may check this event (it exists, and the actor manages it or an access grants it). */
async function doorMayCheckEvent(db: Db, door: Door, eventId: string): Promise<boolean> {
  if (door.granted.has(eventId)) return true;
  if (!door.actor) return false;
  const [event] = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), managedBy(door.actor))).limit(1);
  return Boolean(event);
}

/** An event this door may check (a manager's, or one an access grants), or EVENT_NOT_FOUND: the same answer whether it is missing or not the door's. */
export async function findDoorEvent(db: Db, door: Door, eventId: string) {
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  const [event] = await db
    .select({
      id: events.id,
      organiserId: events.userId,
      title: events.title,
      dateTime: events.dateTime,
      endTime: events.endTime,
      doorOpensMinutesBefore: events.doorOpensMinutesBefore,
      venue: events.venue,
      location: events.location,
      status: events.status,
      minAge: events.minAge,
    })
    .from(events)
    .where(eq(events.id, eventId.toLowerCase()))
    .limit(1);
  if (!event || !mayCheck(door, event)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  return event;
}

/**
 * The ticket list a scanner keeps for offline check-in, with the keys that verify QR signatures, the
 * event's check-in lists and door window, and each ticket's type and door history. It carries the
 * revocations too (refunded and disputed tickets, with their status, and the event's own status), so a
 * scanner that downloads it again refuses them by name.
 */
export async function checkInList({ db, signer, door, eventId }: { db: Db; signer: TicketSigner; door: Door; eventId: string }): Promise<CheckInList> {
  const event = await findDoorEvent(db, door, eventId);
  // Door staff and links carry the attendees' e-mails masked: the door needs the names (D26).
  const manages = door.actor !== null && managesEvent(door.actor, event.organiserId);
  const [rows, lists] = await Promise.all([
    db
      .select({ ticket: tickets, bookingStatus: bookings.status, bookingEmail: bookings.attendeeEmail, typeName: ticketTypes.name, checkedInList: checkInLists.name })
      .from(tickets)
      .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .leftJoin(checkInLists, eq(checkInLists.id, tickets.checkedInListId))
      .where(and(eq(tickets.eventId, event.id), inArray(bookings.status, [...SOLD_BOOKING_STATUSES])))
      .orderBy(asc(tickets.createdAt), asc(tickets.bookingId), asc(tickets.position)),
    listsOf(db, event.id),
  ]);
  return {
    event: {
      id: event.id,
      title: event.title,
      dateTime: event.dateTime.toISOString(),
      venue: event.venue,
      location: event.location,
      status: event.status,
      minAge: event.minAge,
      endTime: event.endTime?.toISOString() ?? null,
      doorOpensMinutesBefore: event.doorOpensMinutesBefore,
    },
    lists,
    keys: await signer.publicKeys(),
    // Codes given up by a transfer: the scanner refuses them by name (issue 36).
    revoked: (await revokedCodes(db, [event.id])).map(({ ticketId, reason }) => ({ ticketId, reason })),
    // One entry per ticket; a ticket refunded on its own travels as refunded, so the scanner refuses it by name.
    tickets: rows.map(({ ticket, bookingStatus, bookingEmail, typeName, checkedInList }) => ({
      ticketId: ticket.code,
      bookingId: ticket.bookingId,
      attendeeName: ticket.attendeeName,
      attendeeEmail: manages ? (ticket.attendeeEmail ?? bookingEmail) : (maskEmail(ticket.attendeeEmail ?? bookingEmail) ?? ""),
      ticketQuantity: ticket.status === "valid" ? 1 : 0,
      status: ticket.status === "refunded" && bookingStatus === "confirmed" ? "refunded" : bookingStatus,
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
      ticketTypeId: ticket.ticketTypeId,
      typeName,
      checkedInBy: ticket.checkedInBy,
      checkedInList,
      lastMove: ticket.lastMove as "in" | "out" | null,
    })),
    downloadedAt: new Date().toISOString(),
  };
}

/**
 * An event's check-in figures as SQL columns, for any query that has the event's id at hand (the counts
 * route below, and each live sale in realtime/sales-hub.ts): tickets admitted, and tickets sold, by the door
 * figures' own conditions (door-figures.service), so the scanner's 'Admitted X / Y' and the figures by list
 * and type always add up.
 */
export function checkInFigures(eventId: SQL | string) {
  const counted = (condition: SQL) =>
    sql<number>`(select count(*)::int from ${tickets} as came join ${bookings} as counted on counted.id = came.booking_id
      where came.event_id = ${eventId} and ${condition})`.mapWith(Number);
  return { admitted: counted(admittedTicket(sql`came`, sql`counted`)), expected: counted(soldTicket(sql`came`, sql`counted`)) };
}

/** The scanner's 'Admitted X / Y' for an event the door may check, in one query. */
export async function checkInCounts({ db, door, eventId }: { db: Db; door: Door; eventId: string }): Promise<CheckInCounts> {
  const event = await findDoorEvent(db, door, eventId);
  const [row] = await db
    .select({ eventId: events.id, ...checkInFigures(sql`${events.id}`) })
    .from(events)
    .where(eq(events.id, event.id))
    .limit(1);
  if (!row) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  return row;
}

/**
 * Applies scans made offline, in the order the device made them. First to reach the server wins: a ticket
 * another device had already admitted comes back as a conflict naming who let it in, and is logged as
 * refused. A repeated upload (the same device and nonce) records nothing twice and answers as before.
 */
export async function syncOfflineCheckIns({ db, door, eventId, input }: { db: Db; door: Door; eventId: string; input: OfflineCheckIns }): Promise<OfflineCheckInOutcome[]> {
  const event = await findDoorEvent(db, door, eventId);
  const results: OfflineCheckInOutcome[] = [];
  for (const item of input.checkIns) {
    const code = item.ticketId.toUpperCase();
    const at = offlineCheckInTime(item.checkedInAt);
    const scan = { direction: item.direction, confirm: item.confirmed, listId: item.listId, deviceId: input.deviceId, nonce: item.nonce, code, eventId: event.id, offline: true, at };
    const row = await admitTicket(db, {
      ticket: { ticketCode: code },
      ...doorOptions(door, event.id),
      eventId: event.id,
      at,
      wholeBooking: item.wholeBooking,
      listId: item.listId,
      direction: item.direction,
      confirm: item.confirmed,
      deviceId: input.deviceId,
      nonce: item.nonce,
      offline: true,
    });
    const revoked = row ? revokedAdmission(row) : (await revokedCodes(db, [event.id], [code]))[0]?.reason;
    if (!row || row.status !== "confirmed" || revoked) {
      const reason = revoked || NOT_FOUND_OR_UNPAID;
      if (!row?.prior) await logRefusal(db, refusalOf(row, reason, door, scan));
      results.push({ ticketId: code, outcome: "invalid", checkedInAt: null, error: reason });
      continue;
    }
    const { result, refusal } = judged(row, { direction: item.direction, confirm: item.confirmed });
    if (refusal) await logRefusal(db, refusalOf(row, refusal, door, scan));
    if (result.valid && !result.alreadyCheckedIn) {
      results.push({ ticketId: code, outcome: item.direction === "out" ? "exited" : "admitted", checkedInAt: result.checkedInAt, error: null });
    } else if (result.alreadyCheckedIn) {
      results.push({ ticketId: code, outcome: "conflict", checkedInAt: result.checkedInAt, error: refusal ?? "Already checked in" });
    } else {
      results.push({ ticketId: code, outcome: "invalid", checkedInAt: null, error: result.error });
    }
  }
  return results;
}

/** The check-in answer of the dashboard's buttons and a guest admitted with a tap. */
function buttonAnswer(row: AdmissionRow | null, door: Door, notFound: AppError): { row: AdmissionRow; checkedInAt: string; alreadyCheckedIn: boolean } {
  if (!row || !mayCheck(door, eventOf(row))) throw notFound;
  const revoked = revokedAdmission(row);
  if (revoked) throw new AppError("CONFLICT", revoked, { reason: "TICKET_REVOKED" });
  if (row.status !== "confirmed") throw notFound;
  if (row.admittedAt) return { row, checkedInAt: (row.checkedInAt ?? row.admittedAt).toISOString(), alreadyCheckedIn: row.checkedInAt !== null };
  if (row.checkedInAt) return { row, checkedInAt: row.checkedInAt.toISOString(), alreadyCheckedIn: true };
  // Confirmed (no window) and the default list covers every type: nothing else refuses a valid ticket here.
  throw new AppError("CONFLICT", doorRefusal(row, "in", true)?.reason ?? NOT_FOUND_OR_UNPAID, { reason: "DOOR_REFUSED" });
}

/**
 * The dashboard's check-in button (Attendee Management): admits a booking of an event the actor
 * manages; a repeat reports the first check-in's time. The organiser's own deliberate act: no door window.
 */
export async function checkInBooking({ db, actor, bookingId }: { db: Db; actor: Actor; bookingId: string }): Promise<CheckInResult> {
  if (!isUuid(bookingId)) throw new AppError("BOOKING_NOT_FOUND", "Booking not found");
  const door = managerDoor(actor);
  const row = await admitTicket(db, { ticket: { bookingId }, ...doorOptions(door), confirm: true, deviceId: "dashboard", nonce: randomUUID() });
  const answer = buttonAnswer(row, door, new AppError("BOOKING_NOT_FOUND", "Booking not found"));
  return { bookingId, checkedInAt: answer.checkedInAt, alreadyCheckedIn: answer.alreadyCheckedIn };
}

/**
 * The dashboard's button on one ticket (issue 36: the attendee list is a row per ticket): admits that ticket
 * of an event the actor manages; a repeat reports the first check-in's time. No door window: the organiser's own act.
 */
export async function checkInAttendeeTicket({ db, actor, ticketId }: { db: Db; actor: Actor; ticketId: string }): Promise<CheckInResult> {
  if (!isUuid(ticketId)) throw new AppError("TICKET_NOT_FOUND", "Ticket not found");
  const door = managerDoor(actor);
  const row = await admitTicket(db, { ticket: { ticketId: ticketId.toLowerCase() }, ...doorOptions(door), confirm: true, deviceId: "dashboard", nonce: randomUUID() });
  const answer = buttonAnswer(row, door, new AppError("TICKET_NOT_FOUND", "Ticket not found"));
  return { bookingId: answer.row.id, ticketId: answer.row.ticketId, checkedInAt: answer.checkedInAt, alreadyCheckedIn: answer.alreadyCheckedIn };
}

/**
 * A guest found at the door by name, e-mail or code (issue 38) and admitted with a tap: the door's list and
 * rules as for a scan, with staff's confirmation outside the door window; answered and logged as a scan is.
 */
export async function admitFoundGuest({ db, door, ticketId, scan }: { db: Db; door: Door; ticketId: string; scan: DoorScanFields }): Promise<CheckResult> {
  if (!isUuid(ticketId)) return refusedTicket(NOT_FOUND_OR_UNPAID);
  const row = await admitTicket(db, {
    ticket: { ticketId: ticketId.toLowerCase() },
    ...doorOptions(door),
    listId: scan.listId,
    direction: "in",
    confirm: scan.confirm,
    deviceId: scan.deviceId,
    nonce: scan.nonce,
  });
  if (!row || !mayCheck(door, eventOf(row))) return refusedTicket(NOT_FOUND_OR_UNPAID);
  const log = { ...scan, direction: "in" as const, code: row.ticketCode, eventId: row.eventId };
  const revoked = revokedAdmission(row);
  if (revoked || row.status !== "confirmed") {
    const reason = revoked || NOT_FOUND_OR_UNPAID;
    if (!row.prior) await logRefusal(db, refusalOf(row, reason, door, log));
    return refusedTicket(reason, row.ticketCode);
  }
  const { result, refusal } = judged(row, { direction: "in", confirm: scan.confirm });
  if (refusal) await logRefusal(db, refusalOf(row, refusal, door, log));
  return forDoor(result, door, row.organiserId);
}

/** The check-in lists of an event the door may check, the default first: the scanner's choice of list (issue 38). */
export async function doorLists({ db, door, eventId }: { db: Db; door: Door; eventId: string }): Promise<NonNullable<CheckInList["lists"]>> {
  const event = await findDoorEvent(db, door, eventId);
  return listsOf(db, event.id);
}

/** An event's check-in lists, for a caller that has already found the event through the door. */
async function listsOf(db: Db, eventId: string): Promise<NonNullable<CheckInList["lists"]>> {
  const lists = await db.select().from(checkInLists).where(eq(checkInLists.eventId, eventId)).orderBy(sql`${checkInLists.isDefault} desc`, asc(checkInLists.name));
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    isDefault: list.isDefault,
    ticketTypeIds: list.ticketTypeIds,
    opensAt: list.opensAt?.toISOString() ?? null,
    closesAt: list.closesAt?.toISOString() ?? null,
    allowMultipleEntries: list.allowMultipleEntries,
    allowReentry: list.allowReentry,
  }));
}

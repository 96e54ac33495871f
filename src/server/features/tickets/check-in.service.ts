import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  isUuid,
  SignedTicketPayload,
  ticketCodeFromScan,
  type CheckInList,
  type CheckResult,
  type CheckTicketInput,
  type OfflineCheckInOutcome,
  type OfflineCheckIns,
} from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { findManagedEvent } from "../attendees/attendees.service";
import type { Actor } from "../auth/session";
import type { TicketSigner } from "./ticket-signer";

/** spec §5 Scanner check: the default message for a ticket that cannot be admitted. */
const NOT_FOUND_OR_UNPAID = "Ticket not found or unpaid";
const FORGED = "This QR code was not issued by Eventora (its signature does not match).";
const NOT_YOURS = "This ticket is for an event you do not manage.";

function invalid(error: string, ticketId: string | null = null): CheckResult {
  return { valid: false, error, ticketId, status: null, alreadyCheckedIn: false, checkedInAt: null, event: null, attendee: null };
}

/** A scanned JSON payload must carry a valid signature and name this ticket; raw codes (typed in) need none. */
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

/**
 * check-ticket (spec §7; decisions D10, D13): validates a scanned or typed ticket for an event the
 * actor manages and, when asked, checks it in with one conditional update, so a ticket is admitted once.
 */
export async function checkTicket({ db, signer, actor, input }: { db: Db; signer: TicketSigner; actor: Actor; input: CheckTicketInput }): Promise<CheckResult> {
  const code = (input.ticketId?.trim() || ticketCodeFromScan(input.qr ?? "")).toUpperCase() || null;
  if (!code) return invalid("Please scan or enter a ticket code.");
  const scanned = await scannedPayloadProblem(signer, input.qr);
  if ("error" in scanned) return invalid(scanned.error, code);

  const condition = code.startsWith("TCKT-") ? eq(bookings.ticketCode, code) : isUuid(code) ? eq(bookings.id, code.toLowerCase()) : null;
  const [row] = condition
    ? await db.select({ booking: bookings, event: events }).from(bookings).innerJoin(events, eq(events.id, bookings.eventId)).where(condition).limit(1)
    : [];
  if (!row || row.booking.status !== "confirmed") return invalid(NOT_FOUND_OR_UNPAID, code);
  const { booking, event } = row;
  if (scanned.payload && (scanned.payload.ticketId !== booking.ticketCode || scanned.payload.bookingId !== booking.id)) return invalid(FORGED, code);
  if (!actor.isAdmin && event.userId !== actor.userId) return invalid(NOT_YOURS, booking.ticketCode);

  let checkedInAt = booking.checkedInAt;
  let alreadyCheckedIn = checkedInAt !== null;
  if (input.checkIn && !alreadyCheckedIn) {
    const [admitted] = await db
      .update(bookings)
      .set({ checkedInAt: sql`now()` })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.checkedInAt)))
      .returning({ checkedInAt: bookings.checkedInAt });
    if (admitted) checkedInAt = admitted.checkedInAt;
    else {
      // Another scanner admitted it a moment ago.
      const [current] = await db.select({ checkedInAt: bookings.checkedInAt }).from(bookings).where(eq(bookings.id, booking.id));
      checkedInAt = current!.checkedInAt;
      alreadyCheckedIn = true;
    }
  }
  return {
    valid: true,
    error: null,
    ticketId: booking.ticketCode,
    status: booking.status,
    alreadyCheckedIn,
    checkedInAt: checkedInAt?.toISOString() ?? null,
    event: { title: event.title, date: event.dateTime.toISOString(), location: event.location || null },
    attendee: { name: booking.attendeeName, email: booking.attendeeEmail, tickets: booking.ticketQuantity },
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
    event: { id: event.id, title: event.title, dateTime: event.dateTime.toISOString(), location: event.location },
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

import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  AppError,
  ATTENDEE_CSV_COLUMNS,
  eventPlace,
  formatPounds,
  isUuid,
  toCsv,
  type AttendeeList,
  type CheckInResult,
} from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import type { Actor } from "../auth/session";

const NOT_FOUND = "Event not found or you don't have permission to view this event.";
/** The one answer for an event that is missing or not the actor's (so the two cannot be told apart). */
export const MANAGED_EVENT_NOT_FOUND = NOT_FOUND;

/** Events this actor manages: their own, or any for an admin (decisions D10). */
export function managedBy(actor: Actor) {
  return actor.isAdmin ? sql`true` : eq(events.userId, actor.userId);
}

/** An event the actor manages (decisions D10), or EVENT_NOT_FOUND — the same answer whether it is missing or not theirs. */
export async function findManagedEvent(db: Db, actor: Actor, eventId: string) {
  if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", NOT_FOUND);
  const [event] = await db
    .select({ id: events.id, title: events.title, dateTime: events.dateTime, venue: events.venue, location: events.location })
    .from(events)
    .where(and(eq(events.id, eventId), managedBy(actor)))
    .limit(1);
  if (!event) throw new AppError("EVENT_NOT_FOUND", NOT_FOUND);
  return event;
}

/** spec §6 Organiser: attendees of an event its owner (or an admin) manages, confirmed only, newest first. */
export async function listAttendees({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<AttendeeList> {
  const event = await findManagedEvent(db, actor, eventId);
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, "confirmed")))
    .orderBy(desc(bookings.createdAt));
  return {
    event: { ...event, dateTime: event.dateTime.toISOString() },
    attendees: rows.map((row) => ({
      bookingId: row.id,
      name: row.attendeeName,
      email: row.attendeeEmail,
      tickets: row.ticketQuantity,
      amountPence: row.totalAmountPence,
      bookedAt: row.createdAt.toISOString(),
      ticketCode: row.ticketCode,
      qrCode: row.qrCode,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
    })),
  };
}

const UK_NUMERIC = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** '22/11/2026 19:30' (UK time): what a UK spreadsheet reads as a date and time. */
function spreadsheetDateTime(iso: string): string {
  const part = Object.fromEntries(UK_NUMERIC.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** spec §9 Display: the attendee export, with cells a spreadsheet cannot run as formulas. */
export function attendeesCsv(list: AttendeeList): string {
  const place = eventPlace(list.event);
  return toCsv([
    [...ATTENDEE_CSV_COLUMNS],
    ...list.attendees.map((attendee) => [
      attendee.name,
      attendee.email,
      attendee.tickets,
      formatPounds(attendee.amountPence),
      spreadsheetDateTime(attendee.bookedAt),
      attendee.checkedInAt ? "Checked In" : "Pending",
      attendee.qrCode ?? attendee.ticketCode,
      place,
    ]),
  ]);
}

/**
 * Checks a booking in with one conditional update, so two check-ins at once admit it once
 * (ARCHITECTURE Check-in). A repeat reports the first check-in's time.
 */
export async function checkInBooking({ db, actor, bookingId }: { db: Db; actor: Actor; bookingId: string }): Promise<CheckInResult> {
  if (!isUuid(bookingId)) throw new AppError("BOOKING_NOT_FOUND", "Booking not found");
  const managedEvents = db.select({ id: events.id }).from(events).where(managedBy(actor));
  const [admitted] = await db
    .update(bookings)
    .set({ checkedInAt: sql`now()` })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, "confirmed"),
        isNull(bookings.checkedInAt),
        sql`${bookings.eventId} in ${managedEvents}`,
      ),
    )
    .returning({ checkedInAt: bookings.checkedInAt });
  if (admitted) return { bookingId, checkedInAt: admitted.checkedInAt!.toISOString(), alreadyCheckedIn: false };
  const [existing] = await db
    .select({ checkedInAt: bookings.checkedInAt })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed"), managedBy(actor)))
    .limit(1);
  if (!existing?.checkedInAt) throw new AppError("BOOKING_NOT_FOUND", "Booking not found");
  return { bookingId, checkedInAt: existing.checkedInAt.toISOString(), alreadyCheckedIn: true };
}

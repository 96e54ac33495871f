import { and, asc, eq, ilike, inArray, like, or, sql, type SQL } from "drizzle-orm";
import {
  AppError,
  GUEST_SEARCH_LIMIT,
  guestCode,
  guestCodeTail,
  guestNameWords,
  guestStatus,
  isUuid,
  maskEmail,
  type GuestSearchQuery,
  type GuestSearchResult,
} from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events, tickets, ticketTypes } from "../../db/schema";
import { escapeLike } from "../../lib/like-pattern";
import { enforceRateLimit, type RateLimitRule } from "../../lib/rate-limiter";
import { managedBy } from "../events/managed-events";
import { mayCheck, NOT_YOUR_DOOR, type Door } from "./door-access";

/**
 * A door looks guests up while people queue, so a few a minute is normal; more is someone reading the
 * guest list out one query at a time. Per door (the staff member's or organiser's account, or the door
 * link), and per address for phones that share a venue's connection.
 */
export const GUEST_SEARCH_LIMITS = {
  perDoorMinute: { limit: 30, windowSeconds: 60 },
  perIpMinute: { limit: 120, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

export const tooManyGuestSearches = (seconds: number) =>
  `Too many guest lookups from this door. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again, or scan the ticket's QR code.`;

/** Whose lookups one limit counts: the signed-in account, else the door link. */
const doorKey = (door: Door) => (door.actor ? `user:${door.actor.userId}` : `link:${door.link!.id}`);

/**
 * The events a lookup covers, as a condition on tickets.event_id: the one asked for (which the door must
 * be able to check: else 404, the same answer whether it exists or not), or every event the door may check
 * (the actor's managed events and the door's granted ones). null: every event (an admin with none chosen).
 * The ids are read first so the tickets are found through their (event_id, …) index.
 */
async function eventScope(db: Db, door: Door, eventId: string | undefined): Promise<SQL | null | "none"> {
  if (eventId !== undefined) {
    if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", NOT_YOUR_DOOR);
    const [event] = await db.select({ id: events.id, organiserId: events.userId }).from(events).where(eq(events.id, eventId)).limit(1);
    if (!event || !mayCheck(door, event)) throw new AppError("EVENT_NOT_FOUND", NOT_YOUR_DOOR);
    return eq(tickets.eventId, event.id);
  }
  if (door.actor?.isAdmin) return null;
  const ids = new Set(door.granted.keys());
  if (door.actor) {
    for (const row of await db.select({ id: events.id }).from(events).where(managedBy(door.actor))) ids.add(row.id);
  }
  return ids.size ? inArray(tickets.eventId, [...ids]) : "none";
}

/** What a lookup matches: every word in the attendee's name, the start of the e-mail, or the ticket's code. */
function matching(q: string): SQL {
  const email = sql<string>`coalesce(${tickets.attendeeEmail}, ${bookings.attendeeEmail})`;
  const code = guestCode(q);
  const tail = guestCodeTail(q);
  return or(
    and(...guestNameWords(q).map((word) => ilike(tickets.attendeeName, `%${escapeLike(word)}%`))),
    ilike(email, `${escapeLike(q.trim())}%`),
    code ? eq(tickets.code, code) : undefined,
    tail ? like(tickets.code, `TCKT-%-${tail}`) : undefined,
  )!;
}

/**
 * Find a guest (issue 38): tickets among the events this door may check whose holder's name, e-mail or
 * code matches, the event nearest now first, then by name. Refunded and unpaid ones are found too, so
 * staff can say why they will not admit; only what the door needs is answered (the e-mail masked).
 */
export async function searchGuests({ db, door, ip, query }: { db: Db; door: Door; ip: string; query: GuestSearchQuery }): Promise<GuestSearchResult[]> {
  await enforceRateLimit(db, [
    { key: `guest-search:${doorKey(door)}`, rule: GUEST_SEARCH_LIMITS.perDoorMinute, message: tooManyGuestSearches },
    { key: `guest-search:ip:${ip}`, rule: GUEST_SEARCH_LIMITS.perIpMinute, message: tooManyGuestSearches },
  ]);
  const scope = await eventScope(db, door, query.eventId);
  if (scope === "none") return [];
  const rows = await db
    .select({
      ticketId: tickets.id,
      code: tickets.code,
      attendeeName: tickets.attendeeName,
      email: sql<string>`coalesce(${tickets.attendeeEmail}, ${bookings.attendeeEmail})`,
      ticketStatus: tickets.status,
      checkedInAt: tickets.checkedInAt,
      bookingStatus: bookings.status,
      ticketType: ticketTypes.name,
      eventId: events.id,
      eventTitle: events.title,
      eventDateTime: events.dateTime,
      eventStatus: events.status,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(scope ?? undefined, matching(query.q)))
    .orderBy(sql`abs(extract(epoch from ${events.dateTime} - now()))`, asc(events.id), asc(tickets.attendeeName), asc(tickets.bookingId), asc(tickets.position))
    .limit(GUEST_SEARCH_LIMIT);
  return rows.map((row) => ({
    ticketId: row.ticketId,
    code: row.code,
    attendeeName: row.attendeeName,
    maskedEmail: maskEmail(row.email),
    ticketType: row.ticketType,
    event: { id: row.eventId, title: row.eventTitle, dateTime: row.eventDateTime.toISOString() },
    status: guestStatus({ status: row.bookingStatus }, { status: row.ticketStatus }, { status: row.eventStatus }),
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  }));
}

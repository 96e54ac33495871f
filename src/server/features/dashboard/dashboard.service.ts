import { and, desc, eq, sql } from "drizzle-orm";
import { isBusinessListing, LIST_SIZES, ukToday, upcomingThenPast, type DashboardEvent, type OwnBooking, type SalesAnalytics } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { cancellationProgressOf } from "../events/event-lifecycle.service";

const confirmed = eq(bookings.status, "confirmed");
const DAYS_CHARTED = 30;

/** spec §7 events: the organiser's events, newest created first, with their confirmed sales. */
export async function listOwnEvents({ db, userId }: { db: Db; userId: string }): Promise<DashboardEvent[]> {
  const sold = db
    .select({
      eventId: bookings.eventId,
      tickets: sql<number>`sum(${bookings.ticketQuantity})::int`.as("tickets"),
      revenue: sql<number>`sum(${bookings.totalAmountPence})::int`.as("revenue"),
    })
    .from(bookings)
    .where(confirmed)
    .groupBy(bookings.eventId)
    .as("sold");
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      dateTime: events.dateTime,
      endTime: events.endTime,
      location: events.location,
      category: events.category,
      businessType: events.businessType,
      status: events.status,
      pricePence: events.pricePence,
      maxAttendees: events.maxAttendees,
      imageUrl: events.imageUrl,
      createdAt: events.createdAt,
      ticketsSold: sql<number>`coalesce(${sold.tickets}, 0)`,
      revenuePence: sql<number>`coalesce(${sold.revenue}, 0)`,
      hasBookings: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.eventId} = ${events.id})`,
      previousDateTime: events.previousDateTime,
    })
    .from(events)
    .leftJoin(sold, eq(sold.eventId, events.id))
    .where(eq(events.userId, userId))
    .orderBy(desc(events.createdAt));
  const cancellations = await cancellationProgressOf(
    db,
    rows.filter((row) => row.status === "cancelled").map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    hasBookings: Boolean(row.hasBookings),
    previousDateTime: row.previousDateTime?.toISOString() ?? null,
    cancellation: cancellations.get(row.id) ?? null,
    dateTime: row.dateTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ticketsSold: Number(row.ticketsSold),
    revenuePence: Number(row.revenuePence),
  }));
}

/** spec §2 Dashboard Sales Analytics: recent sales (10), per-event sums, and sales per day for the chart. */
export async function salesAnalytics({ db, userId, now = new Date() }: { db: Db; userId: string; now?: Date }): Promise<SalesAnalytics> {
  const own = and(confirmed, eq(events.userId, userId));
  const [recent, perEvent, daily] = await Promise.all([
    db
      .select({
        bookingId: bookings.id,
        eventId: bookings.eventId,
        eventTitle: events.title,
        attendeeName: bookings.attendeeName,
        ticketQuantity: bookings.ticketQuantity,
        totalAmountPence: bookings.totalAmountPence,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(own)
      .orderBy(desc(bookings.createdAt))
      .limit(LIST_SIZES.recentSales),
    db
      .select({
        eventId: events.id,
        title: events.title,
        revenuePence: sql<number>`sum(${bookings.totalAmountPence})::int`,
        ticketsSold: sql<number>`sum(${bookings.ticketQuantity})::int`,
        bookings: sql<number>`count(*)::int`,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(own)
      .groupBy(events.id, events.title)
      .orderBy(desc(sql`sum(${bookings.totalAmountPence})`)),
    db
      .select({
        date: sql<string>`to_char(${bookings.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD')`,
        revenuePence: sql<number>`sum(${bookings.totalAmountPence})::int`,
        tickets: sql<number>`sum(${bookings.ticketQuantity})::int`,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(and(own, sql`${bookings.createdAt} >= ${new Date(now.getTime() - (DAYS_CHARTED + 1) * 86_400_000)}`))
      .groupBy(sql`1`),
  ]);

  const byDay = new Map(daily.map((day) => [day.date, day]));
  const days: SalesAnalytics["daily"] = [];
  const today = ukToday(now);
  for (let offset = DAYS_CHARTED - 1; offset >= 0; offset--) {
    const date = ukToday(new Date(new Date(`${today}T12:00:00Z`).getTime() - offset * 86_400_000));
    const found = byDay.get(date);
    days.push({ date, revenuePence: Number(found?.revenuePence ?? 0), tickets: Number(found?.tickets ?? 0) });
  }
  const perEventRows = perEvent.map((row) => ({
    ...row,
    revenuePence: Number(row.revenuePence),
    ticketsSold: Number(row.ticketsSold),
    bookings: Number(row.bookings),
  }));
  return {
    recentSales: recent.map((sale) => ({ ...sale, createdAt: sale.createdAt.toISOString() })),
    perEvent: perEventRows,
    daily: days,
    totals: {
      revenuePence: perEventRows.reduce((sum, row) => sum + row.revenuePence, 0),
      ticketsSold: perEventRows.reduce((sum, row) => sum + row.ticketsSold, 0),
      bookings: perEventRows.reduce((sum, row) => sum + row.bookings, 0),
    },
  };
}

/** spec §7 bookings: the user's own confirmed bookings with their event, newest first. */
export async function listOwnBookings({ db, userId }: { db: Db; userId: string }): Promise<OwnBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      eventId: bookings.eventId,
      eventTitle: events.title,
      eventDateTime: events.dateTime,
      eventVenue: events.venue,
      eventLocation: events.location,
      ticketQuantity: bookings.ticketQuantity,
      totalAmountPence: bookings.totalAmountPence,
      ticketCode: bookings.ticketCode,
      checkedInAt: bookings.checkedInAt,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.userId, userId), confirmed))
    .orderBy(desc(bookings.createdAt));
  return rows.map((row) => ({
    ...row,
    eventDateTime: row.eventDateTime.toISOString(),
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Attendee Management's choice of event: only active events (spec §2 Dashboard), upcoming ones by date
 * with the next first, then past ones with the latest first (issue 17). Business listings sell no
 * tickets, so they have no attendees to manage.
 */
export function attendeeEventChoices(ownEvents: readonly DashboardEvent[], now: Date = new Date()) {
  const eligible = ownEvents.filter((event) => event.status === "active" && !isBusinessListing(event));
  return upcomingThenPast(eligible, (event) => event, now);
}

export async function getDashboard({ db, userId, now = new Date() }: { db: Db; userId: string; now?: Date }) {
  const [ownEvents, sales, ownBookings] = await Promise.all([listOwnEvents({ db, userId }), salesAnalytics({ db, userId, now }), listOwnBookings({ db, userId })]);
  return { events: ownEvents, attendeeEvents: attendeeEventChoices(ownEvents, now), sales, bookings: ownBookings };
}

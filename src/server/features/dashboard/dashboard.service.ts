import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { bookingRefundState, isBusinessListing, LIST_SIZES, LISTED_BOOKING_STATUSES, ukToday, upcomingThenPast, type DashboardEvent, type OwnBooking, type SalesAnalytics } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { bookingMoney } from "../refunds/ledger";
import { dailyTally, eventTally, type TallyFigures } from "./sales-tally";
import { cancellationProgressOf } from "../events/event-lifecycle.service";

const listed = inArray(bookings.status, [...LISTED_BOOKING_STATUSES]);

/** A booking's refund fields from its row and its ledger summary. */
function refundFields(booking: { ticketQuantity: number; refundedQuantity: number }, refundedPence = 0) {
  return { refundedQuantity: booking.refundedQuantity, refundState: bookingRefundState({ ...booking, refundedPence }), refundedPence };
}
const DAYS_CHARTED = 30;

/**
 * What both the events list and the sales analytics read about an organiser's events, read once per
 * dashboard from the sales tally (decision 030): valid tickets, bookings and money per event.
 */
export type OwnEventFigures = Map<string, TallyFigures>;

function ownEventRows(db: Db, userId: string) {
  return db
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
      // Qualified by hand: a single-table select writes its columns without their table, and inside this
      // subquery an unqualified "id" would be the booking's.
      hasBookings: sql<boolean>`exists (select 1 from ${bookings} where ${bookings}.event_id = ${events}.id)`,
      previousDateTime: events.previousDateTime,
    })
    .from(events)
    .where(eq(events.userId, userId))
    .orderBy(desc(events.createdAt));
}
type OwnEventRow = Awaited<ReturnType<typeof ownEventRows>>[number];

/** spec §7 events: the organiser's events, newest created first, with their valid tickets and net revenue from the ledger. */
export async function listOwnEvents({ db, userId }: { db: Db; userId: string }): Promise<DashboardEvent[]> {
  const rows = await ownEventRows(db, userId);
  return ownEventsOf(db, rows, await eventTally(db, rows.map((row) => row.id)));
}

async function ownEventsOf(db: Db, rows: OwnEventRow[], figures: OwnEventFigures): Promise<DashboardEvent[]> {
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
    ticketsSold: figures.get(row.id)?.ticketsSold ?? 0,
    revenuePence: figures.get(row.id)?.money.remainingPence ?? 0,
  }));
}

/**
 * The organiser's latest sales: each event's latest few (its bookings by sale time, an index range),
 * then the latest of those: never a sort of every booking the organiser ever sold.
 */
function recentSales(db: Db, userId: string) {
  const latest = db
    .select({
      bookingId: bookings.id,
      eventId: bookings.eventId,
      attendeeName: bookings.attendeeName,
      status: bookings.status,
      ticketQuantity: bookings.ticketQuantity,
      refundedQuantity: bookings.refundedQuantity,
      totalAmountPence: bookings.totalAmountPence,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(and(eq(bookings.eventId, events.id), listed))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(LIST_SIZES.recentSales)
    .as("latest");
  return db
    .select({
      bookingId: latest.bookingId,
      eventId: latest.eventId,
      eventTitle: events.title,
      attendeeName: latest.attendeeName,
      status: latest.status,
      ticketQuantity: latest.ticketQuantity,
      refundedQuantity: latest.refundedQuantity,
      totalAmountPence: latest.totalAmountPence,
      createdAt: latest.createdAt,
    })
    .from(events)
    .innerJoinLateral(latest, sql`true`)
    .where(eq(events.userId, userId))
    .orderBy(desc(latest.createdAt), desc(latest.bookingId))
    .limit(LIST_SIZES.recentSales);
}

/**
 * spec §2 Dashboard Sales Analytics: recent sales (10), per-event sums, and sales per day for the chart.
 * Money is net, from the ledger (charged less refunded and disputed, issue 19); tickets are those still valid.
 */
export async function salesAnalytics({ db, userId, now = new Date() }: { db: Db; userId: string; now?: Date }): Promise<SalesAnalytics> {
  const ownEvents = await db.select({ id: events.id, title: events.title }).from(events).where(eq(events.userId, userId));
  return salesOf(db, userId, ownEvents, await eventTally(db, ownEvents.map((event) => event.id)), now);
}

/** The UK days the chart shows, oldest first. */
function chartedDays(now: Date): string[] {
  const today = ukToday(now);
  return Array.from({ length: DAYS_CHARTED }, (_, i) => ukToday(new Date(new Date(`${today}T12:00:00Z`).getTime() - (DAYS_CHARTED - 1 - i) * 86_400_000)));
}

async function salesOf(db: Db, userId: string, ownEvents: { id: string; title: string }[], figures: OwnEventFigures, now: Date): Promise<SalesAnalytics> {
  const charted = chartedDays(now);
  const [recent, byDay] = await Promise.all([recentSales(db, userId), dailyTally(db, ownEvents.map((event) => event.id), charted[0]!)]);
  const recentMoney = await bookingMoney(db, recent.map((sale) => sale.bookingId));
  const days: SalesAnalytics["daily"] = charted.map((date) => ({ date, revenuePence: byDay.get(date)?.money.remainingPence ?? 0, tickets: byDay.get(date)?.ticketsSold ?? 0 }));
  // An event is listed once it has valid bookings or money on the ledger (a fully refunded event shows its £0).
  const perEventRows = ownEvents
    .filter((event) => (figures.get(event.id)?.bookings ?? 0) > 0 || figures.get(event.id)?.hasMoney)
    .map((event) => ({
      eventId: event.id,
      title: event.title,
      revenuePence: figures.get(event.id)!.money.remainingPence,
      ticketsSold: figures.get(event.id)!.ticketsSold,
      bookings: figures.get(event.id)!.bookings,
    }))
    .sort((a, b) => b.revenuePence - a.revenuePence || a.title.localeCompare(b.title));
  return {
    recentSales: recent.map((sale) => ({
      ...sale,
      ...refundFields(sale, recentMoney.get(sale.bookingId)?.refundedPence),
      createdAt: sale.createdAt.toISOString(),
    })),
    perEvent: perEventRows,
    daily: days,
    totals: {
      revenuePence: perEventRows.reduce((sum, row) => sum + row.revenuePence, 0),
      ticketsSold: perEventRows.reduce((sum, row) => sum + row.ticketsSold, 0),
      bookings: perEventRows.reduce((sum, row) => sum + row.bookings, 0),
      refundedPence: [...figures.values()].reduce((sum, row) => sum + row.money.refundedPence, 0),
    },
  };
}

/** spec §7 bookings: the user's own bookings (with refunded and disputed ones in their state) with their event, newest first. */
export async function listOwnBookings({ db, userId }: { db: Db; userId: string }): Promise<OwnBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      eventId: bookings.eventId,
      eventTitle: events.title,
      eventDateTime: events.dateTime,
      eventVenue: events.venue,
      eventLocation: events.location,
      status: bookings.status,
      ticketQuantity: bookings.ticketQuantity,
      refundedQuantity: bookings.refundedQuantity,
      totalAmountPence: bookings.totalAmountPence,
      ticketCode: bookings.ticketCode,
      checkedInAt: bookings.checkedInAt,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.userId, userId), listed))
    .orderBy(desc(bookings.createdAt));
  const money = await bookingMoney(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    ...row,
    ...refundFields(row, money.get(row.id)?.refundedPence),
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
  const rows = await ownEventRows(db, userId);
  const figures = await eventTally(db, rows.map((row) => row.id));
  const [ownEvents, sales, ownBookings] = await Promise.all([ownEventsOf(db, rows, figures), salesOf(db, userId, rows, figures, now), listOwnBookings({ db, userId })]);
  return { events: ownEvents, attendeeEvents: attendeeEventChoices(ownEvents, now), sales, bookings: ownBookings };
}

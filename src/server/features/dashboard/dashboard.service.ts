import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  bookingRefundState,
  isBusinessListing,
  LIST_SIZES,
  remainingPlaces,
  typeRemaining,
  LISTED_BOOKING_STATUSES,
  organiserMoneyOf,
  ticketIncomeOf,
  ukToday,
  upcomingThenPast,
  type DashboardEvent,
  type DashboardTicketType,
  type OrganiserMoney,
  type OwnBooking,
  type SalesAnalytics,
} from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { paidEventSql } from "../../../domain/events.sql";
import { bookingMoney } from "../ledger/ledger";
import { dailyTally, eventTally, type TallyFigures } from "../ledger/sales-tally";
import { cancellationProgressOf } from "../event-changes/event-lifecycle.service";
import { eventSettlements } from "../ledger/settlement";
import { holdsPlaces } from "../events/places";
import { ticketTypesWithTaken } from "../events/ticket-types";

const listed = inArray(bookings.status, [...LISTED_BOOKING_STATUSES]);

/** A booking's refund fields from its row and its ledger summary. */
function refundFields(booking: { ticketQuantity: number; refundedQuantity: number }, refundedPence = 0) {
  return { refundedQuantity: booking.refundedQuantity, refundState: bookingRefundState({ ...booking, refundedPence }), refundedPence };
}
const DAYS_CHARTED = 30;

/**
 * What both the events list and the sales analytics read about an organiser's events, read once per
 * dashboard: valid tickets and bookings from the sales tally (decision 030), and the money from the
 * settlement the statements and payouts read (issue 33), so every figure equals the statement's.
 */
export interface OwnEventFigures {
  counts: Map<string, TallyFigures>;
  money: Map<string, OrganiserMoney & { bookingFeesPence: number }>;
}

const NO_MONEY: OrganiserMoney & { bookingFeesPence: number } = { ticketIncomePence: 0, organiserFeesPence: 0, netDuePence: 0, bookingFeesPence: 0 };

async function ownEventFigures(db: Db, eventIds: string[]): Promise<OwnEventFigures> {
  const [counts, settlements] = await Promise.all([eventTally(db, eventIds), eventSettlements(db, eventIds)]);
  const money = new Map([...settlements].map(([id, settlement]) => [id, { ...organiserMoneyOf(settlement), bookingFeesPence: settlement.bookingFeesPence - settlement.feeRefundsPence }]));
  return { counts, money };
}

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

/** spec §7 events: the organiser's events, newest created first, with their valid tickets, ticket income and net due (their statements' figures). */
export async function listOwnEvents({ db, userId }: { db: Db; userId: string }): Promise<DashboardEvent[]> {
  const rows = await ownEventRows(db, userId);
  return ownEventsOf(db, rows, await ownEventFigures(db, rows.map((row) => row.id)));
}

/**
 * Each event's ticket types with their valid tickets sold and places left (issue 36), counted as the event
 * page counts them (typePlacesTaken: live holds take places too), so a card's "left" is the buyer's. Every
 * booking and held line has a type, so an event's places taken are its types' added up. Business listings sell no tickets and get none. The dashboard reloads its data on each live sale
 * (useRevalidateOnSale), so these follow sales as the other figures do.
 */
async function ownTicketTypes(db: Db, rows: OwnEventRow[]): Promise<Map<string, DashboardTicketType[]>> {
  const selling = rows.filter((row) => !isBusinessListing(row));
  const ids = selling.map((row) => row.id);
  const result = new Map<string, DashboardTicketType[]>();
  if (!ids.length) return result;
  const [types, soldRows] = await Promise.all([
    ticketTypesWithTaken(db, ids),
    db
      .select({ ticketTypeId: bookings.ticketTypeId, sold: sql<number>`coalesce(sum(${bookings.ticketQuantity}), 0)::int`.mapWith(Number) })
      .from(bookings)
      .where(and(inArray(bookings.eventId, ids), holdsPlaces))
      .groupBy(bookings.ticketTypeId),
  ]);
  const sold = new Map(soldRows.map((row) => [row.ticketTypeId, row.sold]));
  for (const event of selling) {
    const eventTypes = types.byEvent.get(event.id) ?? [];
    const eventTaken = eventTypes.reduce((sum, type) => sum + (types.taken.get(type.id) ?? 0), 0);
    const eventRemaining = remainingPlaces(event.maxAttendees, eventTaken);
    result.set(
      event.id,
      eventTypes.map((type) => ({
        id: type.id,
        name: type.name,
        hidden: type.hidden,
        sold: sold.get(type.id) ?? 0,
        capacity: type.capacity,
        remaining: typeRemaining(type, types.taken.get(type.id) ?? 0, eventRemaining),
      })),
    );
  }
  return result;
}

async function ownEventsOf(db: Db, rows: OwnEventRow[], figures: OwnEventFigures): Promise<DashboardEvent[]> {
  const [cancellations, ticketTypes] = await Promise.all([
    cancellationProgressOf(
      db,
      rows.filter((row) => row.status === "cancelled").map((row) => row.id),
    ),
    ownTicketTypes(db, rows),
  ]);
  return rows.map((row) => ({
    ...row,
    hasBookings: Boolean(row.hasBookings),
    previousDateTime: row.previousDateTime?.toISOString() ?? null,
    cancellation: cancellations.get(row.id) ?? null,
    dateTime: row.dateTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ticketsSold: figures.counts.get(row.id)?.ticketsSold ?? 0,
    ticketIncomePence: (figures.money.get(row.id) ?? NO_MONEY).ticketIncomePence,
    netDuePence: (figures.money.get(row.id) ?? NO_MONEY).netDuePence,
    ticketTypes: ticketTypes.get(row.id) ?? [],
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
 * Money is each event's settlement, as its statement shows it (issue 33); tickets are those still valid.
 */
export async function salesAnalytics({ db, userId, now = new Date() }: { db: Db; userId: string; now?: Date }): Promise<SalesAnalytics> {
  const ownEvents = await db.select({ id: events.id, title: events.title }).from(events).where(eq(events.userId, userId));
  return salesOf(db, userId, ownEvents, await ownEventFigures(db, ownEvents.map((event) => event.id)), now);
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
  const days: SalesAnalytics["daily"] = charted.map((date) => {
    const day = byDay.get(date);
    return { date, ticketIncomePence: day ? ticketIncomeOf(day.money) : 0, tickets: day?.ticketsSold ?? 0 };
  });
  // An event is listed once it has valid bookings or money on the ledger (a fully refunded event shows its £0).
  const perEventRows = ownEvents
    .filter((event) => (figures.counts.get(event.id)?.bookings ?? 0) > 0 || figures.counts.get(event.id)?.hasMoney)
    .map((event) => ({
      eventId: event.id,
      title: event.title,
      ...(figures.money.get(event.id) ?? NO_MONEY),
      ticketsSold: figures.counts.get(event.id)?.ticketsSold ?? 0,
      bookings: figures.counts.get(event.id)?.bookings ?? 0,
    }))
    .sort((a, b) => b.ticketIncomePence - a.ticketIncomePence || a.title.localeCompare(b.title));
  const sum = (of: (row: (typeof perEventRows)[number]) => number) => perEventRows.reduce((total, row) => total + of(row), 0);
  return {
    recentSales: recent.map((sale) => {
      const money = recentMoney.get(sale.bookingId);
      return {
        ...sale,
        ...refundFields(sale, money?.refundedPence),
        ticketIncomePence: money ? ticketIncomeOf(money, sale.status) : 0,
        createdAt: sale.createdAt.toISOString(),
      };
    }),
    perEvent: perEventRows.map(({ bookingFeesPence: _platforms, ...row }) => row),
    daily: days,
    totals: {
      ticketIncomePence: sum((row) => row.ticketIncomePence),
      organiserFeesPence: sum((row) => row.organiserFeesPence),
      netDuePence: sum((row) => row.netDuePence),
      bookingFeesPence: sum((row) => row.bookingFeesPence),
      ticketsSold: sum((row) => row.ticketsSold),
      bookings: sum((row) => row.bookings),
      refundedPence: [...figures.counts.values()].reduce((total, row) => total + row.money.refundedPence, 0),
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
  const figures = await ownEventFigures(db, rows.map((row) => row.id));
  const [ownEvents, sales, ownBookings] = await Promise.all([ownEventsOf(db, rows, figures), salesOf(db, userId, rows, figures, now), listOwnBookings({ db, userId })]);
  return { events: ownEvents, attendeeEvents: attendeeEventChoices(ownEvents, now), sales, bookings: ownBookings };
}

/** Whether the organiser has a paid event on sale (active): the dashboard's seller-details notice is about those (issue 34). */
export async function hasPaidEventOnSale({ db, userId }: { db: Db; userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.status, "active"), paidEventSql(events)))
    .limit(1);
  return row !== undefined;
}

import { z } from "zod";
import type { MoneySummary } from "./ledger";
import type { Pence } from "./money";
import { DoorFigures } from "./check-in-list-shapes";

/**
 * What an organiser reads as their money (issue 33), in the statement's terms (decision 028): ticket
 * income is the ticket money kept, less ticket refunds, any booking fee they absorbed and the share of
 * disputed bookings withheld; the organiser fee is the platform's, shown apart; net due is what is left for
 * them. The booking fee buyers pay on top is never theirs and is not in any of these.
 */
export const OrganiserMoney = z.object({
  ticketIncomePence: z.number().int(),
  organiserFeesPence: z.number().int(),
  netDuePence: z.number().int(),
});
export type OrganiserMoney = z.infer<typeof OrganiserMoney>;

/** An event's organiser money from its settlement (features/ledger/settlement.ts): the same sums its statement shows. */
export function organiserMoneyOf(settlement: { organiserFeesPence: Pence; organiserDuePence: Pence }): OrganiserMoney {
  return {
    ticketIncomePence: settlement.organiserDuePence + settlement.organiserFeesPence,
    organiserFeesPence: settlement.organiserFeesPence,
    netDuePence: settlement.organiserDuePence,
  };
}

/**
 * One booking's (or sale day's) ticket income from its ledger lines: ticket money less ticket refunds and
 * any absorbed booking fee; nothing for a disputed booking, whose share is withheld.
 */
export function ticketIncomeOf(money: MoneySummary, status?: string): Pence {
  return status === "disputed" ? 0 : money.organiserSharePence + money.organiserFeesPence;
}

/**
 * One ticket type of an organiser's event as its dashboard card shows it (issue 36): valid tickets sold, its
 * own capacity (null: none of its own, the event's applies) and the places it has left (typeRemaining: the
 * least of its own and the event's, live holds counted; null: no limit at all).
 */
export const DashboardTicketType = z.object({
  id: z.string(),
  name: z.string(),
  hidden: z.boolean(),
  sold: z.number().int(),
  capacity: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
});
export type DashboardTicketType = z.infer<typeof DashboardTicketType>;

/** One of the organiser's events on the dashboard, with its confirmed sales. */
export const DashboardEvent = z.object({
  id: z.string(),
  title: z.string(),
  dateTime: z.string(),
  endTime: z.string().nullable(),
  location: z.string(),
  category: z.string().nullable(),
  businessType: z.string().nullable(),
  status: z.string(),
  pricePence: z.number().int(),
  maxAttendees: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  ticketsSold: z.number().int(),
  /** The event's organiser money, equal to its statement's (issue 33). */
  ticketIncomePence: z.number().int(),
  netDuePence: z.number().int(),
  /** Whether any booking was ever made: such an event is cancelled, never deleted (decision 027). */
  hasBookings: z.boolean(),
  /** The date a postponement replaced; null if never postponed. */
  previousDateTime: z.string().nullable(),
  /** A cancelled event's refunds so far; null unless cancelled. */
  cancellation: z
    .object({ bookings: z.number().int(), refunded: z.number().int(), pending: z.number().int(), failed: z.number().int(), done: z.boolean() })
    .nullable(),
  /** Its ticket types in order, each with its sales and places left (issue 36). */
  ticketTypes: z.array(DashboardTicketType),
});
export type DashboardEvent = z.infer<typeof DashboardEvent>;

/** GET /api/me/events: the signed-in user's events with their sales. */
export const OwnEventList = z.object({ events: z.array(DashboardEvent) });
export type OwnEventList = z.infer<typeof OwnEventList>;

export const Sale = z.object({
  bookingId: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  attendeeName: z.string(),
  ticketQuantity: z.number().int(),
  totalAmountPence: z.number().int(),
  createdAt: z.string(),
});
export type Sale = z.infer<typeof Sale>;

/** A sale in the dashboard's recent sales, with its refunds (issue 19). */
export const RecentSale = Sale.extend({
  status: z.string(),
  refundedQuantity: z.number().int(),
  refundState: z.enum(["none", "partly-refunded", "refunded"]),
  /** Paid back so far, from the ledger. */
  refundedPence: z.number().int(),
  /** The organiser's ticket income from this booking as it stands (nothing once fully refunded); totalAmountPence is what the buyer paid. */
  ticketIncomePence: z.number().int(),
});
export type RecentSale = z.infer<typeof RecentSale>;

export const SalesAnalytics = z.object({
  /** The 10 newest confirmed sales across the organiser's events (spec §9 List sizes). */
  recentSales: z.array(RecentSale),
  /** Each event's organiser money as its statement shows it (OrganiserMoney), with its valid tickets and bookings. */
  perEvent: z.array(OrganiserMoney.extend({ eventId: z.string(), title: z.string(), ticketsSold: z.number().int(), bookings: z.number().int() })),
  /** Ticket income and valid tickets per UK calendar day of sale over the last 30 days, oldest first, days without sales included. */
  daily: z.array(z.object({ date: z.string(), ticketIncomePence: z.number().int(), tickets: z.number().int() })),
  /**
   * The events' sums; `bookingFeesPence` is what buyers paid the platform on top (less fee refunds), shown
   * apart as the platform's; `refundedPence` all paid back to buyers.
   */
  totals: OrganiserMoney.extend({ bookingFeesPence: z.number().int(), ticketsSold: z.number().int(), bookings: z.number().int(), refundedPence: z.number().int() }),
});
export type SalesAnalytics = z.infer<typeof SalesAnalytics>;

/** A live sale pushed to the organiser (GET /api/realtime/bookings, SSE event 'sale'). */
export const LiveSale = Sale.extend({
  change: z.enum(["new", "updated"]),
  /** The event's check-in figures as of this change (a check-in is an update): the scanner's live counter. */
  checkIns: z.object({ admitted: z.number().int(), expected: z.number().int() }),
  /** The door's figures per check-in list and type as of this change (issue 38): the live DoorFigures. */
  door: DoorFigures,
});
export type LiveSale = z.infer<typeof LiveSale>;

import { z } from "zod";

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
  revenuePence: z.number().int(),
  /** Whether any booking was ever made: such an event is cancelled, never deleted (decision 027). */
  hasBookings: z.boolean(),
  /** The date a postponement replaced; null if never postponed. */
  previousDateTime: z.string().nullable(),
  /** A cancelled event's refunds so far; null unless cancelled. */
  cancellation: z
    .object({ bookings: z.number().int(), refunded: z.number().int(), pending: z.number().int(), failed: z.number().int(), done: z.boolean() })
    .nullable(),
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
});
export type RecentSale = z.infer<typeof RecentSale>;

export const SalesAnalytics = z.object({
  /** Revenues are net, from the money ledger: charged less refunded and disputed (issue 19). */
  /** The 10 newest confirmed sales across the organiser's events (spec §9 List sizes). */
  recentSales: z.array(RecentSale),
  perEvent: z.array(z.object({ eventId: z.string(), title: z.string(), revenuePence: z.number().int(), ticketsSold: z.number().int(), bookings: z.number().int() })),
  /** Confirmed sales per UK calendar day over the last 30 days, oldest first, days without sales included. */
  daily: z.array(z.object({ date: z.string(), revenuePence: z.number().int(), tickets: z.number().int() })),
  totals: z.object({ revenuePence: z.number().int(), ticketsSold: z.number().int(), bookings: z.number().int(), refundedPence: z.number().int() }),
});
export type SalesAnalytics = z.infer<typeof SalesAnalytics>;

/** A live sale pushed to the organiser (GET /api/realtime/bookings, SSE event 'sale'). */
export const LiveSale = Sale.extend({
  change: z.enum(["new", "updated"]),
  /** The event's check-in figures as of this change (a check-in is an update): the scanner's live counter. */
  checkIns: z.object({ admitted: z.number().int(), expected: z.number().int() }),
});
export type LiveSale = z.infer<typeof LiveSale>;

import { bookingStateLabel, LIST_SIZES, formatPounds, type RecentSale, type Sale, type SalesAnalytics, formatDateTime, plural } from "@domain";

export type EventSales = SalesAnalytics["perEvent"][number];

/** Best sellers first; ties by tickets, then by title so the order is stable. */
export function rankEventSales(perEvent: readonly EventSales[]): EventSales[] {
  return [...perEvent].sort((a, b) => b.revenuePence - a.revenuePence || b.ticketsSold - a.ticketsSold || a.title.localeCompare(b.title, "en-GB"));
}

export interface RecentSaleRow {
  bookingId: string;
  attendeeName: string;
  eventTitle: string;
  tickets: string;
  amount: string;
  soldAt: string;
  createdAt: string;
  /** 'Refunded', 'Partly refunded' or 'Disputed' (issue 19). */
  stateLabel: string | null;
}

/** The newest sales, at most 10 (spec §9 List sizes). */
export function recentSaleRows(sales: readonly (Sale & Partial<RecentSale>)[]): RecentSaleRow[] {
  return sales.slice(0, LIST_SIZES.recentSales).map((sale) => ({
    bookingId: sale.bookingId,
    attendeeName: sale.attendeeName,
    eventTitle: sale.eventTitle,
    tickets: plural(sale.ticketQuantity, "ticket"),
    amount: formatPounds(sale.totalAmountPence),
    soldAt: formatDateTime(sale.createdAt),
    createdAt: sale.createdAt,
    stateLabel: sale.status ? bookingStateLabel({ status: sale.status, ticketQuantity: sale.ticketQuantity, refundedQuantity: sale.refundedQuantity ?? 0, refundedPence: sale.refundedPence }) : null,
  }));
}

/** Average spend per booking, or null before the first sale. */
export function averageOrderPence(totals: SalesAnalytics["totals"]): number | null {
  return totals.bookings > 0 ? Math.round(totals.revenuePence / totals.bookings) : null;
}

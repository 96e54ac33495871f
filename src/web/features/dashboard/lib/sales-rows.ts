import { bookingStateLabel, LIST_SIZES, formatPounds, type RecentSale, type SalesAnalytics, formatDateTime, plural } from "@domain";

export type EventSales = SalesAnalytics["perEvent"][number];

/** Best sellers first; ties by tickets, then by title so the order is stable. */
export function rankEventSales(perEvent: readonly EventSales[]): EventSales[] {
  return [...perEvent].sort((a, b) => b.ticketIncomePence - a.ticketIncomePence || b.ticketsSold - a.ticketsSold || a.title.localeCompare(b.title, "en-GB"));
}

export interface RecentSaleRow {
  bookingId: string;
  attendeeName: string;
  eventTitle: string;
  tickets: string;
  /** The organiser's ticket income from the sale as it stands: £0.00 once fully refunded (issue 33). */
  amount: string;
  soldAt: string;
  createdAt: string;
  /** 'Refunded', 'Partly refunded' or 'Disputed' (issue 19). */
  stateLabel: string | null;
}

/** The newest sales, at most 10 (spec §9 List sizes). */
export function recentSaleRows(sales: readonly RecentSale[]): RecentSaleRow[] {
  return sales.slice(0, LIST_SIZES.recentSales).map((sale) => ({
    bookingId: sale.bookingId,
    attendeeName: sale.attendeeName,
    eventTitle: sale.eventTitle,
    // The sale as it was made: a refund leaves the booking fewer valid tickets, not a smaller sale.
    tickets: plural(sale.ticketQuantity + sale.refundedQuantity, "ticket"),
    amount: formatPounds(sale.ticketIncomePence),
    soldAt: formatDateTime(sale.createdAt),
    createdAt: sale.createdAt,
    stateLabel: bookingStateLabel({ status: sale.status, ticketQuantity: sale.ticketQuantity, refundedQuantity: sale.refundedQuantity, refundedPence: sale.refundedPence }),
  }));
}

/** Average ticket income per booking, or null before the first sale. */
export function averageOrderPence(totals: Pick<SalesAnalytics["totals"], "ticketIncomePence" | "bookings">): number | null {
  return totals.bookings > 0 ? Math.round(totals.ticketIncomePence / totals.bookings) : null;
}

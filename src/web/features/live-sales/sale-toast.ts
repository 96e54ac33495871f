import { formatPounds, plural, type LiveSale } from "@domain";

/** spec §9 Timings: a sale toast stays 8 s. */
export const SALE_TOAST_DURATION_MS = 8000;

/** The organiser's live sales (server-sent events named 'sale'). */
export const LIVE_SALES_URL = "/api/realtime/bookings";

/**
 * A 'sale' message's data, or null when it is not a sale (never throws on a bad message). The server
 * validates what it sends; this only tells a sale from another message before the toast reads it.
 */
export function parseSale(data: string): LiveSale | null {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== "object" || message === null) return null;
  const sale = message as Partial<Record<keyof LiveSale, unknown>>;
  const isSale =
    typeof sale.bookingId === "string" &&
    typeof sale.eventId === "string" &&
    typeof sale.eventTitle === "string" &&
    typeof sale.attendeeName === "string" &&
    typeof sale.ticketQuantity === "number" &&
    typeof sale.totalAmountPence === "number" &&
    (sale.change === "new" || sale.change === "updated") &&
    typeof sale.checkIns === "object" &&
    sale.checkIns !== null;
  return isSale ? (message as LiveSale) : null;
}

/** The toast for a new sale; an update of a known sale only refreshes the figures, silently. */
export function saleToast(sale: LiveSale): { title: string; description: string } | null {
  if (sale.change !== "new") return null;
  const tickets = plural(sale.ticketQuantity, "ticket");
  return {
    title: "New ticket sale!",
    description: `${sale.attendeeName} bought ${tickets} for ${sale.eventTitle} — ${formatPounds(sale.totalAmountPence)}`,
  };
}

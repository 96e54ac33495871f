import { formatPounds, LiveSale, plural } from "@domain";

/** spec §9 Timings: a sale toast stays 8 s. */
export const SALE_TOAST_DURATION_MS = 8000;

/** The organiser's live sales (server-sent events named 'sale'). */
export const LIVE_SALES_URL = "/api/realtime/bookings";

/** A 'sale' message's data, or null when it is not a sale (never throws on a bad message). */
export function parseSale(data: string): LiveSale | null {
  try {
    const parsed = LiveSale.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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

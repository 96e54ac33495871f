import { availabilityText, isBusinessListing, SELLER_DETAILS_PENDING, type EventSummary } from "@domain";

/** A paid event whose organiser cannot be paid yet (D23): what everyone reads, and the reason its organiser and admins read. */
export const ON_SALE_SOON = "Tickets on sale soon";
export const PAYOUTS_PENDING_NOTICE = "Not on sale: the organiser has not finished setting up payouts.";
/** What the organiser (and admins) read on their own paid event while their seller details are missing (issue 34). */
export const SELLER_DETAILS_NEEDED_NOTICE = "Not on sale: buyers must be told who sells the tickets and where you can be found.";

/**
 * Whether tickets could be bought for this event right now.
 * 'closed' is any status other than 'active' (spec §3 Event: others show as a secondary badge);
 * 'on-hold' a paid event whose organiser cannot be paid yet (D23); 'no-seller' one whose organiser has not
 * added their seller details (issue 34).
 */
export type SaleState = "available" | "sold-out" | "ended" | "closed" | "on-hold" | "no-seller";

type SaleInput = Pick<EventSummary, "status" | "dateTime" | "endTime" | "remaining" | "category" | "businessType" | "pricePence"> & { salesOnHold?: boolean; awaitingSellerDetails?: boolean };

export function eventHasEnded(event: Pick<EventSummary, "dateTime" | "endTime">, now: Date): boolean {
  const end = new Date(event.endTime ?? event.dateTime);
  return !Number.isNaN(end.getTime()) && end.getTime() < now.getTime();
}

export function saleState(event: SaleInput, now: Date): SaleState {
  if (event.status !== "active") return "closed";
  // Restaurants and ongoing businesses have no real date (spec §4 Listing visibility).
  if (!isBusinessListing(event) && eventHasEnded(event, now)) return "ended";
  if (event.remaining === 0) return "sold-out";
  if (event.awaitingSellerDetails) return "no-seller";
  return event.salesOnHold ? "on-hold" : "available";
}

export interface AvailabilityIndicator {
  label: string;
  tone: "success" | "warning" | "danger" | "neutral";
  /** 'Only N left' when a limited event is nearly full (decisions.md D9). */
  detail: string | null;
}

export function availabilityIndicator(event: SaleInput, now: Date): AvailabilityIndicator {
  const state = saleState(event, now);
  switch (state) {
    case "sold-out":
      return { label: "Sold out", tone: "danger", detail: null };
    case "ended":
      return { label: "Ended", tone: "neutral", detail: null };
    case "closed":
      return { label: statusLabel(event.status), tone: "neutral", detail: null };
    case "on-hold":
    case "no-seller":
      return { label: "On sale soon", tone: "neutral", detail: null };
    default: {
      const detail = availabilityText(event.remaining);
      return { label: "Available", tone: detail ? "warning" : "success", detail };
    }
  }
}

/** What the page says when an event is not on sale, or null when it is. */
export function unavailableNotice(state: SaleState, status: string): string | null {
  if (state === "ended") return "This event has ended";
  if (state === "sold-out") return "Sold out";
  if (state === "on-hold") return ON_SALE_SOON;
  if (state === "no-seller") return SELLER_DETAILS_PENDING;
  if (state === "closed") return /^cancell?ed$/i.test(status) ? "This event has been cancelled" : "Ticket sales are closed for this event";
  return null;
}

export function statusLabel(status: string): string {
  const text = status.replace(/[_-]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Unavailable";
}

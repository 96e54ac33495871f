import { availabilityText, isBusinessListing, ON_SALE_SOON, type EventSummary } from "@domain";

/**
 * Whether tickets could be bought for this event right now.
 * 'closed' is any status other than 'active' (spec §3 Event: others show as a secondary badge);
 * 'on-hold' a paid event whose organiser cannot be paid yet (D23).
 */
export type SaleState = "available" | "sold-out" | "ended" | "closed" | "on-hold";

type SaleInput = Pick<EventSummary, "status" | "dateTime" | "endTime" | "remaining" | "category" | "businessType" | "pricePence"> & { salesOnHold?: boolean };

export function eventHasEnded(event: Pick<EventSummary, "dateTime" | "endTime">, now: Date): boolean {
  const end = new Date(event.endTime ?? event.dateTime);
  return !Number.isNaN(end.getTime()) && end.getTime() < now.getTime();
}

export function saleState(event: SaleInput, now: Date): SaleState {
  if (event.status !== "active") return "closed";
  // Restaurants and ongoing businesses have no real date (spec §4 Listing visibility).
  if (!isBusinessListing(event) && eventHasEnded(event, now)) return "ended";
  if (event.remaining === 0) return "sold-out";
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
  if (state === "closed") return /^cancell?ed$/i.test(status) ? "This event has been cancelled" : "Ticket sales are closed for this event";
  return null;
}

export function statusLabel(status: string): string {
  const text = status.replace(/[_-]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Unavailable";
}

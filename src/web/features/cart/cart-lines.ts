import { cartTotals, eventPlace, MAX_TICKETS_PER_EVENT, type CartTotals } from "@domain";

/** Cart item (spec §3 Cart item): client only, kept in this browser's local storage. Prices in pence (D17). */
export interface CartItem {
  eventId: string;
  eventTitle: string;
  ticketPricePence: number;
  /** The organiser pays the booking fee (D22); a line saved before this was known lacks it, which counts as false. */
  absorbsBookingFee: boolean;
  ticketQuantity: number;
  eventDate: string;
  eventLocation: string;
  /** The event's minimum age (issue 34); a line saved before this was known lacks it. */
  minAge?: number | null;
}

/** A cart line for an event as the event page shows it (title, price, start, venue and place). */
export function cartItemFor(
  event: { id: string; title: string; pricePence: number; absorbsBookingFee: boolean; dateTime: string; venue: string | null; location: string | null; minAge?: number | null },
  ticketQuantity: number,
): CartItem {
  return {
    eventId: event.id,
    eventTitle: event.title,
    ticketPricePence: event.pricePence,
    absorbsBookingFee: event.absorbsBookingFee,
    ticketQuantity,
    eventDate: event.dateTime,
    eventLocation: eventPlace(event),
    minAge: event.minAge ?? null,
  };
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.eventId === "string" &&
    item.eventId !== "" &&
    typeof item.eventTitle === "string" &&
    Number.isInteger(item.ticketPricePence) &&
    (item.ticketPricePence as number) >= 0 &&
    Number.isInteger(item.ticketQuantity) &&
    (item.ticketQuantity as number) >= 1 &&
    typeof item.eventDate === "string" &&
    typeof item.eventLocation === "string" &&
    (item.minAge === undefined || item.minAge === null || Number.isInteger(item.minAge))
  );
}

/** The cart as stored: anything that is not a well-formed line (an old format, a hand edit) is dropped. */
export function parseCartItems(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isCartItem).map((item) => ({ ...item, ticketQuantity: Math.min(item.ticketQuantity, MAX_TICKETS_PER_EVENT) }));
  } catch {
    return [];
  }
}

export interface AddResult {
  items: CartItem[];
  /** The line's quantity after adding. */
  quantity: number;
  /** True when the line hit its limit and fewer tickets were added than asked for. */
  capped: boolean;
}

/**
 * Adds a line, or raises the quantity of the line already there for that event (spec §4 Cart).
 * The line never holds more than `max` tickets (the places left, at most MAX_TICKETS_PER_EVENT).
 */
export function addCartLine(items: readonly CartItem[], item: CartItem, max: number = MAX_TICKETS_PER_EVENT): AddResult {
  const limit = Math.max(1, Math.min(max, MAX_TICKETS_PER_EVENT));
  const existing = items.find((line) => line.eventId === item.eventId);
  const wanted = (existing?.ticketQuantity ?? 0) + item.ticketQuantity;
  const quantity = Math.min(wanted, limit);
  const next = existing
    ? items.map((line) => (line.eventId === item.eventId ? { ...line, ...item, ticketQuantity: quantity } : line))
    : [...items, { ...item, ticketQuantity: quantity }];
  return { items: next, quantity, capped: quantity < wanted };
}

/** Sets a line's quantity; 0 or less removes the line (spec §4 Cart). */
export function setLineQuantity(items: readonly CartItem[], eventId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeCartLine(items, eventId);
  const capped = Math.min(Math.floor(quantity), MAX_TICKETS_PER_EVENT);
  return items.map((line) => (line.eventId === eventId ? { ...line, ticketQuantity: capped } : line));
}

export function removeCartLine(items: readonly CartItem[], eventId: string): CartItem[] {
  return items.filter((line) => line.eventId !== eventId);
}

/** (price + the buyer's fee) × quantity for one line (spec §9 Fees and money, D22). */
export function lineTotal(item: CartItem): number {
  return cartSummary([item]).total;
}

/** Subtotal, fees, total and ticket count of the whole cart. */
export function cartSummary(items: readonly CartItem[]): CartTotals {
  return cartTotals(items.map((item) => ({ ...item, quantity: item.ticketQuantity })));
}

/** The cart's lines as create-payment takes them (decisions.md D6); the server prices them (D8). */
export function checkoutItems(items: readonly CartItem[]): { eventId: string; ticketQuantity: number }[] {
  return items.map((item) => ({ eventId: item.eventId, ticketQuantity: item.ticketQuantity }));
}

/** Whether a payment's bookings cover every event in the cart, so the cart has been bought. */
export function isCartCoveredBy(items: readonly CartItem[], bookedEventIds: readonly string[]): boolean {
  if (items.length === 0) return false;
  const booked = new Set(bookedEventIds);
  return items.every((item) => booked.has(item.eventId));
}

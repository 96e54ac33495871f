import { capLinesPerEvent, cartTotals, eventPlace, MAX_TICKETS_PER_EVENT, orderLineTitle, questionsForType, type CartTotals, type TicketQuestion, type TicketTypeView } from "@domain";

/** Cart item (spec §3 Cart item): client only, kept in this browser's local storage. Prices in pence (D17). */
export interface CartItem {
  eventId: string;
  /**
   * The ticket type the line buys (issue 36: a line per type). A line saved before types lacks it: it buys
   * the event's single type, or its default one (cartTypeOf).
   */
  ticketTypeId?: string | null;
  /** The type's name when its event sells several, shown with the event's title; null when it sells one (the line reads as the spec's). */
  ticketTypeName?: string | null;
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

/** Which line of the cart: an event and its ticket type (none: a line saved before types). */
export type CartLineRef = Pick<CartItem, "eventId" | "ticketTypeId">;

export function isSameLine(a: CartLineRef, b: CartLineRef): boolean {
  return a.eventId === b.eventId && (a.ticketTypeId ?? null) === (b.ticketTypeId ?? null);
}

export function cartLineKey(line: CartLineRef): string {
  return `${line.eventId}/${line.ticketTypeId ?? ""}`;
}

/** What a line is called: its event, and its type when the event sells several (as the checkout names it). */
export function cartLineTitle(item: Pick<CartItem, "eventTitle" | "ticketTypeName">): string {
  return orderLineTitle(item.eventTitle, item.ticketTypeName ?? "", Boolean(item.ticketTypeName));
}

/** What the cart needs of a ticket type, as the event page and the cart's loader read it (EventDetail.ticketTypes). */
export type CartTicketType = Pick<TicketTypeView, "id" | "name" | "pricePence" | "onSale" | "remaining" | "minPerOrder" | "maxPerOrder">;

/** The shown types of each of the cart's events, as the server read them for the page (by event id). */
export type CartCatalogue = Record<string, readonly CartTicketType[]>;

/** The questions each of the cart's events asks (issue 36), by event id, as the event page shows them (EventDetail.questions). */
export type CartQuestions = Record<string, readonly TicketQuestion[]>;

/** The questions asked on each ticket of a line: its event's on its type (a line whose type is not known, only those on every ticket). */
export function cartLineQuestions(item: CartLineRef, questions: CartQuestions): TicketQuestion[] {
  return questionsForType(questions[item.eventId] ?? [], item.ticketTypeId ?? null);
}

/**
 * The type a line buys among its event's shown types: the one it names, or for a line saved before types
 * the event's single type, or when it now sells several the first on sale (the one its page offers first).
 * Null when the named type is no longer shown.
 */
export function cartTypeOf(types: readonly CartTicketType[], ticketTypeId: string | null | undefined): CartTicketType | null {
  if (ticketTypeId) return types.find((type) => type.id === ticketTypeId) ?? null;
  return types.find((type) => type.onSale) ?? types[0] ?? null;
}

type CartEvent = {
  id: string;
  title: string;
  pricePence: number;
  absorbsBookingFee: boolean;
  dateTime: string;
  venue: string | null;
  location: string | null;
  minAge?: number | null;
  /** Its shown types (issue 36); without them the line is priced as the event. */
  ticketTypes?: readonly CartTicketType[];
};

/** A cart line for an event and one of its types (or its single or default one) as the event page shows it. */
export function cartItemFor(event: CartEvent, ticketQuantity: number, ticketTypeId?: string | null): CartItem {
  const types = event.ticketTypes ?? [];
  const type = cartTypeOf(types, ticketTypeId);
  return {
    eventId: event.id,
    ticketTypeId: type?.id ?? ticketTypeId ?? null,
    ticketTypeName: type && types.length > 1 ? type.name : null,
    eventTitle: event.title,
    ticketPricePence: type?.pricePence ?? event.pricePence,
    absorbsBookingFee: event.absorbsBookingFee,
    ticketQuantity,
    eventDate: event.dateTime,
    eventLocation: eventPlace(event),
    minAge: event.minAge ?? null,
  };
}

/**
 * A stored line as its event's types are now (the cart's loader read them): its type named and priced as
 * the server sells it. A line whose event or type the server did not answer for stays as stored.
 */
export function withCatalogue(item: CartItem, catalogue: CartCatalogue): CartItem {
  const types = catalogue[item.eventId];
  const type = types && cartTypeOf(types, item.ticketTypeId);
  if (!types || !type) return item;
  return { ...item, ticketTypeId: type.id, ticketTypeName: types.length > 1 ? type.name : null, ticketPricePence: type.pricePence };
}

const optionalText = (value: unknown) => value === undefined || value === null || typeof value === "string";

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.eventId === "string" &&
    item.eventId !== "" &&
    optionalText(item.ticketTypeId) &&
    optionalText(item.ticketTypeName) &&
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

/**
 * The cart as stored: anything that is not a well-formed line (an old format, a hand edit) is dropped,
 * and an event's lines together hold at most MAX_TICKETS_PER_EVENT (create-payment's limit, issue 16).
 */
export function parseCartItems(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return capLinesPerEvent(parsed.filter(isCartItem));
  } catch {
    return [];
  }
}

export interface AddResult {
  items: CartItem[];
  /** The line's quantity after adding (0: the event's other lines already hold the most one order may). */
  quantity: number;
  /** True when the line hit its limit and fewer tickets were added than asked for. */
  capped: boolean;
}

/** The tickets the event's other lines hold: one order holds at most MAX_TICKETS_PER_EVENT of an event across its types. */
function heldByOtherLines(items: readonly CartItem[], line: CartLineRef): number {
  return items.filter((other) => other.eventId === line.eventId && !isSameLine(other, line)).reduce((sum, other) => sum + other.ticketQuantity, 0);
}

/**
 * The quantities a line may hold: at least its type's minimum per order, at most its maximum per order and
 * its places left, and with the event's other lines at most MAX_TICKETS_PER_EVENT (issue 36).
 */
export function lineLimits(items: readonly CartItem[], item: CartItem, type: CartTicketType | null): { min: number; max: number } {
  const own = Math.min(type?.maxPerOrder ?? MAX_TICKETS_PER_EVENT, type?.remaining ?? MAX_TICKETS_PER_EVENT, MAX_TICKETS_PER_EVENT);
  return { min: type?.minPerOrder ?? 1, max: Math.max(0, Math.min(own, MAX_TICKETS_PER_EVENT - heldByOtherLines(items, item))) };
}

/**
 * Adds a line, or raises the quantity of the line already there for that event and type (spec §4 Cart).
 * The line never holds more than `max` tickets (the type's places left and maximum per order), nor the
 * event's lines together more than MAX_TICKETS_PER_EVENT.
 */
export function addCartLine(items: readonly CartItem[], item: CartItem, max: number = MAX_TICKETS_PER_EVENT): AddResult {
  const limit = Math.min(Math.max(1, Math.min(max, MAX_TICKETS_PER_EVENT)), MAX_TICKETS_PER_EVENT - heldByOtherLines(items, item));
  const existing = items.find((line) => isSameLine(line, item));
  const wanted = (existing?.ticketQuantity ?? 0) + item.ticketQuantity;
  const quantity = Math.max(existing?.ticketQuantity ?? 0, Math.min(wanted, limit));
  if (quantity === 0) return { items: [...items], quantity: 0, capped: true };
  const next = existing
    ? items.map((line) => (isSameLine(line, item) ? { ...line, ...item, ticketQuantity: quantity } : line))
    : [...items, { ...item, ticketQuantity: quantity }];
  return { items: next, quantity, capped: quantity < wanted };
}

/** Sets a line's quantity, within the event's limit across its lines; 0 or less removes the line (spec §4 Cart). */
export function setLineQuantity(items: readonly CartItem[], line: CartLineRef, quantity: number): CartItem[] {
  if (quantity <= 0) return removeCartLine(items, line);
  const capped = Math.max(1, Math.min(Math.floor(quantity), MAX_TICKETS_PER_EVENT - heldByOtherLines(items, line)));
  return items.map((item) => (isSameLine(item, line) ? { ...item, ticketQuantity: capped } : item));
}

export function removeCartLine(items: readonly CartItem[], line: CartLineRef): CartItem[] {
  return items.filter((item) => !isSameLine(item, line));
}

/** (price + the buyer's fee) × quantity for one line (spec §9 Fees and money, D22). */
export function lineTotal(item: CartItem): number {
  return cartSummary([item]).total;
}

/** Subtotal, fees, total and ticket count of the whole cart. */
export function cartSummary(items: readonly CartItem[]): CartTotals {
  return cartTotals(items.map((item) => ({ ...item, quantity: item.ticketQuantity })));
}

/** The number of different events the cart's lines are for. */
export function cartEventCount(items: readonly CartItem[]): number {
  return new Set(items.map((item) => item.eventId)).size;
}

/**
 * The cart's lines as create-payment takes them (decisions.md D6): each event and type with its quantity;
 * the server prices them (D8) and merges an event's lines for its limits. A line without a known type
 * names none: the server sells the event's one type.
 */
export function checkoutItems(items: readonly CartItem[]): { eventId: string; ticketTypeId?: string; ticketQuantity: number }[] {
  return items.map((item) => ({ eventId: item.eventId, ...(item.ticketTypeId ? { ticketTypeId: item.ticketTypeId } : {}), ticketQuantity: item.ticketQuantity }));
}

/** Whether a payment's bookings cover every event in the cart, so the cart has been bought. */
export function isCartCoveredBy(items: readonly CartItem[], bookedEventIds: readonly string[]): boolean {
  if (items.length === 0) return false;
  const booked = new Set(bookedEventIds);
  return items.every((item) => booked.has(item.eventId));
}

// Ticket types (decision D24, issue 36): what an event sells, each at its own price, with its own optional
// capacity under the event's, its own sales window and per-order limits, shown or hidden. The rules here
// are the one home of availability and of what a type's sales window means; the server counts places
// under the event's lock and asks these functions what they allow.
import { MAX_TICKETS_PER_EVENT } from "./checkout";
import type { Pence } from "./money";

/** The one type an event gets when it is created the spec's way, with a price and a capacity only. */
export const DEFAULT_TICKET_TYPE_NAME = "General Admission";

/** The most types one event may sell (a sales page with more is a seating plan, not a list). */
export const MAX_TICKET_TYPES = 20;

export const TICKET_TYPE_NAME_MAX_LENGTH = 60;
export const TICKET_TYPE_DESCRIPTION_MAX_LENGTH = 500;

/** What a rule needs of a type. */
export interface TicketTypeRules {
  pricePence: Pence;
  capacity: number | null;
  salesStart: Date | null;
  salesEnd: Date | null;
  minPerOrder: number;
  maxPerOrder: number | null;
  hidden: boolean;
}

/** Where a type's sales window stands: before it, in it, or after it. */
export type SalesWindowState = "not-yet" | "on-sale" | "ended";

/** A type sells from salesStart (inclusive) until salesEnd (exclusive); either end may be open. */
export function salesWindowState(type: Pick<TicketTypeRules, "salesStart" | "salesEnd">, now: Date): SalesWindowState {
  if (type.salesStart && now < type.salesStart) return "not-yet";
  if (type.salesEnd && now >= type.salesEnd) return "ended";
  return "on-sale";
}

/**
 * Places a type has left: the least of its own remainder and the event's (pretix's quotas: a type draws
 * on its own capacity and on the event's, and sells only while both have room). Null when neither is
 * limited. `typeTaken` are the type's confirmed tickets and live holds; `eventRemaining` is the event's
 * (remainingPlaces), null for no limit.
 */
export function typeRemaining(type: Pick<TicketTypeRules, "capacity">, typeTaken: number, eventRemaining: number | null): number | null {
  const own = type.capacity === null ? null : Math.max(0, type.capacity - typeTaken);
  if (own === null) return eventRemaining;
  if (eventRemaining === null) return own;
  return Math.min(own, eventRemaining);
}

/** The most of a type one order may hold: its own maximum, never above the per-event limit. */
export function maxPerOrderOf(type: Pick<TicketTypeRules, "maxPerOrder">): number {
  return Math.min(type.maxPerOrder ?? MAX_TICKETS_PER_EVENT, MAX_TICKETS_PER_EVENT);
}

/**
 * What cards and listings show of an event's prices (D21: before the fee, which the caller adds): the
 * lowest price among its shown types, and whether its tickets are not all at that price ("from £X").
 * Hidden types are sold only through a code, so they never set the price a visitor is shown; an event whose
 * types are all hidden shows the lowest of them. A free lowest price beside any paid type, shown or hidden,
 * is "several prices" too, so that `pricePence > 0 || severalPrices` says whether the event sells any paid
 * ticket (eventKind, paidEventSql): an event with free and paid types is a paid event whose free tickets are
 * booked (issue 36).
 */
export function eventPriceSummary(types: readonly Pick<TicketTypeRules, "pricePence" | "hidden">[]): { pricePence: Pence; severalPrices: boolean } {
  const shown = types.filter((type) => !type.hidden);
  const priced = (shown.length > 0 ? shown : types).map((type) => type.pricePence);
  if (priced.length === 0) return { pricePence: 0, severalPrices: false };
  const lowest = Math.min(...priced);
  const severalPrices = shown.some((type) => type.pricePence !== lowest) || (lowest === 0 && types.some((type) => type.pricePence > 0));
  return { pricePence: lowest, severalPrices };
}

/** What a line of an order is called where it is paid for (the provider's checkout, the test checkout): its event, and its type when the event sells several. */
export function orderLineTitle(eventTitle: string, typeName: string, severalTypes: boolean): string {
  return severalTypes ? `${eventTitle}: ${typeName}` : eventTitle;
}

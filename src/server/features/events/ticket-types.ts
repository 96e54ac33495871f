import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import {
  allInPricePence,
  AppError,
  codeAppliesToType,
  discountedUnitPrice,
  type CodeRules,
  DEFAULT_TICKET_TYPE_NAME,
  eventPriceSummary,
  maxPerOrderOf,
  salesWindowState,
  typeRemaining,
  type TicketTypeValues,
  type TicketTypeView,
} from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { bookings, events, orderLines, orders, ticketTypes } from "../../db/schema";
import { typePlacesTaken, waitingEntriesTaking } from "./places";

/** One ticket type of an event (decision D24, issue 36). */
export type TicketTypeRow = typeof ticketTypes.$inferSelect;

/** An event's types with each one's places taken (typePlacesTaken). */
export interface TypesWithTaken {
  byEvent: Map<string, TicketTypeRow[]>;
  taken: Map<string, number>;
  /** Of `taken`, each type's waiting-list entries not yet offered (decision 043): a checkout with an offer does not count them. */
  waiting: Map<string, number>;
}

/** Each event's types, in their order. */
export async function ticketTypesOf(db: Db | Tx, eventIds: readonly string[]): Promise<Map<string, TicketTypeRow[]>> {
  const byEvent = new Map<string, TicketTypeRow[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select()
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, [...eventIds]))
    .orderBy(asc(ticketTypes.eventId), asc(ticketTypes.position), asc(ticketTypes.createdAt));
  for (const row of rows) byEvent.get(row.eventId)?.push(row);
  return byEvent;
}

/** The events' types, each with its places taken (typePlacesTaken), in one read; a hold's is under the events' lock. */
export async function ticketTypesWithTaken(tx: Db | Tx, eventIds: readonly string[]): Promise<TypesWithTaken> {
  const byEvent = new Map<string, TicketTypeRow[]>(eventIds.map((id) => [id, []]));
  const taken = new Map<string, number>();
  const waiting = new Map<string, number>();
  if (eventIds.length === 0) return { byEvent, taken, waiting };
  const rows = await tx
    .select({ type: ticketTypes, taken: typePlacesTaken(ticketTypes.id), waiting: waitingEntriesTaking("type", ticketTypes.id) })
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, [...eventIds]))
    .orderBy(asc(ticketTypes.eventId), asc(ticketTypes.position), asc(ticketTypes.createdAt));
  for (const row of rows) {
    byEvent.get(row.type.eventId)?.push(row.type);
    taken.set(row.type.id, Number(row.taken));
    waiting.set(row.type.id, Number(row.waiting));
  }
  return { byEvent, taken, waiting };
}

/**
 * The types a buyer sees (EventDetail.ticketTypes): shown ones, each with its all-in price, places left and
 * sales window; with a usable code (issue 37), also the hidden types it names, and the prices with it.
 */
export function ticketTypeViews(
  event: { absorbsBookingFee: boolean },
  types: readonly TicketTypeRow[],
  taken: ReadonlyMap<string, number>,
  eventRemaining: number | null,
  now: Date,
  code: Pick<CodeRules, "effect" | "value" | "ticketTypeIds"> | null = null,
): TicketTypeView[] {
  return types
    .filter((type) => !type.hidden || (code !== null && code.ticketTypeIds.includes(type.id)))
    .map((type) => {
      const remaining = typeRemaining(type, taken.get(type.id) ?? 0, eventRemaining);
      const salesState = salesWindowState(type, now);
      const pricePence = code && codeAppliesToType(code, type) ? discountedUnitPrice(type.pricePence, code) : type.pricePence;
      return {
        id: type.id,
        name: type.name,
        description: type.description,
        pricePence,
        allInPricePence: allInPricePence({ pricePence, absorbsBookingFee: event.absorbsBookingFee }),
        ...(code ? { discountPence: type.pricePence - pricePence } : {}),
        remaining,
        onSale: salesState === "on-sale" && remaining !== 0,
        salesState,
        salesStart: type.salesStart?.toISOString() ?? null,
        salesEnd: type.salesEnd?.toISOString() ?? null,
        minPerOrder: type.minPerOrder,
        maxPerOrder: maxPerOrderOf(type),
      };
    });
}

/** The one type of an event created the spec's way: its price, under the event's capacity. */
export function defaultTicketType(pricePence: number): TicketTypeValues {
  return { name: DEFAULT_TICKET_TYPE_NAME, description: null, pricePence, capacity: null, salesStart: null, salesEnd: null, minPerOrder: 1, maxPerOrder: null, hidden: false };
}

const typeValues = (type: TicketTypeValues, position: number) => ({
  name: type.name,
  description: type.description,
  pricePence: type.pricePence,
  capacity: type.capacity,
  salesStart: type.salesStart ? new Date(type.salesStart) : null,
  salesEnd: type.salesEnd ? new Date(type.salesEnd) : null,
  minPerOrder: type.minPerOrder,
  maxPerOrder: type.maxPerOrder,
  position,
  hidden: type.hidden,
});

/** Types with a sale, a live hold or a payment on the way: they stay, their sales can only be ended. */
async function typesInUse(tx: Tx, typeIds: string[]): Promise<Set<string>> {
  if (typeIds.length === 0) return new Set();
  const sold = await tx.selectDistinct({ id: bookings.ticketTypeId }).from(bookings).where(inArray(bookings.ticketTypeId, typeIds));
  const held = await tx
    .selectDistinct({ id: orderLines.ticketTypeId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.ticketTypeId, typeIds), or(and(eq(orders.status, "pending"), sql`${orders.expiresAt} > now()`), sql`${orders.paidAt} is not null`)));
  return new Set([...sold, ...held].map((row) => row.id));
}

/**
 * Writes an event's types as the form lists them, inside the caller's transaction with the event locked
 * (`current`: its types as read under that lock, none for a new event):
 * a listed id is changed, a type without one is added, a type left out is removed unless it has sales
 * (then it must be ended instead: its buyers' tickets are of it). Then the event's card price follows
 * (eventPriceSummary). A price change applies to sales from now on: each line keeps the price it was sold at.
 */
export async function saveTicketTypes(tx: Tx, event: { id: string; current: readonly TicketTypeRow[] }, wanted: readonly TicketTypeValues[]): Promise<void> {
  const { current } = event;
  const currentIds = new Set(current.map((type) => type.id));
  for (const type of wanted) {
    if (type.id && !currentIds.has(type.id)) throw new AppError("VALIDATION_FAILED", `Invalid field 'ticketTypes': ticket type ${type.id} is not one of this event's`, { field: "ticketTypes" });
  }
  const keptIds = wanted.flatMap((type) => (type.id ? [type.id] : []));
  const removed = current.filter((type) => !keptIds.includes(type.id));
  const inUse = await typesInUse(tx, removed.map((type) => type.id));
  const stuck = removed.find((type) => inUse.has(type.id));
  if (stuck) {
    throw new AppError("CONFLICT", `${stuck.name} has tickets sold or being bought, so it cannot be removed. End its sales instead: buyers keep their tickets.`, { reason: "TICKET_TYPE_SOLD", field: "ticketTypes" });
  }
  if (removed.length > 0) {
    const removedIds = removed.map((type) => type.id);
    // Lines of checkouts that ended unpaid still name the type: they go with it (as deleteEvent does).
    await tx.delete(orderLines).where(inArray(orderLines.ticketTypeId, removedIds));
    await tx.delete(ticketTypes).where(and(eq(ticketTypes.eventId, event.id), inArray(ticketTypes.id, removedIds)));
  }
  for (const [position, type] of wanted.entries()) {
    if (type.id) await tx.update(ticketTypes).set(typeValues(type, position)).where(eq(ticketTypes.id, type.id));
    else await tx.insert(ticketTypes).values({ eventId: event.id, ...typeValues(type, position) });
  }
  await tx.update(events).set(eventPriceSummary(wanted)).where(eq(events.id, event.id));
}

/** The types an edit without a types list leaves: the one type gets the form's price; several must be edited as types. */
export function typesForPrice(current: readonly TicketTypeRow[], pricePence: number, eventPricePence: number): TicketTypeValues[] | null {
  if (current.length === 1) {
    const [only] = current;
    return [{ ...typeAsInput(only!), pricePence }];
  }
  if (pricePence === eventPricePence) return null;
  throw new AppError("VALIDATION_FAILED", "Invalid field 'pricePence': this event has several ticket types, so change the price of each in ticketTypes", { field: "pricePence" });
}

/** A stored type as the form gives one: what an edit without a types list keeps, and what the edit form shows. */
export function typeAsInput(row: TicketTypeRow): TicketTypeValues & { id: string } {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pricePence: row.pricePence,
    capacity: row.capacity,
    salesStart: row.salesStart?.toISOString() ?? null,
    salesEnd: row.salesEnd?.toISOString() ?? null,
    minPerOrder: row.minPerOrder,
    maxPerOrder: row.maxPerOrder,
    hidden: row.hidden,
  };
}

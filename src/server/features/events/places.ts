import { eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bookings, codes, events, orderLines, ticketTypes } from "../../db/schema";

/**
 * The rule's two parts, written once for both forms below: a booking that holds places, and an order
 * line of a live hold. A line's held_until mirrors its order (the order's expiry while it is pending;
 * triggers of migration 0016), so a count reads one event's live lines from one partial index
 * (order_lines_held_idx) and never joins every pending order (docs/decisions/031).
 */
export const holdsPlaces = sql`${bookings.status} = 'confirmed'`;
export const liveHeldLine = sql`${orderLines.heldUntil} > now()`;

/**
 * A code's uses, held and confirmed, counted as code-uses.ts counts them, for the code row `codes` of the
 * enclosing query.
 */
const usesOfCode = sql`((
  select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines}
  where ${orderLines.codeId} = ${codes.id} and ${liveHeldLine}
) + (
  select coalesce(sum(${bookings.ticketQuantity}), 0) from ${bookings} join ${orderLines} on ${orderLines.id} = ${bookings.orderLineId}
  where ${orderLines.codeId} = ${codes.id} and ${holdsPlaces}
))`;

/**
 * The places a code row still keeps back (issue 37): `unusedReservation` in src/domain/codes.ts, written
 * for SQL (held equal by code-reserved-places.test.ts).
 */
export const codeReservationSql = sql<number>`(case when ${codes.reservedPlaces} is null or not ${codes.active} or (${codes.validUntil} is not null and ${codes.validUntil} <= now()) then 0
  else greatest(${codes.reservedPlaces} - ${usesOfCode}, 0) end)`;

/**
 * Places kept back by codes that reserve them, of an event (its codes') or a type (codes naming that type
 * alone): everyone but the code's own buyers counts them as taken. `exceptCodeId`'s are left out (its buyer).
 */
function keptBackByCodes(of: "event" | "type", id: AnyColumn | string, exceptCodeId?: string): SQL<number> {
  const which = of === "event" ? sql`${codes.eventId} = ${id}` : sql`cardinality(${codes.ticketTypeIds}) = 1 and ${codes.ticketTypeIds}[1] = ${id}`;
  const exceptCode = exceptCodeId ? sql` and ${codes.id} <> ${exceptCodeId}` : sql``;
  // Through the partial index codes_reserved_idx: only codes that reserve places are read.
  return sql<number>`(select coalesce(sum(${codeReservationSql}), 0)::int from ${codes} where ${codes.reservedPlaces} is not null and ${which}${exceptCode})`;
}

/**
 * The waiting list's terms (issue 37, decision 043; pretix's rule): an open offer holds its place until it
 * expires, except while a live hold line carries it (that line counts it); an entry not yet offered holds a
 * place while its list counts (the list on, the event active and not started, its type's sales not ended),
 * so a freed place goes to the list before the public. Written on aliased tables (wo, we, wev, wtt), so they
 * nest inside reads of events or ticket_types whose columns name the id.
 */
const openOfferCounts = sql`wo.status = 'open' and wo.expires_at > now()
  and not exists (select 1 from order_lines wol where wol.waiting_offer_id = wo.id and wol.held_until > now())`;
const waitingEntryCounts = sql`we.status = 'waiting' and wev.waiting_list_enabled and wev.status = 'active' and wev.date_time > now()
  and (wtt.sales_end is null or wtt.sales_end > now())`;

/** Open offers counting against an event (every offer of it) or a type (offers of that type; an any-type offer counts against its event only). */
export function openOffersTaking(of: "event" | "type", id: AnyColumn | string): SQL<number> {
  const column = of === "event" ? sql`wo.event_id` : sql`wo.ticket_type_id`;
  // Nested once, as taken's sum is, so a single-table select keeps the columns' table.
  const count = sql`(select count(*)::int from waiting_list_offers wo where ${column} = ${id} and ${openOfferCounts})`;
  return sql<number>`${count}`;
}

/** Waiting entries counting against an event (all of its entries) or a type (that type's; an any-type entry counts against its event only). */
export function waitingEntriesTaking(of: "event" | "type", id: AnyColumn | string): SQL<number> {
  const column = of === "event" ? sql`we.event_id` : sql`we.ticket_type_id`;
  const count = sql`(select count(*)::int from waiting_list_entries we join events wev on wev.id = we.event_id left join ticket_types wtt on wtt.id = we.ticket_type_id
  where ${column} = ${id} and ${waitingEntryCounts})`;
  return sql<number>`${count}`;
}

/**
 * Confirmed tickets plus places held by unexpired pending checkouts (decisions D9), other than
 * `exceptOrderId`'s, of whatever the two columns name (an event, or a ticket type), plus the places codes
 * keep back (issue 37) other than `exceptCodeId`'s, and the waiting list's open offers and waiting entries
 * (decision 043). A checkout with an offer subtracts the entries and its own offer (holds.ts), as the offer
 * was made only when a place was free of everything else.
 */
function taken(booked: AnyColumn, held: AnyColumn, of: "event" | "type", id: AnyColumn | string, exceptOrderId?: string, exceptCodeId?: string): SQL<number> {
  const otherOrder = exceptOrderId ? sql` and ${orderLines.orderId} <> ${exceptOrderId}` : sql``;
  // Nested once: a single-table select writes the columns at the top of its fields without their table,
  // which inside these subqueries would be ambiguous.
  const sum = sql`((
  select coalesce(sum(${bookings.ticketQuantity}), 0)::int from ${bookings}
  where ${booked} = ${id} and ${holdsPlaces}
) + (
  select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines}
  where ${held} = ${id} and ${liveHeldLine}${otherOrder}
) + ${keptBackByCodes(of, id, exceptCodeId)} + ${openOffersTaking(of, id)} + ${waitingEntriesTaking(of, id)})`;
  return sql<number>`${sum}`;
}

/**
 * Places taken on an event (`taken`). The one count the listings show ('Sold out', 'Only N left') and the
 * holds check, so both follow a checkout at once. `eventId` is a column (per row of a listing) or an id.
 */
export const placesTaken = (eventId: AnyColumn | string, exceptOrderId?: string, exceptCodeId?: string) => taken(bookings.eventId, orderLines.eventId, "event", eventId, exceptOrderId, exceptCodeId);

/**
 * Places taken of one ticket type (issue 36), counted as the event's are. Under the event's lock, which
 * every sale of any of its types takes, so one lock orders every count of the event and of its types.
 */
export const typePlacesTaken = (ticketTypeId: AnyColumn | string, exceptOrderId?: string, exceptCodeId?: string) => taken(bookings.ticketTypeId, orderLines.ticketTypeId, "type", ticketTypeId, exceptOrderId, exceptCodeId);

/**
 * placesTaken for many events in one grouped read (a listing's page): rows (event_id, taken) for the
 * events `eventIds` selects (a subquery of ids) that have places taken; an event without a row has 0.
 * Served by partial covering indexes (migrations 0012 and 0016), not a subquery per event.
 */
export function placesTakenByEvent(eventIds: SQL): SQL {
  return sql`select held.event_id, sum(held.quantity)::int as taken from (
  select ${bookings.eventId} as event_id, ${bookings.ticketQuantity} as quantity from ${bookings}
  where ${bookings.eventId} in (${eventIds}) and ${holdsPlaces}
  union all
  select ${orderLines.eventId}, ${orderLines.quantity} from ${orderLines}
  where ${orderLines.eventId} in (${eventIds}) and ${liveHeldLine}
  union all
  select ${codes.eventId}, ${codeReservationSql} from ${codes}
  where ${codes.eventId} in (${eventIds}) and ${codes.reservedPlaces} is not null
  union all
  select wo.event_id, 1 from waiting_list_offers wo
  where wo.event_id in (${eventIds}) and ${openOfferCounts}
  union all
  select we.event_id, 1 from waiting_list_entries we join events wev on wev.id = we.event_id left join ticket_types wtt on wtt.id = we.ticket_type_id
  where we.event_id in (${eventIds}) and ${waitingEntryCounts}
) as held group by held.event_id`;
}

/** Places left of a type with a capacity of its own, counted inside the caller's transaction (under its event's lock). */
export async function typePlacesLeft(tx: Tx, type: { id: string; capacity: number }, exceptOrderId?: string, exceptCodeId?: string): Promise<number> {
  const [row] = await tx.select({ taken: typePlacesTaken(type.id, exceptOrderId, exceptCodeId) }).from(ticketTypes).where(eq(ticketTypes.id, type.id));
  return type.capacity - Number(row!.taken);
}

/** Places left on an event with a capacity, counted inside the caller's transaction (under the event's lock). */
export async function placesLeft(tx: Tx, event: { id: string; maxAttendees: number }, exceptOrderId?: string, exceptCodeId?: string): Promise<number> {
  const [row] = await tx.select({ taken: placesTaken(event.id, exceptOrderId, exceptCodeId) }).from(events).where(eq(events.id, event.id));
  return event.maxAttendees - Number(row!.taken);
}

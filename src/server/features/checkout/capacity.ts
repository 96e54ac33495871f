import { and, asc, eq, gt, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { AppError } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events, orderLines, orders } from "../../db/schema";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rule's two parts, written once for both forms below: a booking that holds places, and a live hold. */
const holdsPlaces = sql`${bookings.status} = 'confirmed'`;
const liveHold = sql`${orders.status} = 'pending' and ${orders.expiresAt} > now()`;

/**
 * Places taken on an event: confirmed tickets plus places held by unexpired pending checkouts (decisions
 * D9), other than `exceptOrderId`'s. The one count the listings show ('Sold out', 'Only N left') and
 * the holds check, so both follow a checkout at once. `eventId` is a column (per row of a listing) or an id.
 */
export function placesTaken(eventId: AnyColumn | string, exceptOrderId?: string): SQL<number> {
  const otherOrder = exceptOrderId ? sql` and ${orders.id} <> ${exceptOrderId}` : sql``;
  // Nested once: a single-table select writes the columns at the top of its fields without their table,
  // which inside these subqueries would be ambiguous.
  const taken = sql`((
  select coalesce(sum(${bookings.ticketQuantity}), 0)::int from ${bookings}
  where ${bookings.eventId} = ${eventId} and ${holdsPlaces}
) + (
  select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines}
  join ${orders} on ${orders.id} = ${orderLines.orderId}
  where ${orderLines.eventId} = ${eventId} and ${liveHold}${otherOrder}
))`;
  return sql<number>`${taken}`;
}

/**
 * placesTaken for many events in one grouped read (a listing's page): rows (event_id, taken) for the
 * events `eventIds` selects (a subquery of ids) that have places taken; an event without a row has 0.
 * Served by the partial covering indexes of migration 0012, not a subquery per event.
 */
export function placesTakenByEvent(eventIds: SQL): SQL {
  return sql`select held.event_id, sum(held.quantity)::int as taken from (
  select ${bookings.eventId} as event_id, ${bookings.ticketQuantity} as quantity from ${bookings}
  where ${bookings.eventId} in (${eventIds}) and ${holdsPlaces}
  union all
  select ${orderLines.eventId}, ${orderLines.quantity} from ${orderLines}
  join ${orders} on ${orders.id} = ${orderLines.orderId}
  where ${orderLines.eventId} in (${eventIds}) and ${liveHold}
) as held group by held.event_id`;
}

/** Places left on an event with a capacity, counted inside the caller's transaction (under the event's lock). */
export async function placesLeft(tx: Tx, event: { id: string; maxAttendees: number }, exceptOrderId?: string): Promise<number> {
  const [row] = await tx.select({ taken: placesTaken(event.id, exceptOrderId) }).from(events).where(eq(events.id, event.id));
  return event.maxAttendees - Number(row!.taken);
}

/** Places `userId` holds on one event in its unexpired pending checkouts (the per-account hold limit, issue 16). */
export async function heldByAccount(tx: Tx, userId: string, eventId: string): Promise<number> {
  const [held] = await tx
    .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.eventId, eventId), eq(orders.userId, userId), eq(orders.status, "pending"), gt(orders.expiresAt, sql`now()`)));
  return Number(held!.n);
}

/** Locks the events' rows in id order, so two checkouts sharing events can never deadlock. */
export function lockEvents(tx: Tx, eventIds: string[]) {
  return tx.select().from(events).where(inArray(events.id, eventIds)).orderBy(asc(events.id)).for("update");
}

/**
 * The capacity check of a hold (ARCHITECTURE Checkout and capacity): sold + held + requested must fit
 * the event's capacity. Called with the event locked (lockEvents), so two checkouts cannot both pass.
 */
export async function checkPlacesLeft(tx: Tx, { event, quantity }: { event: { id: string; title: string; maxAttendees: number | null }; quantity: number }) {
  if (event.maxAttendees === null) return;
  const left = await placesLeft(tx, { id: event.id, maxAttendees: event.maxAttendees });
  if (quantity > left) throw capacityError(event.title, left);
}

function capacityError(title: string, left: number): AppError {
  return left <= 0
    ? new AppError("CONFLICT", `Sold out: there are no tickets left for ${title}.`, { reason: "SOLD_OUT", remaining: 0 })
    : new AppError("CONFLICT", `Only ${left} left for ${title}.`, { reason: "NOT_ENOUGH_LEFT", remaining: left });
}

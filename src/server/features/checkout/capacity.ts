import { asc, inArray, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { AppError, formatDateTime, maxPerOrderOf, remainingPlaces, salesWindowState } from "../../../domain";
import type { TicketTypeRow } from "../events/ticket-types";
import { preparedSql, type Db, type Tx } from "../../db/client";
import { events, orderLines, orders } from "../../db/schema";
import { liveHeldLine, placesTaken, waitingEntriesTaking } from "../events/places";


/** The events a prepared statement is given as its `eventIds` placeholder (an array of ids). */
const placeholderEventIds = sql`${events.id} = any(${sql.placeholder("eventIds")}::uuid[])`;

/** Places `userId` holds on an event (a column or an id) in its unexpired pending checkouts (the per-account hold limit, issue 16). */
function heldByAccount(eventId: AnyColumn | string, userId: string | Placeholder | SQL): SQL<number> {
  // From the account's pending orders to their lines (lateral, so the planner cannot start from the
  // event's live lines instead: in a rush those are every other buyer's). Nested once, as placesTaken
  // is, so its columns keep their tables.
  const held = sql`(
  select coalesce(sum(own.quantity), 0)::int from ${orders}
  cross join lateral (
    select ${orderLines.quantity} as quantity from ${orderLines}
    where ${orderLines.orderId} = ${orders.id} and ${orderLines.eventId} = ${eventId} and ${liveHeldLine}
  ) as own
  where ${orders.userId} = ${userId} and ${orders.status} = 'pending'
)`;
  return sql<number>`${held}`;
}

/** Each event's places taken (of them, `waiting`: its waiting-list entries not yet offered), and the places each account already holds on it. */
export type HoldStanding = Map<string, { taken: number; waiting: number; heldBy: Map<string, number> }>;

/**
 * For holds, in one statement inside the caller's transaction (after lockEvents): each event's places
 * taken, and the places each of `userIds` already holds on it (the buyers of a batch of holds).
 */
export async function holdStanding(tx: Tx, userIds: string[], eventIds: string[]): Promise<HoldStanding> {
  // Prepared: it runs while the rush waits on the event's lock, so the server plans it once per connection.
  const rows = await preparedSql<{ event_id: string; user_id: string | null; n: number; waiting: number }>(
    tx as unknown as Db,
    "hold_standing",
    sql`select ${events.id} as event_id, null::text as user_id, ${placesTaken(events.id)} as n, ${waitingEntriesTaking("event", events.id)} as waiting from ${events} where ${placeholderEventIds}
    union all
    select ${events.id}, buyer.user_id, ${heldByAccount(events.id, sql`buyer.user_id`)}, 0
    from ${events} cross join unnest(${sql.placeholder("userIds")}::text[]) as buyer(user_id) where ${placeholderEventIds}`,
  ).execute({ userIds, eventIds });
  const standing: HoldStanding = new Map();
  for (const row of rows) if (row.user_id === null) standing.set(row.event_id, { taken: Number(row.n), waiting: Number(row.waiting), heldBy: new Map() });
  for (const row of rows) if (row.user_id !== null) standing.get(row.event_id)!.heldBy.set(row.user_id, Number(row.n));
  return standing;
}

/**
 * How a checkout locks the events it sells (rows in id order, so two checkouts sharing events never
 * deadlock), by what it does to their places:
 * - `count`: a hold, or the confirmation of a payment whose hold lapsed, counts the places taken and may
 *   take more. It waits for every other count, and for whatever changes the event (an edit, a
 *   cancellation, a deletion): FOR NO KEY UPDATE.
 * - `keep`: the confirmation of a live hold turns its held places into tickets, the same number, so no
 *   count changes: any hold counting meanwhile counts the places either way (one statement makes the
 *   bookings and ends the hold). It waits only for a cancellation or deletion (FOR UPDATE), not for the
 *   rush of holds: FOR KEY SHARE. Only for a hold that is live by a margin (liveHoldWithMargin).
 */
export function lockEvents(tx: Tx, eventIds: string[] | SQLWrapper, purpose: "count" | "keep" = "count") {
  const listed = Array.isArray(eventIds);
  const locking = tx
    .select()
    .from(events)
    .where(listed ? placeholderEventIds : inArray(events.id, eventIds))
    .orderBy(asc(events.id))
    .for(purpose === "keep" ? "key share" : "no key update");
  // A list of ids (a hold's cart) is prepared, planned once per connection: the rush queues on this lock.
  return listed ? locking.prepare(`lock_events_${purpose}`).execute({ eventIds }) : locking;
}

/**
 * An order whose hold is live and stays live for minutes yet (by the database's clock): its confirmation
 * may lock its events to `keep` (lockEvents). The margin outlasts any transaction, so a hold counting at
 * the same moment still sees this one as live.
 */
export const liveHoldWithMargin = sql<boolean>`(${orders.status} = 'pending' and ${orders.expiresAt} > now() + interval '5 minutes')`;

/** A hold past its expiry by the database's clock: the clock the place counts (liveHeldLine) judge holds by. */
export const holdLapsed = sql<boolean>`(${orders.expiresAt} <= now())`;

/**
 * The capacity check of a hold (ARCHITECTURE Checkout and capacity): sold + held + requested must fit
 * the event's capacity. `taken` is counted with the event locked (lockEvents, then holdStanding), so
 * two checkouts cannot both pass.
 */
export function checkPlacesLeft({ event, quantity, taken }: { event: { title: string; maxAttendees: number | null }; quantity: number; taken: number }) {
  const left = remainingPlaces(event.maxAttendees, taken);
  if (left !== null && quantity > left) throw capacityError(event.title, left);
}

function capacityError(title: string, left: number, type?: TicketTypeRow): AppError {
  const details = { remaining: Math.max(0, left), ...(type ? { ticketTypeId: type.id } : {}) };
  const what = type ? `${type.name} tickets` : "tickets";
  return left <= 0
    ? new AppError("CONFLICT", `Sold out: there are no ${what} left for ${title}.`, { reason: "SOLD_OUT", ...details })
    : new AppError("CONFLICT", `Only ${left} ${type ? `${type.name} tickets ` : ""}left for ${title}.`, { reason: "NOT_ENOUGH_LEFT", ...details });
}

/**
 * The type a line buys (issue 36): the one it names, which must be one of its event's and not hidden unless
 * the buyer's code unlocks it (`unlocks`: a code that names it, issue 37); or, when it names none, the
 * event's one shown type.
 */
export function ticketTypeOfLine(event: { id: string; title: string }, ticketTypeId: string | null, types: readonly TicketTypeRow[], unlocks: (type: TicketTypeRow) => boolean = () => false): TicketTypeRow {
  const shown = types.filter((type) => !type.hidden || (ticketTypeId !== null && unlocks(type)));
  if (ticketTypeId === null) {
    if (shown.length === 1) return shown[0]!;
    throw new AppError("VALIDATION_FAILED", `Choose a ticket type for ${event.title}: it sells ${shown.length} kinds of ticket.`, { reason: "TICKET_TYPE_REQUIRED", field: "ticketTypeId" });
  }
  const type = shown.find((candidate) => candidate.id === ticketTypeId);
  if (!type) throw new AppError("VALIDATION_FAILED", `That ticket type is not sold for ${event.title}.`, { reason: "TICKET_TYPE_NOT_FOUND", field: "ticketTypeId" });
  return type;
}

/** A type sells only inside its sales window (salesWindowState). */
export function checkSalesWindow(event: { title: string }, type: TicketTypeRow, now: Date) {
  const state = salesWindowState(type, now);
  if (state === "not-yet") {
    throw new AppError("CONFLICT", `${type.name} tickets for ${event.title} go on sale on ${formatDateTime(type.salesStart!.toISOString())}.`, { reason: "NOT_ON_SALE_YET", ticketTypeId: type.id });
  }
  if (state === "ended") throw new AppError("CONFLICT", `Sales of ${type.name} tickets for ${event.title} have ended.`, { reason: "SALES_ENDED", ticketTypeId: type.id });
}

/** A type's own capacity (its event's is checked apart): its tickets and live holds plus the line's must fit. */
export function checkTypePlacesLeft({ event, type, quantity, taken }: { event: { title: string }; type: TicketTypeRow; quantity: number; taken: number }) {
  if (type.capacity === null) return;
  const left = type.capacity - taken;
  if (quantity > left) throw capacityError(event.title, left, type);
}

/** A type's own per-order limits: at least its minimum, at most its maximum (the per-event limit is ticketLimitError's). */
export function checkPerOrder(event: { title: string }, type: TicketTypeRow, quantity: number) {
  if (quantity < type.minPerOrder) {
    throw new AppError("VALIDATION_FAILED", `${type.name} tickets for ${event.title} are sold at least ${type.minPerOrder} to an order.`, { reason: "ORDER_MINIMUM", limit: type.minPerOrder, ticketTypeId: type.id });
  }
  const most = maxPerOrderOf(type);
  if (type.maxPerOrder !== null && quantity > most) {
    throw new AppError("VALIDATION_FAILED", `You can buy at most ${most} ${type.name} tickets for ${event.title} in one order.`, { reason: "ORDER_LIMIT", limit: most, ticketTypeId: type.id });
  }
}

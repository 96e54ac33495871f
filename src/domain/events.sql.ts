// The SQL forms of the rules in events.ts and event-timing.ts, for the server's queries. Each builds
// the same answer as its TypeScript twin (events.sql.test.ts holds the two equal); kept out of index.ts
// so the browser's bundle never carries drizzle.
import { sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { DEFAULT_EVENT_DURATION_MS } from "./event-timing";

/** The columns of events that a rule reads: the events table itself, or the same names from another source. */
export interface EventColumnsSql {
  status: SQLWrapper;
  dateTime: SQLWrapper;
  endTime: SQLWrapper;
  category: SQLWrapper;
  businessType: SQLWrapper;
}

type Instant = Date | Placeholder | SQL;

const instant = (now: Instant) => (now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now);

/**
 * isListed's date-free half: restaurants and ongoing businesses are listed whatever their date (spec §4).
 * Written exactly as events_listing_always_idx's predicate (schema.ts), so the planner can use that index.
 */
export function alwaysListedSql(e: Pick<EventColumnsSql, "category" | "businessType">): SQL<boolean> {
  return sql<boolean>`(${e.businessType} = 'restaurant' or ${e.category} = 'ongoing-business')`;
}

/** isListed: active and upcoming, or a restaurant / ongoing business whatever its date (spec §4). Null counts as false (a where condition). */
export function listedSql(e: Pick<EventColumnsSql, "status" | "dateTime" | "category" | "businessType">, now: Instant): SQL<boolean> {
  return sql<boolean>`(${e.status} = 'active' and (${e.dateTime} >= ${instant(now)} or ${alwaysListedSql(e)}))`;
}

/** isBusinessListing: food and ongoing-business listings show 'Visit Now', not a price. */
export function businessListingSql(e: Pick<EventColumnsSql, "category" | "businessType">): SQL<boolean> {
  return sql<boolean>`(coalesce(${e.category}, '') in ('food', 'ongoing-business') or ${e.businessType} in ('restaurant', 'business_listing'))`;
}

/** sellsPaidTickets: any of the event's ticket types is paid (its lowest shown price, or its several prices). */
export function paidEventSql(e: { pricePence: SQLWrapper; severalPrices: SQLWrapper }): SQL<boolean> {
  return sql<boolean>`(${e.pricePence} > 0 or ${e.severalPrices})`;
}

/** eventEndsAt: the end time, else the start plus the default duration. */
export function eventEndSql(e: Pick<EventColumnsSql, "dateTime" | "endTime">): SQL<Date> {
  return sql<Date>`coalesce(${e.endTime}, ${e.dateTime} + make_interval(secs => ${sql.raw(String(DEFAULT_EVENT_DURATION_MS / 1000))}))`;
}

/** managesEvent (decisions D10): the organiser, or any admin. `organiser` is the column holding the event's organiser. */
export function managesEventSql(actor: { userId: string; isAdmin: boolean }, organiser: SQLWrapper): SQL<boolean> {
  return actor.isAdmin ? sql<boolean>`true` : sql<boolean>`(${organiser} = ${actor.userId})`;
}

/** managesEventSql for a statement that carries each row's actor in its own columns (a batch of scans by several actors). */
export function managesEventByColumnsSql(organiser: SQLWrapper, actor: { isAdmin: SQLWrapper; userId: SQLWrapper }): SQL<boolean> {
  return sql<boolean>`(${actor.isAdmin} or ${organiser} = ${actor.userId})`;
}

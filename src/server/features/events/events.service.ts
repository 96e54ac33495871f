import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import {
  BOOKING_FEE_PENCE,
  AppError,
  EventId,
  effectiveSort,
  type EventSort,
  LIST_SIZES,
  PRICE_BANDS,
  remainingPlaces,
  type CategoryCount,
  type EventDetail,
  type EventListQuery,
  type EventListResult,
  type EventSummary,
} from "../../../domain";
import type { Db } from "../../db/client";
import { events, profiles } from "../../db/schema";
import { placesTaken, placesTakenByEvent } from "../checkout/capacity";

/** A card's columns; `taken` comes from placesTakenByEvent over the page's ids (see pagedSummaries). */
const cardColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  dateTime: events.dateTime,
  endTime: events.endTime,
  venue: events.venue,
  location: events.location,
  category: events.category,
  businessType: events.businessType,
  pricePence: events.pricePence,
  absorbsBookingFee: events.absorbsBookingFee,
  maxAttendees: events.maxAttendees,
  imageUrl: events.imageUrl,
  status: events.status,
  previousDateTime: events.previousDateTime,
  organiserUsername: profiles.username,
  organiserDisplayName: profiles.displayName,
};

type SummaryRow = {
  id: string;
  title: string;
  description: string | null;
  dateTime: Date;
  endTime: Date | null;
  venue: string | null;
  location: string;
  category: string | null;
  businessType: string;
  pricePence: number;
  absorbsBookingFee: boolean;
  maxAttendees: number | null;
  imageUrl: string | null;
  status: string;
  previousDateTime: Date | null;
  taken: number;
  organiserUsername: string | null;
  organiserDisplayName: string | null;
};

function toSummary(row: SummaryRow): EventSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dateTime: new Date(row.dateTime).toISOString(),
    endTime: row.endTime ? new Date(row.endTime).toISOString() : null,
    venue: row.venue,
    location: row.location,
    category: row.category,
    businessType: row.businessType,
    pricePence: row.pricePence,
    absorbsBookingFee: row.absorbsBookingFee,
    maxAttendees: row.maxAttendees,
    remaining: remainingPlaces(row.maxAttendees, Number(row.taken)),
    imageUrl: row.imageUrl,
    status: row.status,
    previousDateTime: row.previousDateTime ? new Date(row.previousDateTime).toISOString() : null,
    organiser:
      row.organiserUsername || row.organiserDisplayName
        ? { username: row.organiserUsername, displayName: row.organiserDisplayName }
        : null,
  };
}

/** Listed: active and upcoming, or a restaurant / ongoing business whatever its date (spec §4). */
export function listedCondition(now: Date): SQL {
  return and(
    eq(events.status, "active"),
    or(gte(events.dateTime, now), eq(events.businessType, "restaurant"), eq(events.category, "ongoing-business")),
  )!;
}

/** Migration 0012's generated search columns (not in the Drizzle schema, so plain selects never fetch them). */
const searchVector = sql`"events"."search_vector"`;
const searchText = sql`"events"."search_text"`;

function tsQuery(q: string): SQL {
  // websearch_to_tsquery never fails on user syntax (quotes, or, -, stray & | ! : * ( )).
  return sql`websearch_to_tsquery('english', ${q}::text)`;
}

/** The words trigram matching looks for (partial words, typos); shorter ones would match nearly anything. */
function trigramWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].filter((word) => word.length >= 3).slice(0, 8);
}

/**
 * Search (issue 21): full-text over the weighted title/venue+location/description document, or every
 * word of the search found, possibly partial or misspelt, by trigram word similarity (pg_trgm `<%`:
 * `jaz` finds Jazz, `brixtn` Brixton). Both are served by the GIN indexes of migration 0012.
 */
function searchCondition(q: string): SQL {
  const fullText = sql`${searchVector} @@ ${tsQuery(q)}`;
  const words = trigramWords(q);
  if (words.length === 0) return fullText;
  return sql`(${fullText} or (${sql.join(
    words.map((word) => sql`${word}::text <% ${searchText}`),
    sql` and `,
  )}))`;
}

/** Best match first: an exact title, then full-text rank, then trigram similarity; then soonest. */
function relevanceOrder(q: string): SQL[] {
  return [
    desc(sql`(lower(${events.title}) = lower(${q}::text))`),
    desc(sql`ts_rank(${searchVector}, ${tsQuery(q)})`),
    desc(sql`word_similarity(lower(${q}::text), ${searchText})`),
    asc(events.dateTime),
    asc(events.id),
  ];
}

/** Mirrors the domain's isBusinessListing: food and ongoing-business listings show 'Visit Now', not a price. */
const isBusinessListingSql = sql`(coalesce(${events.category}, '') in ('food', 'ongoing-business') or ${events.businessType} in ('restaurant', 'business_listing'))`;

/**
 * Mirrors the domain's allInPrice: what a buyer pays per ticket, the price the cards show (D21), for
 * filters and sorting. The fee is inlined (not a parameter) so the expression index of migration 0012
 * (events_all_in_price_idx, which must change with BOOKING_FEE_PENCE) can serve it.
 */
const allInPriceSql = sql`(${events.pricePence} + case when ${events.pricePence} > 0 and not ${events.absorbsBookingFee} then ${sql.raw(String(Number(BOOKING_FEE_PENCE)))} else 0 end)`;

function priceCondition(band: EventListQuery["price"]): SQL | undefined {
  if (!band) return undefined;
  const range = PRICE_BANDS.find((b) => b.value === band)!;
  return and(sql`not ${isBusinessListingSql}`, gte(allInPriceSql, range.min), range.max === null ? undefined : lte(allInPriceSql, range.max));
}

function orderFor(sort: EventSort, q: string | undefined): SQL[] {
  switch (sort) {
    case "relevance":
      return q ? relevanceOrder(q) : orderFor("date", q);
    case "price-low":
      return [asc(allInPriceSql), asc(events.dateTime), asc(events.id)];
    case "price-high":
      return [desc(allInPriceSql), asc(events.dateTime), asc(events.id)];
    case "title":
      return [asc(sql`lower(${events.title})`), asc(events.id)];
    default:
      return [asc(events.dateTime), asc(events.id)];
  }
}

/** A prepared statement's name for a query's text: the same shape of query gets the same statement. */
function statementName(prefix: string, query: { toSQL(): { sql: string } }): string {
  return `${prefix}_${createHash("sha1").update(query.toSQL().sql).digest("hex").slice(0, 20)}`;
}

const soonestFirst = [asc(events.dateTime), asc(events.id)];

interface PageSpec {
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset?: number;
}

/**
 * A page of events as a CTE of (page_id, position): the filtered, ordered, limited ids. Joined to
 * profiles so the organiser filter can use them (a left join on its key, removed when unused).
 */
function pageCte<TName extends string>(db: Db, name: TName, { where, order, limit, offset = 0 }: PageSpec) {
  return db.$with(name).as(
    db
      .select({
        pageId: sql<string>`${events.id}`.as("page_id"),
        position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("position"),
      })
      .from(events)
      .leftJoin(profiles, eq(profiles.userId, events.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
}

/**
 * Places taken on the events of a page CTE: one grouped aggregate (placesTakenByEvent), no per-row
 * subquery. Materialised, so it runs once: on a table whose statistics are stale (a catalogue just
 * loaded) the planner could otherwise put the aggregate inside a nested loop and run it for every row.
 */
function takenCte(db: Db, page: ReturnType<typeof pageCte>) {
  return db
    .$with("taken", { eventId: sql<string>`event_id`.as("event_id"), taken: sql<number>`taken`.as("taken") })
    .as(sql`with held as materialized (${placesTakenByEvent(sql`select ${page.pageId} from ${page}`)}) select event_id, taken from held`);
}

export interface ListEventsParams {
  db: Db;
  query: EventListQuery;
  now?: Date;
}

/**
 * The /events list and GET /api/events in ONE statement: the matching set's figures (count, distinct
 * locations and categories), the page, and the places taken on the page's events only.
 */
export async function listEvents({ db, query, now = new Date() }: ListEventsParams): Promise<EventListResult> {
  const q = query.q || undefined;
  const conditions: (SQL | undefined)[] = [listedCondition(now)];
  if (q) conditions.push(searchCondition(q));
  if (query.category) conditions.push(eq(sql`lower(${events.category})`, query.category.toLowerCase()));
  conditions.push(priceCondition(query.price));
  if (query.organiser) conditions.push(eq(sql`lower(${profiles.username})`, query.organiser.toLowerCase()));
  const where = and(...conditions);

  const matched = db.$with("matched").as(
    db
      .select({
        locationKey: sql<string>`lower(${events.location})`.as("location_key"),
        categoryKey: sql<string | null>`lower(${events.category})`.as("category_key"),
      })
      .from(events)
      .leftJoin(profiles, eq(profiles.userId, events.userId))
      .where(where),
  );
  const stats = db.$with("stats").as(
    db
      .select({
        total: sql<number>`count(*)::int`.as("total"),
        locations: sql<number>`count(distinct ${matched.locationKey})::int`.as("locations"),
        categories: sql<number>`count(distinct ${matched.categoryKey})::int`.as("categories"),
      })
      .from(matched),
  );
  const page = pageCte(db, "page", {
    where,
    order: orderFor(effectiveSort(query.sort, q), q),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const taken = takenCte(db, page);
  const statement = db
    .with(matched, stats, page, taken)
    .select({ ...cardColumns, taken: sql<number>`coalesce(${taken.taken}, 0)`, total: stats.total, locations: stats.locations, categories: stats.categories })
    .from(stats)
    .leftJoin(page, sql`true`)
    .leftJoin(events, eq(events.id, page.pageId))
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .leftJoin(taken, eq(taken.eventId, events.id))
    .orderBy(asc(page.position));
  // Browsing (no search) is a handful of statement shapes run all the time: prepared, the server can
  // reuse their plan instead of planning this statement for each request. A search is planned for its
  // words, whose selectivity decides between its indexes.
  const rows = await (q ? statement : statement.prepare(statementName("list", statement))).execute();

  const figures = rows[0]!;
  return {
    events: rows.flatMap((row) => (row.id === null ? [] : [toSummary(row as SummaryRow)])),
    total: figures.total,
    page: query.page,
    pageSize: query.pageSize,
    stats: { events: figures.total, locations: figures.locations, categories: figures.categories },
  };
}

/** Cards of one page of events with their places taken, in one statement. */
async function pagedSummaries(db: Db, spec: PageSpec): Promise<EventSummary[]> {
  const page = pageCte(db, "page", spec);
  const taken = takenCte(db, page);
  const rows = await db
    .with(page, taken)
    .select({ ...cardColumns, taken: sql<number>`coalesce(${taken.taken}, 0)` })
    .from(page)
    .innerJoin(events, eq(events.id, page.pageId))
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .leftJoin(taken, eq(taken.eventId, events.id))
    .orderBy(asc(page.position));
  return rows.map(toSummary);
}

export interface HomeData {
  featured: EventSummary[];
  youMayAlsoLike: EventSummary[];
  similar: { category: string; title: string; events: EventSummary[] }[];
}

/** The Similar Events carousels on the home page (spec §2 Home, item 5). */
export const HOME_CATEGORY_CAROUSELS = [
  { category: "music", title: "Music" },
  { category: "food", title: "Food" },
  { category: "health", title: "Health" },
  { category: "entertainment", title: "Entertainment" },
  { category: "sports", title: "Sports" },
  { category: "comedy", title: "Comedy" },
] as const;

export async function getHomeData({ db, now = new Date() }: { db: Db; now?: Date }): Promise<HomeData> {
  const featured = pagedSummaries(db, { where: listedCondition(now), order: soonestFirst, limit: LIST_SIZES.featuredFetchLimit });
  const youMayAlsoLike = pagedSummaries(db, {
    where: and(eq(events.status, "active"), gte(events.dateTime, now)),
    order: soonestFirst,
    limit: LIST_SIZES.youMayAlsoLike,
  });
  const similar = HOME_CATEGORY_CAROUSELS.map(({ category }) =>
    pagedSummaries(db, {
      where: and(listedCondition(now), eq(sql`lower(${events.category})`, category)),
      order: soonestFirst,
      limit: LIST_SIZES.similarEvents,
    }),
  );
  const [featuredRows, likeRows, ...similarRows] = await Promise.all([featured, youMayAlsoLike, ...similar]);
  return {
    featured: featuredRows,
    youMayAlsoLike: likeRows,
    similar: HOME_CATEGORY_CAROUSELS.map((carousel, i) => ({ ...carousel, events: similarRows[i]! })),
  };
}

/** Any event by id, whatever its status or date; a malformed id is simply not found. */
export async function getEvent({ db, id }: { db: Db; id: string }): Promise<EventDetail> {
  if (!EventId.safeParse(id).success) throw new AppError("EVENT_NOT_FOUND", "Event not found");
  const [row] = await db
    .select({ ...cardColumns, taken: placesTaken(events.id), videoUrl: events.videoUrl, createdAt: events.createdAt })
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .where(eq(events.id, id))
    .limit(1);
  if (!row) throw new AppError("EVENT_NOT_FOUND", "Event not found");
  return { ...toSummary(row), videoUrl: row.videoUrl, createdAt: new Date(row.createdAt).toISOString() };
}

/** Events by id, in the order asked, whatever their status (a cart may hold one that has since closed). */
export async function getEventsByIds({ db, ids }: { db: Db; ids: readonly string[] }): Promise<EventSummary[]> {
  const valid = ids.filter((id) => EventId.safeParse(id).success);
  if (valid.length === 0) return [];
  const rows = await pagedSummaries(db, { where: inArray(events.id, valid), order: [asc(events.id)], limit: valid.length });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return valid.flatMap((id) => byId.get(id) ?? []);
}

/** Listed events of the same category, excluding the current one (spec §7 Similar events). */
export async function getSimilarEvents({
  db,
  event,
  now = new Date(),
}: {
  db: Db;
  event: { id: string; category: string | null };
  now?: Date;
}): Promise<EventSummary[]> {
  if (!event.category) return [];
  return pagedSummaries(db, {
    where: and(listedCondition(now), eq(sql`lower(${events.category})`, event.category.toLowerCase()), ne(events.id, event.id)),
    order: soonestFirst,
    limit: LIST_SIZES.similarEvents,
  });
}

/** GET /api/events/:id/similar: 404 for an unknown event, else its category's other listed events. */
export async function getSimilarEventsOf({ db, id }: { db: Db; id: string }): Promise<{ events: EventSummary[] }> {
  const event = await getEvent({ db, id });
  return { events: await getSimilarEvents({ db, event }) };
}

export async function getCategoryCounts({ db, now = new Date() }: { db: Db; now?: Date }): Promise<CategoryCount[]> {
  const rows = await db
    .select({ category: sql<string>`lower(${events.category})`, count: sql<number>`count(*)::int` })
    .from(events)
    .where(and(listedCondition(now), sql`${events.category} is not null`))
    .groupBy(sql`lower(${events.category})`)
    .orderBy(desc(sql`count(*)`), asc(sql`lower(${events.category})`));
  return rows;
}

/** Active, listed events of one organiser, soonest first. */
export async function getOrganiserEvents({
  db,
  userId,
  limit,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  limit: number;
  now?: Date;
}): Promise<{ events: EventSummary[]; total: number }> {
  const where = and(listedCondition(now), eq(events.userId, userId));
  const [rows, [count]] = await Promise.all([
    pagedSummaries(db, { where, order: soonestFirst, limit }),
    db.select({ n: sql<number>`count(*)::int` }).from(events).where(where),
  ]);
  return { events: rows, total: count!.n };
}

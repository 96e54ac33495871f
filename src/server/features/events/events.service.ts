import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import {
  AppError,
  allInPricePence,
  CODE_MESSAGES,
  codeAppliesToType,
  codeEffectText,
  codeState,
  codeStateMessage,
  unusedReservation,
  normaliseCode,
  type CodeEffect,
  EventId,
  effectiveSort,
  eventKind,
  sellerIdentity,
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
import { oncePerDb, rowsOf, type Db } from "../../db/client";
import { events, profiles } from "../../db/schema";
import { alwaysListedSql, businessListingSql, listedSql } from "../../../domain/events.sql";
import { allInPricePenceSql } from "../../../domain/money.sql";
import { publicMemoOf } from "../../lib/page-cache/invalidation";
import { placesTaken, placesTakenByEvent } from "./places";
import { codeUses, findEventCode } from "./code-uses";
import { publicQuestions } from "./ticket-questions";
import { ticketTypesWithTaken, ticketTypeViews } from "./ticket-types";
import { sellerDetailsColumns } from "./sellers";

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
  severalPrices: events.severalPrices,
  maxAttendees: events.maxAttendees,
  imageUrl: events.imageUrl,
  status: events.status,
  previousDateTime: events.previousDateTime,
  minAge: events.minAge,
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
  severalPrices: boolean;
  maxAttendees: number | null;
  imageUrl: string | null;
  status: string;
  previousDateTime: Date | null;
  minAge: number | null;
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
    allInPricePence: allInPricePence(row),
    severalPrices: row.severalPrices,
    maxAttendees: row.maxAttendees,
    remaining: remainingPlaces(row.maxAttendees, Number(row.taken)),
    imageUrl: row.imageUrl,
    status: row.status,
    previousDateTime: row.previousDateTime ? new Date(row.previousDateTime).toISOString() : null,
    minAge: row.minAge,
    organiser:
      row.organiserUsername || row.organiserDisplayName
        ? { username: row.organiserUsername, displayName: row.organiserDisplayName }
        : null,
  };
}

/** Listed whatever their date: restaurants and ongoing businesses (spec §4). */
const alwaysListed = alwaysListedSql(events);

/** Listed: active and upcoming, or a restaurant / ongoing business whatever its date (spec §4). */
export function listedCondition(now: Date | Placeholder): SQL {
  return listedSql(events, now);
}

/** Migration 0012's generated full-text document (not in the Drizzle schema, so plain selects never fetch it). */
const searchVector = sql`"events"."search_vector"`;

/** The search as typed (placeholder `q`): websearch_to_tsquery never fails on user syntax (quotes, or, -, & | ! : * ( )). */
const typedQuery = sql`websearch_to_tsquery('english', ${sql.placeholder("q")}::text)`;

/**
 * What a search finds (issue 21, decision 029): the words as typed, or every word partial or misspelt
 * (`jaz` finds Jazz, `brixtn` Brixton) through the vocabulary's similar words (placeholder `similar`,
 * from similarWordsQuery). One full-text query over the weighted title / venue+location / description
 * document, served by events' GIN index; the planner sees its terms, so it can tell a common search
 * (walk the soonest events) from a rare one (read the index).
 */
const searchQuery = sql`coalesce(${typedQuery} || ${sql.placeholder("similar")}::tsquery, ${typedQuery})`;
const searchCondition = sql`${searchVector} @@ ${searchQuery}`;
const exactTitle = sql`(lower(${events.title}) = lower(${sql.placeholder("q")}::text))`;

/** The words a search looks up in the vocabulary (partial words, typos); shorter ones would match nearly anything. */
function vocabularyWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].filter((word) => word.length >= 3).slice(0, 8);
}

/**
 * The full-text query of a search's words as the vocabulary knows them (migration 0015's
 * search_words_query), or null when a word is like none of them. Kept with the listing's figures
 * (public-memo.ts): the vocabulary grows only when an event is written, which drops what is kept, so a
 * search repeated between changes costs its one listing statement.
 */
async function similarWordsQuery(db: Db, words: string[]): Promise<string | null> {
  if (words.length === 0) return null;
  const memo = publicMemoOf(db);
  const key = `search-words:${JSON.stringify(words)}`;
  const kept = memo.peek<{ query: string | null }>(key);
  if (kept) return kept.query;
  const since = memo.generation;
  const [row] = rowsOf<{ query: string | null }>(await db.execute(sql`select search_words_query(array[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[])::text as query`));
  const query = row?.query || null;
  memo.keep(key, { query }, since);
  return query;
}

/**
 * How many matches a search ranks by relevance: the soonest this many, and any whose title is the search
 * exactly (about 20 pages). Relevance over every match would read every match, and a common word matches
 * a large share of a national catalogue; later matches follow, soonest first.
 */
export const SEARCH_RANKED_MATCHES = 500;

/**
 * A search's page by relevance, as pageCte's (page_id, position): the ranked matches (exact title first,
 * then the rank of the words as typed, then the rank with similar words, then soonest), then the later
 * matches soonest first. The soonest are walked on the date index from now (and the always-listed past
 * ones), so a common word reads about SEARCH_RANKED_MATCHES events rather than all that match.
 */
function relevancePageCte(db: Db, where: SQL) {
  const window = sql.raw(String(SEARCH_RANKED_MATCHES));
  const offset = sql`${sql.placeholder("offset")}::int`;
  const limit = sql`${sql.placeholder("limit")}::int`;
  const now = sql.placeholder("now");
  const matching = (also: SQL) =>
    sql`select ${events.id} as id, ${events.dateTime} as date_time from ${events} left join ${profiles} on ${profiles.userId} = ${events.userId} where ${where} and ${also}`;
  const soonestFirst = sql`order by ${events.dateTime}, ${events.id}`;
  const order = sql`part, exact desc, typed_rank desc, rank desc, date_time, id`;
  return db.$with("page", { pageId: sql<string>`page_id`.as("page_id"), position: sql<number>`position`.as("position") }).as(sql`
    with soonest as (
      (${matching(sql`${events.dateTime} >= ${now}`)} ${soonestFirst} limit ${window})
      union all
      (${matching(sql`${events.dateTime} < ${now} and ${alwaysListed}`)} ${soonestFirst} limit ${window})
      order by date_time, id limit ${window}
    ),
    exact as (${matching(exactTitle)}),
    ranked_ids as (select id from soonest union select id from exact),
    ranked as (
      select ${events.id} as id, 0 as part, ${exactTitle} as exact, ts_rank(${searchVector}, ${typedQuery}) as typed_rank,
             ts_rank(${searchVector}, ${searchQuery}) as rank, ${events.dateTime} as date_time
      from ${events} where ${events.id} in (select id from ranked_ids)
      union all
      select id, 1, false, 0, 0, date_time from (
        ${matching(sql`true`)} ${soonestFirst}
        offset ${window} limit greatest(${offset} + ${limit} - ${window}, 0) + (select count(*) from exact)
      ) later where id not in (select id from ranked_ids)
    )
    select id as page_id, row_number() over (order by ${order}) as position from ranked order by ${order} limit ${limit} offset ${offset}`);
}

/** Food and ongoing-business listings show 'Visit Now', not a price. */
const isBusinessListingSql = businessListingSql(events);

/** What a buyer pays per ticket, the price the cards show (D21), for filters and sorting. */
const allInPriceSql = allInPricePenceSql(events);

function priceCondition(band: EventListQuery["price"]): SQL | undefined {
  if (!band) return undefined;
  const range = PRICE_BANDS.find((b) => b.value === band)!;
  return and(sql`not ${isBusinessListingSql}`, gte(allInPriceSql, range.min), range.max === null ? undefined : lte(allInPriceSql, range.max));
}

/** A chosen sort's order; relevance (a search's default) is relevancePageCte's, and without a search it is soonest first. */
function orderFor(sort: EventSort): SQL[] {
  switch (sort) {
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
  limit: number | Placeholder;
  offset?: number | Placeholder;
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

/** What decides the text of the listing's statement (the values are its placeholders). */
interface ListingShape {
  searching: boolean;
  category: boolean;
  price: EventListQuery["price"];
  organiser: boolean;
  sort: EventSort;
  /** Whether the statement also works out the matching set's figures (not kept for this filter yet). */
  figures: boolean;
}

interface ListingFigures {
  total: number;
  locations: number;
  categories: number;
}

/**
 * The /events list and GET /api/events in ONE statement: the page and the places taken on the page's
 * events only, with the matching set's figures (count, distinct locations and categories) when they are
 * not kept. Its values are placeholders, so each shape is built once (Drizzle's building of it cost more
 * than running it).
 */
function listingStatement(db: Db, shape: ListingShape) {
  const { searching } = shape;
  const where = and(
    listedCondition(sql.placeholder("now")),
    searching ? searchCondition : undefined,
    shape.category ? eq(sql`lower(${events.category})`, sql.placeholder("category")) : undefined,
    priceCondition(shape.price),
    shape.organiser ? eq(sql`lower(${profiles.username})`, sql.placeholder("organiser")) : undefined,
  );
  const page =
    searching && shape.sort === "relevance"
      ? relevancePageCte(db, where!)
      : pageCte(db, "page", { where, order: orderFor(shape.sort), limit: sql.placeholder("limit"), offset: sql.placeholder("offset") });
  const taken = takenCte(db, page);
  const card = { ...cardColumns, taken: sql<number>`coalesce(${taken.taken}, 0)` };
  // Browsing (no search) is named, so the server can reuse its plan instead of planning it for each
  // request; a search stays unnamed and is planned for its words, whose selectivity picks the index.
  const name = (statement: { toSQL(): { sql: string } }) => (searching ? "" : statementName("list", statement));
  if (!shape.figures) {
    const statement = db
      .with(page, taken)
      .select({ ...card, total: sql<number | null>`null::int`, locations: sql<number | null>`null::int`, categories: sql<number | null>`null::int` })
      .from(page)
      .innerJoin(events, eq(events.id, page.pageId))
      .leftJoin(profiles, eq(profiles.userId, events.userId))
      .leftJoin(taken, eq(taken.eventId, events.id))
      .orderBy(asc(page.position));
    return statement.prepare(name(statement));
  }
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
  // From the figures, so that an empty page still answers its one row of them.
  const statement = db
    .with(matched, stats, page, taken)
    .select({ ...card, total: sql<number | null>`${stats.total}`, locations: sql<number | null>`${stats.locations}`, categories: sql<number | null>`${stats.categories}` })
    .from(stats)
    .leftJoin(page, sql`true`)
    .leftJoin(events, eq(events.id, page.pageId))
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .leftJoin(taken, eq(taken.eventId, events.id))
    .orderBy(asc(page.position));
  return statement.prepare(name(statement));
}

/**
 * spec §2 Events (`/events`, GET /api/events): one page of the listed events that match, with the
 * matching set's figures. The figures are the same for every page and sort of a filter and cost more
 * than the page (they count the whole matching set), so they are kept per filter like the public pages
 * (public-memo.ts: dropped by any change to which events are listed, on every node) and worked out only
 * when not kept.
 */
export async function listEvents({ db, query, now = new Date() }: ListEventsParams): Promise<EventListResult> {
  const q = query.q || undefined;
  const similar = q ? await similarWordsQuery(db, vocabularyWords(q)) : null;
  const filter = { q, category: query.category?.toLowerCase(), price: query.price, organiser: query.organiser?.toLowerCase() };
  const memo = publicMemoOf(db);
  const figuresKey = `listing-figures:${JSON.stringify(filter)}`;
  const since = memo.generation;
  const kept = memo.peek<ListingFigures>(figuresKey);
  const shape: ListingShape = {
    searching: Boolean(q),
    category: Boolean(filter.category),
    price: filter.price,
    organiser: Boolean(filter.organiser),
    sort: effectiveSort(query.sort, q),
    figures: !kept,
  };
  const statement = oncePerDb(db, `listing:${JSON.stringify(shape)}`, () => listingStatement(db, shape));

  const rows = await statement.execute({
    now,
    q,
    similar,
    category: filter.category,
    organiser: filter.organiser,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  let figures = kept;
  if (!figures) {
    const first = rows[0]!;
    figures = { total: first.total!, locations: first.locations!, categories: first.categories! };
    memo.keep(figuresKey, figures, since);
  }
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

/**
 * Any event by id, whatever its status or date; a malformed id is simply not found. With a buyer's `code`
 * (issue 37), how it stands for this event and, when it can be used, the hidden types it unlocks and every
 * price with it (all-in, D21): the prices checkout will charge.
 */
export async function getEvent({ db, id, code: text }: { db: Db; id: string; code?: string }): Promise<EventDetail> {
  if (!EventId.safeParse(id).success) throw new AppError("EVENT_NOT_FOUND", "Event not found");
  const [row] = await db
    .select({ ...cardColumns, organiserId: events.userId, taken: placesTaken(events.id), videoUrl: events.videoUrl, createdAt: events.createdAt, sellerDetails: sellerDetailsColumns, questions: events.questions, waitingListEnabled: events.waitingListEnabled })
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .where(eq(events.id, id))
    .limit(1);
  if (!row) throw new AppError("EVENT_NOT_FOUND", "Event not found");
  const paid = eventKind(row) === "paid";
  const seller = paid ? sellerIdentity(row.sellerDetails) : null;
  const { byEvent, taken } = await ticketTypesWithTaken(db, [row.id]);
  const now = new Date();
  const code = text ? await codeStanding(db, { id: row.id, userId: row.organiserId }, text, now) : null;
  // The places the buyer's code keeps back are theirs (issue 37): shown as left to them, as checkout counts them.
  const kept = code?.kept ?? 0;
  const summary = toSummary({ ...row, taken: Number(row.taken) - kept });
  if (kept && code!.usable!.ticketTypeIds.length === 1) {
    const typeId = code!.usable!.ticketTypeIds[0]!;
    if (taken.has(typeId)) taken.set(typeId, taken.get(typeId)! - kept);
  }
  const ticketTypes = ticketTypeViews(row, byEvent.get(row.id) ?? [], taken, summary.remaining, now, code?.usable ?? null);
  if (code?.usable && !(byEvent.get(row.id) ?? []).some((type) => codeAppliesToType(code.usable!, type))) code.view.message = CODE_MESSAGES.notForTheseTickets;
  const questions = publicQuestions(row.questions, ticketTypes.map((type) => type.id));
  return {
    ...summary,
    ticketTypes,
    questions,
    videoUrl: row.videoUrl,
    createdAt: new Date(row.createdAt).toISOString(),
    seller,
    awaitingSellerDetails: paid && !seller,
    waitingList: { enabled: row.waitingListEnabled },
    ...(code ? { code: code.view } : {}),
  };
}

/** A buyer's code as the event page shows it (issue 37): its state now (uses counted as checkout counts them), and its rules when it can be used. */
async function codeStanding(db: Db, event: { id: string; userId: string }, text: string, now: Date) {
  const found = await findEventCode(db, event, text);
  if (!found) return { usable: null, view: { code: normaliseCode(text), state: "not-found" as const, message: CODE_MESSAGES.notFound(text), effectText: null } };
  const uses = (await codeUses(db, [found.id])).get(found.id)!;
  const state = codeState(found, uses.held + uses.confirmed, now);
  const rules = { effect: found.effect as CodeEffect, value: found.value, ticketTypeIds: found.ticketTypeIds };
  return {
    usable: state === "ok" ? rules : null,
    kept: state === "ok" ? unusedReservation(found, uses.held + uses.confirmed, now) : 0,
    view: { code: found.code, state, message: state === "ok" ? null : codeStateMessage(state), effectText: codeEffectText(rules) } as NonNullable<EventDetail["code"]>,
  };
}

/**
 * Events by id, in the order asked, whatever their status (a cart may hold one that has since closed),
 * each with the types a buyer sees (the cart holds a line per type: issue 36) and the questions asked on
 * them, as the event page shows them (the cart asks them per ticket).
 */
export async function getEventsByIds({ db, ids }: { db: Db; ids: readonly string[] }): Promise<(EventSummary & Pick<EventDetail, "ticketTypes" | "questions">)[]> {
  const valid = [...new Set(ids.filter((id) => EventId.safeParse(id).success))];
  if (valid.length === 0) return [];
  const [rows, asked] = await Promise.all([
    pagedSummaries(db, { where: inArray(events.id, valid), order: [asc(events.id)], limit: valid.length }),
    db.select({ id: events.id, questions: events.questions }).from(events).where(inArray(events.id, valid)),
  ]);
  const { byEvent, taken } = await ticketTypesWithTaken(db, rows.map((row) => row.id));
  const now = new Date();
  const questionsOf = new Map(asked.map((row) => [row.id, row.questions]));
  const byId = new Map(
    rows.map((row) => {
      const ticketTypes = ticketTypeViews(row, byEvent.get(row.id) ?? [], taken, row.remaining, now);
      return [row.id, { ...row, ticketTypes, questions: publicQuestions(questionsOf.get(row.id) ?? [], ticketTypes.map((type) => type.id)) }];
    }),
  );
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

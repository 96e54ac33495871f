import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import {
  BOOKING_FEE_PENCE,
  AppError,
  EventId,
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
import { placesTaken } from "../checkout/capacity";

const summaryColumns = {
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
  taken: placesTaken(events.id),
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Mirrors the domain's isBusinessListing: food and ongoing-business listings show 'Visit Now', not a price. */
const isBusinessListingSql = sql`(coalesce(${events.category}, '') in ('food', 'ongoing-business') or ${events.businessType} in ('restaurant', 'business_listing'))`;

/** Mirrors the domain's allInPrice: what a buyer pays per ticket, the price the cards show (D21), for filters and sorting. */
const allInPriceSql = sql`(${events.pricePence} + case when ${events.pricePence} > 0 and not ${events.absorbsBookingFee} then ${BOOKING_FEE_PENCE} else 0 end)`;

function priceCondition(band: EventListQuery["price"]): SQL | undefined {
  if (!band) return undefined;
  const range = PRICE_BANDS.find((b) => b.value === band)!;
  return and(sql`not ${isBusinessListingSql}`, gte(allInPriceSql, range.min), range.max === null ? undefined : lte(allInPriceSql, range.max));
}

function orderFor(sort: EventListQuery["sort"]) {
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

export interface ListEventsParams {
  db: Db;
  query: EventListQuery;
  now?: Date;
}

export async function listEvents({ db, query, now = new Date() }: ListEventsParams): Promise<EventListResult> {
  const conditions: (SQL | undefined)[] = [listedCondition(now)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(events.title, pattern), ilike(events.description, pattern), ilike(events.location, pattern)));
  }
  if (query.category) conditions.push(eq(sql`lower(${events.category})`, query.category.toLowerCase()));
  conditions.push(priceCondition(query.price));
  if (query.organiser) conditions.push(eq(sql`lower(${profiles.username})`, query.organiser.toLowerCase()));
  const where = and(...conditions);

  const [rows, [stats]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(events)
      .leftJoin(profiles, eq(profiles.userId, events.userId))
      .where(where)
      .orderBy(...orderFor(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        events: sql<number>`count(*)::int`,
        locations: sql<number>`count(distinct lower(${events.location}))::int`,
        categories: sql<number>`count(distinct lower(${events.category}))::int`,
      })
      .from(events)
      .leftJoin(profiles, eq(profiles.userId, events.userId))
      .where(where),
  ]);

  return {
    events: rows.map(toSummary),
    total: stats!.events,
    page: query.page,
    pageSize: query.pageSize,
    stats: { events: stats!.events, locations: stats!.locations, categories: stats!.categories },
  };
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

function selectSummaries(db: Db) {
  return db.select(summaryColumns).from(events).leftJoin(profiles, eq(profiles.userId, events.userId));
}

export async function getHomeData({ db, now = new Date() }: { db: Db; now?: Date }): Promise<HomeData> {
  const featured = selectSummaries(db)
    .where(listedCondition(now))
    .orderBy(asc(events.dateTime), asc(events.id))
    .limit(LIST_SIZES.featuredFetchLimit);
  const youMayAlsoLike = selectSummaries(db)
    .where(and(eq(events.status, "active"), gte(events.dateTime, now)))
    .orderBy(asc(events.dateTime), asc(events.id))
    .limit(LIST_SIZES.youMayAlsoLike);
  const similar = HOME_CATEGORY_CAROUSELS.map(({ category }) =>
    selectSummaries(db)
      .where(and(listedCondition(now), eq(sql`lower(${events.category})`, category)))
      .orderBy(asc(events.dateTime), asc(events.id))
      .limit(LIST_SIZES.similarEvents),
  );
  const [featuredRows, likeRows, ...similarRows] = await Promise.all([featured, youMayAlsoLike, ...similar]);
  return {
    featured: featuredRows.map(toSummary),
    youMayAlsoLike: likeRows.map(toSummary),
    similar: HOME_CATEGORY_CAROUSELS.map((carousel, i) => ({
      ...carousel,
      events: similarRows[i]!.map(toSummary),
    })),
  };
}

/** Any event by id, whatever its status or date; a malformed id is simply not found. */
export async function getEvent({ db, id }: { db: Db; id: string }): Promise<EventDetail> {
  if (!EventId.safeParse(id).success) throw new AppError("EVENT_NOT_FOUND", "Event not found");
  const [row] = await db
    .select({ ...summaryColumns, videoUrl: events.videoUrl, createdAt: events.createdAt })
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
  const rows = await selectSummaries(db).where(inArray(events.id, valid));
  const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
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
  const rows = await selectSummaries(db)
    .where(and(listedCondition(now), eq(sql`lower(${events.category})`, event.category.toLowerCase()), ne(events.id, event.id)))
    .orderBy(asc(events.dateTime), asc(events.id))
    .limit(LIST_SIZES.similarEvents);
  return rows.map(toSummary);
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
    selectSummaries(db).where(where).orderBy(asc(events.dateTime), asc(events.id)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(events).where(where),
  ]);
  return { events: rows.map(toSummary), total: count!.n };
}

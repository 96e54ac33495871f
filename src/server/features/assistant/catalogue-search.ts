import { and, asc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import { escapeLike } from "../../lib/like-pattern";
import { businessListingSql, listedSql } from "../../../domain/events.sql";
import { allInPricePenceSql } from "../../../domain/money.sql";
import type { QuestionIntent } from "./question-intent";

/** An event as the assistant mentions it. */
export interface MatchedEvent {
  id: string;
  title: string;
  dateTime: Date;
  venue: string | null;
  location: string;
  category: string | null;
  businessType: string;
  pricePence: number;
  severalPrices: boolean;
  absorbsBookingFee: boolean;
}

export type CatalogueFilters = Pick<QuestionIntent, "categories" | "places" | "window" | "price" | "keywords">;

/** Food and ongoing-business listings have no date or ticket price (spec §4 Listing visibility). */
const isBusinessListing = businessListingSql(events);

/** A price a visitor asks about is what they would pay (D21), so the filters compare the all-in price. */
const allInPrice = allInPricePenceSql(events);

function contains(text: string) {
  return `%${escapeLike(text)}%`;
}

function conditionsFor(filters: CatalogueFilters, now: Date): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (filters.window) {
    // A time window asks for dated events: listings without a date have no place in it.
    const start = filters.window.start < now ? now : filters.window.start;
    conditions.push(eq(events.status, "active"), gte(events.dateTime, start), lt(events.dateTime, filters.window.end), sql`not ${isBusinessListing}`);
  } else {
    // What the site lists (spec §4): upcoming events, and restaurants and ongoing businesses whatever their date.
    conditions.push(listedSql(events, now));
  }
  if (filters.categories.length) conditions.push(inArray(sql`lower(${events.category})`, filters.categories));
  if (filters.places.length) {
    conditions.push(or(...filters.places.map((place) => or(ilike(events.location, contains(place)), ilike(events.venue, contains(place))))));
  }
  if (filters.price?.kind === "free") conditions.push(eq(allInPrice, 0), sql`not ${isBusinessListing}`);
  if (filters.price?.kind === "max") conditions.push(lte(allInPrice, filters.price.maxPence), sql`not ${isBusinessListing}`);
  for (const keyword of filters.keywords) {
    const pattern = contains(keyword);
    conditions.push(or(ilike(events.title, pattern), ilike(events.description, pattern), ilike(events.venue, pattern), ilike(events.location, pattern), ilike(events.category, pattern)));
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Live, listed events matching the filters, soonest first, with how many match in all. */
export async function searchCatalogue({ db, filters, now, limit }: { db: Db; filters: CatalogueFilters; now: Date; limit: number }): Promise<{ events: MatchedEvent[]; total: number }> {
  const where = and(...conditionsFor(filters, now));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: events.id,
        title: events.title,
        dateTime: events.dateTime,
        venue: events.venue,
        location: events.location,
        category: events.category,
        businessType: events.businessType,
        pricePence: events.pricePence,
        severalPrices: events.severalPrices,
        absorbsBookingFee: events.absorbsBookingFee,
      })
      .from(events)
      .where(where)
      // Dated events first; listings without a date after them.
      .orderBy(asc(isBusinessListing), asc(events.dateTime), asc(events.id))
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(events).where(where),
  ]);
  return { events: rows, total: count!.n };
}

/**
 * Place names the listed catalogue knows: each venue, each location and each comma-separated part of
 * it ("Leicester Square, London" gives "Leicester Square" and "London").
 */
export async function knownPlaces({ db, now }: { db: Db; now: Date }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ location: events.location, venue: events.venue })
    .from(events)
    .where(listedSql(events, now))
    .limit(5000);
  const places = new Set<string>();
  for (const row of rows) {
    if (row.venue?.trim()) places.add(row.venue.trim());
    places.add(row.location.trim());
    for (const part of row.location.split(",")) if (part.trim()) places.add(part.trim());
  }
  return [...places];
}

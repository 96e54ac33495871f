import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { selectOverSamples } from "../../test/sql-samples";
import type { Database } from "../server/db/client";
import { events } from "../server/db/schema";
import { eventEndsAt } from "./event-timing";
import { isBusinessListing, isListed, managesEvent, sellsPaidTickets } from "./events";
import { businessListingSql, eventEndSql, listedSql, managesEventByColumnsSql, managesEventSql, paidEventSql } from "./events.sql";

/** Each rule's SQL form (events.sql.ts) answers as its TypeScript form does, row by row, in PostgreSQL. */

interface EventSample {
  status: string;
  category: string | null;
  businessType: string;
  dateTime: Date;
  endTime: Date | null;
  now: Date;
  organiser: string;
  actor: { userId: string; isAdmin: boolean };
  pricePence?: number;
  severalPrices?: boolean;
}

const COLUMNS = "status text, category text, business_type text, date_time timestamptz, end_time timestamptz, now timestamptz, user_id text, actor_user_id text, actor_is_admin boolean, price_pence integer, several_prices boolean";
const asRow = (sample: EventSample) => ({
  status: sample.status,
  category: sample.category,
  business_type: sample.businessType,
  date_time: sample.dateTime.toISOString(),
  end_time: sample.endTime?.toISOString() ?? null,
  now: sample.now.toISOString(),
  user_id: sample.organiser,
  actor_user_id: sample.actor.userId,
  actor_is_admin: sample.actor.isAdmin,
  price_pence: sample.pricePence ?? 0,
  several_prices: sample.severalPrices ?? false,
});

const MINUTE = 60_000;
/** The UK clock changes of 2026 (01:00 UTC on 29 March and 25 October) and an ordinary summer day. */
const DAYS = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 5, 1, 12)];
/** Half-hour steps around a day's base, so a start, an end and now often coincide exactly. */
const around = (base: number) => fc.integer({ min: -12, max: 12 }).map((halfHours) => new Date(base + halfHours * 30 * MINUTE));

const sampleArb: fc.Arbitrary<EventSample> = fc.constantFrom(...DAYS).chain((base) =>
  fc.record({
    status: fc.constantFrom("active", "cancelled", "draft"),
    category: fc.constantFrom(null, "music", "food", "ongoing-business", "other", "Food"),
    businessType: fc.constantFrom("event", "restaurant", "business_listing"),
    dateTime: around(base),
    endTime: fc.option(around(base), { nil: null }),
    now: around(base),
    organiser: fc.constantFrom("user-a", "user-b"),
    actor: fc.record({ userId: fc.constantFrom("user-a", "user-b", "user-c"), isAdmin: fc.boolean() }),
    pricePence: fc.constantFrom(0, 1, 1500),
    severalPrices: fc.boolean(),
  }),
);

/** The edges named by the rules: starting exactly now, an end equal to the start, no end time on the clock-change days. */
const EDGES: EventSample[] = DAYS.flatMap((base) => [
  { status: "active", category: "music", businessType: "event", dateTime: new Date(base), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-a", isAdmin: false } },
  { status: "active", category: "music", businessType: "event", dateTime: new Date(base - 1), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-b", isAdmin: false } },
  { status: "active", category: null, businessType: "event", dateTime: new Date(base - 30 * MINUTE), endTime: new Date(base - 30 * MINUTE), now: new Date(base), organiser: "user-b", actor: { userId: "user-a", isAdmin: true } },
  { status: "active", category: "ongoing-business", businessType: "event", dateTime: new Date(base - 86_400_000), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-a", isAdmin: false } },
  { status: "active", category: "food", businessType: "event", dateTime: new Date(base - 86_400_000), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-a", isAdmin: false } },
  { status: "active", category: "music", businessType: "business_listing", dateTime: new Date(base + MINUTE), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-a", isAdmin: false } },
  { status: "cancelled", category: null, businessType: "restaurant", dateTime: new Date(base + 86_400_000), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-a", isAdmin: false } },
  // Free and paid types (issue 36): a free lowest price with several prices is paid; free alone is not.
  { status: "active", category: "music", businessType: "event", dateTime: new Date(base), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-a", isAdmin: false }, pricePence: 0, severalPrices: true },
  { status: "active", category: "music", businessType: "event", dateTime: new Date(base), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-a", isAdmin: false }, pricePence: 0, severalPrices: false },
  { status: "active", category: "music", businessType: "event", dateTime: new Date(base), endTime: null, now: new Date(base), organiser: "user-a", actor: { userId: "user-a", isAdmin: false }, pricePence: 1, severalPrices: false },
]);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const actorColumns = { isAdmin: sql`${sql.identifier("events")}.actor_is_admin`, userId: sql`${sql.identifier("events")}.actor_user_id` };
const nowColumn = sql`${sql.identifier("events")}.now`;

/** Actors whose managesEventSql is built into the statement (a non-admin's id is a parameter), beside the per-row actor of managesEventByColumnsSql. */
const ACTORS = [
  { userId: "user-a", isAdmin: false },
  { userId: "user-b", isAdmin: false },
  { userId: "user-c", isAdmin: true },
];

/** Every rule of this file, for each sample, as SQL says and as TypeScript says. */
async function bothForms(samples: EventSample[]) {
  const rows = await selectOverSamples<{ listed: boolean; business: boolean; ends_at_ms: string; managed: boolean[]; managed_by_columns: boolean; paid: boolean }>(database.db, {
    table: "events",
    columns: COLUMNS,
    samples: samples.map(asRow),
    select: sql`(${listedSql(events, nowColumn)}) is true as listed,
      (${businessListingSql(events)}) is true as business,
      (extract(epoch from ${eventEndSql(events)}) * 1000)::bigint::text as ends_at_ms,
      array[${sql.join(ACTORS.map((actor) => sql`(${managesEventSql(actor, events.userId)}) is true`), sql`, `)}] as managed,
      (${managesEventByColumnsSql(events.userId, actorColumns)}) is true as managed_by_columns,
      (${paidEventSql(events)}) is true as paid`,
  });
  const sqlSays = rows.map((row) => ({ listed: row.listed, business: row.business, endsAt: Number(row.ends_at_ms), managed: row.managed, managedByColumns: row.managed_by_columns, paid: row.paid }));
  const typescriptSays = samples.map((sample) => ({
    listed: isListed(sample, sample.now),
    business: isBusinessListing(sample),
    endsAt: eventEndsAt(sample).getTime(),
    managed: ACTORS.map((actor) => managesEvent(actor, sample.organiser)),
    managedByColumns: managesEvent(sample.actor, sample.organiser),
    paid: sellsPaidTickets({ pricePence: sample.pricePence ?? 0, severalPrices: sample.severalPrices ?? false }),
  }));
  return { sqlSays, typescriptSays };
}

describe("the SQL forms of the event rules", () => {
  it("agree with isListed, isBusinessListing, eventEndsAt, managesEvent and sellsPaidTickets on the edges", async () => {
    const { sqlSays, typescriptSays } = await bothForms(EDGES);
    expect(sqlSays).toEqual(typescriptSays);
    // The edges mean what they say: an event starting this instant is listed, one a millisecond ago is not.
    expect(sqlSays.slice(0, 2).map((row) => row.listed)).toEqual([true, false]);
  });

  it("agree with them on any sample", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sampleArb, { minLength: 1, maxLength: 40 }), async (samples) => {
        const { sqlSays, typescriptSays } = await bothForms(samples);
        expect(sqlSays).toEqual(typescriptSays);
      }),
      { numRuns: 40 },
    );
  });
});

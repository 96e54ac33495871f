import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EventListQuery } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { createBooking, createEvent, createUser, futureDay, resetCatalogue, ticketTypeIdOf, type UserFixture } from "../../../../test/fixtures";
import { recordingDb } from "../../../../test/recording-db";
import { openPglite } from "../../db/client";
import { events, orderLines, orders } from "../../db/schema";
import { placesTaken } from "./places";
import { publicMemoOf, publicPagesChanged } from "../../lib/page-cache/invalidation";
import { getEvent, getEventsByIds, getHomeData, getOrganiserEvents, getSimilarEvents, listEvents, SEARCH_RANKED_MATCHES } from "./events.service";

const ctx = setUpTestApp();
let organiser: UserFixture;

let counting: ReturnType<typeof recordingDb>;
beforeAll(() => {
  counting = recordingDb(ctx.database.url!);
});
afterAll(async () => counting.pool.end());

beforeEach(async () => {
  await resetCatalogue(ctx.db);
  organiser = await createUser(ctx.db, { username: "Lister", displayName: "Lister" });
  counting.sent.length = 0;
});

/** A pending checkout holding `quantity` places on an event until `expiresAt`. */
async function hold(eventId: string, quantity: number, expiresAt: Date, status = "pending") {
  const [order] = await ctx.db
    .insert(orders)
    .values({
      sessionId: `cs_hold_${crypto.randomUUID()}`,
      status,
      provider: "local",
      attendeeName: "Holder",
      attendeeEmail: "holder@example.test",
      subtotalPence: 0,
      feesPence: 0,
      totalPence: 0,
      expiresAt,
    })
    .returning();
  await ctx.db.insert(orderLines).values({ orderId: order!.id, eventId, ticketTypeId: await ticketTypeIdOf(ctx.db, eventId), quantity, unitPricePence: 0, feePerTicketPence: 0, totalPence: 0 });
}

async function takenByRule(eventId: string): Promise<number> {
  const [row] = await ctx.db.select({ taken: placesTaken(events.id) }).from(events).where(eq(events.id, eventId));
  return Number(row!.taken);
}

describe("places taken on listings: the set-based form agrees with placesTaken", () => {
  it("counts confirmed tickets and unexpired pending holds, not expired holds, cancelled bookings or other events' places", async () => {
    const soon = new Date(Date.now() + 10 * 60_000);
    const gone = new Date(Date.now() - 60_000);
    const mixed = await createEvent(ctx.db, { userId: organiser.id, title: "Mixed", maxAttendees: 100, dateTime: futureDay(1), category: "music" });
    const heldOnly = await createEvent(ctx.db, { userId: organiser.id, title: "Held only", maxAttendees: 10, dateTime: futureDay(2), category: "music" });
    const expiredOnly = await createEvent(ctx.db, { userId: organiser.id, title: "Expired only", maxAttendees: 10, dateTime: futureDay(3), category: "music" });
    const untouched = await createEvent(ctx.db, { userId: organiser.id, title: "Untouched", maxAttendees: 7, dateTime: futureDay(4), category: "music" });
    await createBooking(ctx.db, { eventId: mixed.id, quantity: 3 });
    await createBooking(ctx.db, { eventId: mixed.id, quantity: 4 });
    await createBooking(ctx.db, { eventId: mixed.id, quantity: 20, status: "cancelled" });
    await hold(mixed.id, 5, soon);
    await hold(mixed.id, 11, gone);
    await hold(mixed.id, 13, soon, "expired");
    await hold(heldOnly.id, 6, soon);
    await hold(heldOnly.id, 2, soon);
    await hold(expiredOnly.id, 9, gone);

    const expected = {
      Mixed: 100 - (await takenByRule(mixed.id)),
      "Held only": 10 - (await takenByRule(heldOnly.id)),
      "Expired only": 10 - (await takenByRule(expiredOnly.id)),
      Untouched: 7 - (await takenByRule(untouched.id)),
    };
    expect(expected).toEqual({ Mixed: 88, "Held only": 2, "Expired only": 10, Untouched: 7 });

    const remainingOf = (list: { title: string; remaining: number | null }[]) => Object.fromEntries(list.map((e) => [e.title, e.remaining]));
    const listed = await listEvents({ db: ctx.db, query: EventListQuery.parse({}) });
    expect(remainingOf(listed.events)).toEqual(expected);
    expect(remainingOf((await getHomeData({ db: ctx.db })).featured)).toEqual(expected);
    expect(remainingOf(await getEventsByIds({ db: ctx.db, ids: [untouched.id, mixed.id, heldOnly.id, expiredOnly.id] }))).toEqual(expected);
    expect(remainingOf((await getOrganiserEvents({ db: ctx.db, userId: organiser.id, limit: 10 })).events)).toEqual(expected);
    const { Mixed: _mixed, ...others } = expected;
    expect(remainingOf(await getSimilarEvents({ db: ctx.db, event: mixed }))).toEqual(others);
    expect((await getEvent({ db: ctx.db, id: mixed.id })).remaining).toBe(88);
  });
});

describe("one round trip per request", () => {
  beforeEach(async () => {
    for (let i = 1; i <= 5; i++) {
      const created = await createEvent(ctx.db, { userId: organiser.id, title: `Jazz night ${i}`, maxAttendees: 10, dateTime: futureDay(i), location: `Town ${i}` });
      await createBooking(ctx.db, { eventId: created.id, quantity: i });
    }
    counting.sent.length = 0;
  });

  it.each([
    ["the plain listing", {}],
    ["a filtered, sorted page past the first", { category: "music", price: "free", sort: "price-low", page: "2", pageSize: "2" }],
    ["a page past the end", { page: "9" }],
  ])("lists %s in one statement", async (_name, raw) => {
    const result = await listEvents({ db: counting.db, query: EventListQuery.parse(raw) });
    expect(counting.sent).toHaveLength(1);
    expect(result.total).toBeGreaterThan(0);
  });

  it("looks a search's words up in the vocabulary once, then lists in one statement while they are kept", async () => {
    const memo = publicMemoOf(counting.db);
    memo.setOpen(true, 60_000);
    try {
      for (const raw of [{ q: "jaz" }, { q: "night", category: "music", price: "free", sort: "price-low", page: "2", pageSize: "2" }]) {
        counting.sent.length = 0;
        const first = await listEvents({ db: counting.db, query: EventListQuery.parse(raw) });
        expect(counting.sent.map((statement) => /search_words_query/.test(statement.text))).toEqual([true, false]);
        counting.sent.length = 0;
        expect(await listEvents({ db: counting.db, query: EventListQuery.parse({ ...raw, page: "1" }) })).toMatchObject({ total: first.total });
        expect(counting.sent).toHaveLength(1);
        expect(first.total).toBeGreaterThan(0);
      }
    } finally {
      memo.setOpen(false);
    }
  });

  it("still reports the figures of the whole match on a page past the end", async () => {
    const result = await listEvents({ db: counting.db, query: EventListQuery.parse({ page: "9" }) });
    expect(result).toMatchObject({ events: [], total: 5, stats: { events: 5, locations: 5, categories: 1 } });
  });
});

/** The plan of the statement listEvents sends, run with EXPLAIN on the same values. */
async function planOf(raw: Record<string, string>): Promise<string> {
  counting.sent.length = 0;
  await listEvents({ db: counting.db, query: EventListQuery.parse(raw) });
  const statement = counting.sent.at(-1); // after the vocabulary lookup of a search's words
  const { rows } = await counting.pool.query<{ "QUERY PLAN": string }>(`explain ${statement!.text}`, statement!.values);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe("search is served by its indexes on a catalogue of 12,000 events", () => {
  it("finds whole, partial and misspelt words with Bitmap Index Scans on the GIN indexes, never a scan of every event", async () => {
    // 12,000 ordinary events, and a few that the searches below are for (a search finds few of many).
    await ctx.db.execute(sql`
      insert into events (user_id, title, description, date_time, venue, location, category, price_pence, status, business_type)
      select ${organiser.id}, 'Gig number ' || n || (array[' rock', ' folk', ' indie', ' soul', ' pop'])[1 + n % 5],
             'An evening of live music, night ' || n, now() + (n || ' minutes')::interval,
             'Venue ' || n, (array['Leeds', 'Hull', 'Cardiff', 'Glasgow', 'York', 'Bristol'])[1 + n % 6],
             (array['music', 'comedy', 'sports'])[1 + n % 3], (n % 40) * 100, 'active', 'event'
      from generate_series(1, 12000) as n`);
    await ctx.db.execute(sql`
      insert into events (user_id, title, description, date_time, venue, location, category, status, business_type)
      select ${organiser.id}, (array['Jazz brunch ', 'Late show '])[1 + n % 2] || n, 'Live on stage', now() + (n || ' hours')::interval,
             'Academy ' || n, (array['Leeds', 'Brixton, London'])[1 + n % 2], 'music', 'active', 'event'
      from generate_series(1, 20) as n`);
    await ctx.db.execute(sql`analyze events`);

    const plans: Record<string, string> = {
      misspelt: await planOf({ q: "brixtn" }),
      partial: await planOf({ q: "jaz" }),
      whole: await planOf({ q: "jazz" }),
    };
    // A word most events have: the soonest are walked on the date index, not every match read and ranked.
    const common = await planOf({ q: "gig" });
    expect(common).toMatch(/Index Scan using events_status_date_idx on events/);
    if (process.env.PRINT_PLANS) console.log(Object.entries(plans).map(([name, plan]) => `-- ${name}\n${plan}`).join("\n\n"));
    // Rare words: read from the full-text index (a misspelt or partial word through its similar words).
    for (const plan of Object.values(plans)) expect(plan).toMatch(/Bitmap Index Scan on events_search_vector_idx/);
    for (const plan of Object.values(plans)) expect(plan).not.toMatch(/Seq Scan on events/);

    const found = await listEvents({ db: ctx.db, query: EventListQuery.parse({ q: "brixtn academy 11" }) });
    expect(found.events[0]).toMatchObject({ title: "Late show 11", venue: "Academy 11", location: "Brixton, London" });
    expect((await listEvents({ db: ctx.db, query: EventListQuery.parse({ q: "jaz" }) })).total).toBe(10);
  }, 120_000);
});

describe("search's vocabulary (migration 0015)", () => {
  it("learns the words of new and edited events, so their partial and misspelt words find them", async () => {
    const created = await createEvent(ctx.db, { userId: organiser.id, title: "Ceilidh", venue: "Drill Hall", location: "Lincoln", dateTime: futureDay(1) });
    const titles = async (q: string) => (await listEvents({ db: ctx.db, query: EventListQuery.parse({ q }) })).events.map((e) => e.title);
    expect(await titles("ceilid")).toEqual(["Ceilidh"]);
    expect(await titles("zydec")).toEqual([]);
    await ctx.db.update(events).set({ description: "Zydeco and cajun dancing" }).where(eq(events.id, created.id));
    publicPagesChanged(ctx.db); // as every edit of an event does after it commits
    expect(await titles("zydec")).toEqual(["Ceilidh"]);
    expect(await titles("zydec lincon")).toEqual(["Ceilidh"]);
    expect(await titles("zydec london")).toEqual([]);
  });
});

describe("a search ranks its soonest matches and any exact title, then lists the later ones soonest first", () => {
  it("pages through every match once: the exact title first, title matches above description matches", async () => {
    const later = SEARCH_RANKED_MATCHES + 150;
    await ctx.db.execute(sql`
      insert into events (user_id, title, description, date_time, location, category, status, business_type)
      select ${organiser.id}, 'Jazz night ' || n, 'Live music', now() + (n || ' hours')::interval, 'Leeds', 'music', 'active', 'event'
      from generate_series(1, ${later}) as n`);
    // Soonest of all, but the word only in its description; and the exact title, after every other match.
    await createEvent(ctx.db, { userId: organiser.id, title: "Quiet evening", description: "A little jazz", dateTime: new Date(Date.now() + 30 * 60_000) });
    await createEvent(ctx.db, { userId: organiser.id, title: "Jazz", dateTime: futureDay(later) });
    await createEvent(ctx.db, { userId: organiser.id, title: "Poetry", dateTime: futureDay(1) });

    const seen: { title: string; dateTime: string }[] = [];
    for (let page = 1; ; page++) {
      const result = await listEvents({ db: ctx.db, query: EventListQuery.parse({ q: "jazz", page: String(page), pageSize: "50" }) });
      expect(result.total).toBe(later + 2);
      if (result.events.length === 0) break;
      seen.push(...result.events);
    }
    const titles = seen.map((event) => event.title);
    expect(new Set(titles).size).toBe(later + 2);
    expect(titles[0]).toBe("Jazz");
    // The ranked ones: the title matches soonest first (equal rank), then the description match.
    const ranked = titles.slice(1, SEARCH_RANKED_MATCHES + 1);
    expect(ranked.slice(0, 3)).toEqual(["Jazz night 1", "Jazz night 2", "Jazz night 3"]);
    expect(ranked.at(-1)).toBe("Quiet evening");
    // Then the later matches, soonest first.
    const rest = seen.slice(SEARCH_RANKED_MATCHES + 1);
    expect(rest.map((event) => event.title)).toEqual(Array.from({ length: later - SEARCH_RANKED_MATCHES + 1 }, (_, i) => `Jazz night ${SEARCH_RANKED_MATCHES + i}`));
  }, 60_000);
});

describe("search on PGlite (the demo's database) with pg_trgm", () => {
  it("migrates, and finds partial and misspelt words there too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eventora-pglite-search-"));
    const database = await openPglite(dir);
    try {
      await database.migrate();
      const { id: userId } = await createUser(database.db, { username: "pglite_organiser" });
      await createEvent(database.db, { userId, title: "Late Jazz: The Blue Room Quartet", dateTime: futureDay(1), location: "Glasgow" });
      await createEvent(database.db, { userId, title: "Midnight Harbour", venue: "O2 Academy Brixton", location: "Brixton, London", dateTime: futureDay(2) });
      await createEvent(database.db, { userId, title: "Jazz", description: "Just jazz", dateTime: futureDay(3), maxAttendees: 5 });
      const titles = async (q: string) => (await listEvents({ db: database.db, query: EventListQuery.parse({ q }) })).events.map((e) => e.title);
      expect(await titles("jazz")).toEqual(["Jazz", "Late Jazz: The Blue Room Quartet"]);
      expect((await titles("jaz")).sort()).toEqual(["Jazz", "Late Jazz: The Blue Room Quartet"]);
      expect(await titles("brixtn")).toEqual(["Midnight Harbour"]);
      expect(await titles("glasgow quartet")).toEqual(["Late Jazz: The Blue Room Quartet"]);
      // The vocabulary follows an edit: a partial word of the new title finds it.
      await database.db.update(events).set({ title: "Zydeco Social" }).where(eq(events.title, "Midnight Harbour"));
      expect(await titles("zydec")).toEqual(["Zydeco Social"]);
      expect((await listEvents({ db: database.db, query: EventListQuery.parse({}) })).events.map((e) => e.remaining)).toEqual([null, null, 5]);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

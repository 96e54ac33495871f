import { beforeEach, describe, expect, it } from "vitest";
import { BOOKING_FEE_PENCE, type EventDetail, type EventListResult, type EventSummary } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import {
  FUTURE,
  PAST,
  createBooking,
  createEvent,
  createUser,
  futureDay,
  pastDay,
  resetCatalogue,
  type UserFixture,
} from "../../../../test/fixtures";

const ctx = setUpTestApp();
let organiser: UserFixture;

beforeEach(async () => {
  await resetCatalogue(ctx.db);
  organiser = await createUser(ctx.db, { username: "Promoter_One", displayName: "Promoter One" });
});

async function list(query = ""): Promise<EventListResult> {
  const response = await ctx.app.inject({ method: "GET", url: `/api/events${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventListResult>();
}

async function titles(query = ""): Promise<string[]> {
  return (await list(query)).events.map((e) => e.title);
}

function event(overrides: Omit<Parameters<typeof createEvent>[1], "userId"> & { userId?: string }) {
  return createEvent(ctx.db, { userId: organiser.id, ...overrides });
}

describe("GET /api/events: visibility (spec §4 Listing visibility)", () => {
  it("lists active upcoming events and hides past and non-active ones", async () => {
    await event({ title: "Upcoming gig", dateTime: FUTURE });
    await event({ title: "Last year's gig", dateTime: PAST });
    await event({ title: "Draft gig", dateTime: FUTURE, status: "draft" });
    await event({ title: "Cancelled gig", dateTime: FUTURE, status: "cancelled" });

    expect(await titles()).toEqual(["Upcoming gig"]);
  });

  it("lists restaurants and ongoing businesses even when their date has passed", async () => {
    await event({ title: "Old Bistro", dateTime: PAST, category: "food", businessType: "restaurant" });
    await event({ title: "Corner Shop", dateTime: PAST, category: "ongoing-business", businessType: "restaurant" });
    await event({ title: "Closed Bistro", dateTime: PAST, category: "food", businessType: "restaurant", status: "inactive" });

    expect((await titles()).sort()).toEqual(["Corner Shop", "Old Bistro"]);
  });

  it("shows the listing fields a card needs, with the organiser and dates as ISO strings", async () => {
    const created = await event({
      title: "Jazz Night",
      description: "Smooth tunes",
      dateTime: new Date("2090-07-01T18:30:00Z"),
      endTime: new Date("2090-07-01T22:00:00Z"),
      venue: "Ronnie's",
      location: "Soho, London",
      category: "music",
      pricePence: 1250,
      maxAttendees: null,
      imageUrl: "/media/jazz.webp",
    });

    const [summary] = (await list()).events;
    expect(summary).toEqual<EventSummary>({
      id: created.id,
      title: "Jazz Night",
      description: "Smooth tunes",
      dateTime: "2090-07-01T18:30:00.000Z",
      endTime: "2090-07-01T22:00:00.000Z",
      venue: "Ronnie's",
      location: "Soho, London",
      category: "music",
      businessType: "event",
      pricePence: 1250,
      absorbsBookingFee: false,
      allInPricePence: 1480,
      severalPrices: false,
      maxAttendees: null,
      remaining: null,
      imageUrl: "/media/jazz.webp",
      status: "active",
      previousDateTime: null,
      minAge: null,
      organiser: { username: "Promoter_One", displayName: "Promoter One" },
    });
  });

  it("gives no organiser when the owner has no profile", async () => {
    const anonymous = await createUser(ctx.db, { profile: null });
    await event({ userId: anonymous.id, title: "Mystery gig" });

    expect((await list()).events[0]!.organiser).toBeNull();
  });
});

describe("GET /api/events: search q (full text with ranking, and trigrams for partial and misspelt words)", () => {
  beforeEach(async () => {
    await event({ title: "Summer JAZZ Festival", description: "Outdoor music", location: "Leeds", dateTime: futureDay(1) });
    await event({ title: "Poetry evening", description: "Readings with a jazz trio", location: "Bristol", dateTime: futureDay(2) });
    await event({ title: "Comedy Club", description: "Stand-up", location: "Jazzbury Hall, York", dateTime: futureDay(3) });
    await event({ title: "Quiet night", description: "Nothing to see", location: "Hull", venue: "The Jazz Cellar", category: "techno", dateTime: futureDay(4) });
  });

  it("matches title, venue, location and description case-insensitively, best match first", async () => {
    // Title (weight A), then venue (B), then description (C); 'Jazzbury' only by trigram similarity.
    expect(await titles("?q=jazz")).toEqual(["Summer JAZZ Festival", "Quiet night", "Poetry evening", "Comedy Club"]);
    expect(await titles("?q=JAZZ")).toEqual(["Summer JAZZ Festival", "Quiet night", "Poetry evening", "Comedy Club"]);
    expect(await titles("?q=Cellar")).toEqual(["Quiet night"]);
    expect(await titles("?q=readings")).toEqual(["Poetry evening"]);
    expect(await titles("?q=hull")).toEqual(["Quiet night"]);
  });

  it("finds partial words and typos (jaz, brixtn) in every field", async () => {
    await event({ title: "Midnight Harbour: Live", venue: "O2 Academy Brixton", location: "Brixton, London", dateTime: futureDay(5) });
    await event({ title: "Open mic", description: "Every Thursday in brixton market", location: "London", dateTime: futureDay(6) });
    const jaz = await titles("?q=jaz");
    expect(jaz.slice(0, 1)).toEqual(["Summer JAZZ Festival"]);
    expect([...jaz].sort()).toEqual(["Comedy Club", "Poetry evening", "Quiet night", "Summer JAZZ Festival"]);
    expect((await titles("?q=brixtn")).sort()).toEqual(["Midnight Harbour: Live", "Open mic"]);
    expect(await titles("?q=brixtn%20academy")).toEqual(["Midnight Harbour: Live"]);
    expect(await titles("?q=festivl")).toEqual(["Summer JAZZ Festival"]);
  });

  it("stems English words (a plural finds the singular)", async () => {
    expect(await titles("?q=festivals")).toEqual(["Summer JAZZ Festival"]);
    expect(await titles("?q=reading")).toEqual(["Poetry evening"]);
  });

  it("ranks an exact title first, above titles that mention the words more often", async () => {
    await event({ title: "Jazz Jazz Jazz: Jazz Night", description: "jazz", dateTime: futureDay(0.5) });
    await event({ title: "Jazz", dateTime: futureDay(9) });
    expect((await titles("?q=jazz"))[0]).toBe("Jazz");
    expect((await titles("?q=%20JAZZ%20"))[0]).toBe("Jazz");
  });

  it("keeps a chosen sort when searching; relevance is only the default", async () => {
    expect(await titles("?q=jazz&sort=date")).toEqual(["Summer JAZZ Festival", "Poetry evening", "Comedy Club", "Quiet night"]);
    expect(await titles("?q=jazz&sort=title")).toEqual(["Comedy Club", "Poetry evening", "Quiet night", "Summer JAZZ Festival"]);
    expect(await titles("?sort=relevance")).toEqual(["Summer JAZZ Festival", "Poetry evening", "Comedy Club", "Quiet night"]);
  });

  it("does not match category or organiser fields", async () => {
    expect(await titles("?q=techno")).toEqual([]);
    expect(await titles("?q=Promoter")).toEqual([]);
    expect(await titles("?q=music")).toEqual(["Summer JAZZ Festival"]); // its description
  });

  it("ignores surrounding whitespace and treats an empty search as no search", async () => {
    expect(await titles("?q=%20%20york%20")).toEqual(["Comedy Club"]);
    expect(await list("?q=")).toMatchObject({ total: 4 });
    expect(await titles("?q=%20%20")).toEqual(["Summer JAZZ Festival", "Poetry evening", "Comedy Club", "Quiet night"]);
  });

  it("finds nothing for text that appears nowhere, and counts only what it finds", async () => {
    expect(await list("?q=zzzz-nothing")).toMatchObject({ events: [], total: 0, stats: { events: 0, locations: 0, categories: 0 } });
    expect(await list("?q=cellar")).toMatchObject({ total: 1, stats: { events: 1, locations: 1, categories: 1 } });
  });
});

describe("GET /api/events: search takes odd input as text", () => {
  beforeEach(async () => {
    await event({ title: "100% Disco", dateTime: futureDay(1) });
    await event({ title: "1000 Disco", dateTime: futureDay(2) });
    await event({ title: "snake_case meetup", dateTime: futureDay(3) });
    await event({ title: "snakeXcase meetup", dateTime: futureDay(4) });
    await event({ title: "Back\\slash night", dateTime: futureDay(5) });
  });

  it("reads % and _ as text, not wildcards: alone they match nothing, in words they rank the exact words first", async () => {
    expect(await titles("?q=%25")).toEqual([]);
    expect(await titles("?q=_")).toEqual([]);
    expect(await titles("?q=%25%25_%25")).toEqual([]);
    expect((await titles("?q=100%25"))[0]).toBe("100% Disco");
    expect((await titles("?q=snake_case"))[0]).toBe("snake_case meetup");
  });

  it("matches around a backslash", async () => {
    expect(await titles("?q=Back%5Cslash")).toEqual(["Back\\slash night"]);
  });

  it.each([
    ["quotes", `"disco' "`],
    ["tsquery operators", "disco & | ! : * ( ) <-> <2>"],
    ["a lone operator", "!"],
    ["unbalanced brackets", "((disco"],
    ["web search syntax", '-disco or "meetup'],
    ["SQL", "'; drop table events; --"],
    ["the longest search", `disco ${"x!%_'(".repeat(32)}`.slice(0, 200)],
    ["many short words", "a b c d e f g h i j k l m n o p q r s t u v w x y z ".repeat(7).slice(0, 200)],
    ["emoji and accents", "€🎵 café Zürich"],
  ])("answers 200 for %s", async (_name, q) => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/events?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("still finds the words around operators", async () => {
    expect((await titles(`?q=${encodeURIComponent("disco & | ! : * ( )")}`)).sort()).toEqual(["100% Disco", "1000 Disco"]);
  });
});

describe("GET /api/events: category", () => {
  it("filters by category case-insensitively, exactly", async () => {
    await event({ title: "Lower", category: "music", dateTime: futureDay(1) });
    await event({ title: "Upper", category: "Music", dateTime: futureDay(2) });
    await event({ title: "Musical theatre", category: "musicals", dateTime: futureDay(3) });
    await event({ title: "Comedy", category: "comedy", dateTime: futureDay(4) });

    expect(await titles("?category=MUSIC")).toEqual(["Lower", "Upper"]);
    expect(await titles("?category=comedy")).toEqual(["Comedy"]);
    expect(await titles("?category=sports")).toEqual([]);
  });
});

describe("GET /api/events: price bands (decisions D4) on the all-in price a buyer sees (D21)", () => {
  beforeEach(async () => {
    // Each `p{n}` costs the buyer n pence all in: a ticket price £2.30 lower, and the booking fee on top.
    const allInPrices = [0, 231, 2499, 2500, 5000, 5001, 10_000, 10_001];
    for (const [i, pence] of allInPrices.entries()) {
      await event({ title: `p${pence}`, pricePence: pence && pence - BOOKING_FEE_PENCE, dateTime: futureDay(i) });
    }
    // An organiser who absorbs the fee sells at the ticket price; one who does not, £2.30 above it.
    await event({ title: "absorbed 2499", pricePence: 2499, absorbsBookingFee: true, dateTime: futureDay(9) });
    await event({ title: "ticket 2400", pricePence: 2400, dateTime: futureDay(10) });
    await event({ title: "Free bistro", pricePence: 0, category: "food", businessType: "restaurant", dateTime: futureDay(20) });
    await event({ title: "Free shop", pricePence: 0, category: "ongoing-business", businessType: "restaurant", dateTime: futureDay(21) });
    await event({ title: "Free directory entry", pricePence: 0, category: "other", businessType: "business_listing", dateTime: futureDay(22) });
  });

  it("Free lists free events but not business listings", async () => {
    expect(await titles("?price=free")).toEqual(["p0"]);
  });

  it("Under £25 is 1p to £24.99", async () => {
    expect(await titles("?price=under-25")).toEqual(["p231", "p2499", "absorbed 2499"]);
  });

  it("£25-£50 is £25.00 to £50.00 inclusive", async () => {
    expect(await titles("?price=25-50")).toEqual(["p2500", "p5000", "ticket 2400"]);
  });

  it("£50-£100 is £50.01 to £100.00 inclusive", async () => {
    expect(await titles("?price=50-100")).toEqual(["p5001", "p10000"]);
  });

  it("Over £100 is £100.01 and up", async () => {
    expect(await titles("?price=over-100")).toEqual(["p10001"]);
  });

  it("All (no price) lists every listed event", async () => {
    expect(await list()).toMatchObject({ total: 13 });
  });
});

describe("GET /api/events: sort", () => {
  let ids: Record<string, string>;
  beforeEach(async () => {
    ids = {};
    const rows = [
      { title: "banana", pricePence: 2000, dateTime: futureDay(3) },
      { title: "Apple", pricePence: 500, dateTime: futureDay(2) },
      { title: "cherry", pricePence: 2000, dateTime: futureDay(1) },
      { title: "Date", pricePence: 0, dateTime: futureDay(4) },
    ];
    for (const row of rows) ids[row.title] = (await event(row)).id;
  });

  it("defaults to soonest first", async () => {
    expect(await titles()).toEqual(["cherry", "Apple", "banana", "Date"]);
    expect(await titles("?sort=date")).toEqual(["cherry", "Apple", "banana", "Date"]);
  });

  it("price-low: cheapest first, equal prices soonest first", async () => {
    expect(await titles("?sort=price-low")).toEqual(["Date", "Apple", "cherry", "banana"]);
  });

  it("price-high: dearest first, equal prices soonest first", async () => {
    expect(await titles("?sort=price-high")).toEqual(["cherry", "banana", "Apple", "Date"]);
  });

  it("title: alphabetical, ignoring case", async () => {
    expect(await titles("?sort=title")).toEqual(["Apple", "banana", "cherry", "Date"]);
  });

  it("breaks exact ties the same way every time", async () => {
    await resetCatalogue(ctx.db);
    organiser = await createUser(ctx.db, { username: "tie_breaker" });
    for (let i = 0; i < 6; i++) await event({ title: "Same", pricePence: 1000, dateTime: FUTURE });

    for (const sort of ["date", "price-low", "price-high", "title"]) {
      const first = (await list(`?sort=${sort}`)).events.map((e) => e.id);
      const second = (await list(`?sort=${sort}&pageSize=3&page=1`)).events.map((e) => e.id);
      const third = (await list(`?sort=${sort}&pageSize=3&page=2`)).events.map((e) => e.id);
      expect(first).toHaveLength(6);
      expect([...second, ...third]).toEqual(first);
    }
  });
});

describe("GET /api/events: paging", () => {
  beforeEach(async () => {
    for (let i = 1; i <= 7; i++) await event({ title: `Event ${i}`, dateTime: futureDay(i) });
  });

  it("returns the requested page with the total across all pages", async () => {
    expect(await list("?pageSize=3")).toMatchObject({ page: 1, pageSize: 3, total: 7 });
    expect(await titles("?pageSize=3")).toEqual(["Event 1", "Event 2", "Event 3"]);
    expect(await titles("?pageSize=3&page=2")).toEqual(["Event 4", "Event 5", "Event 6"]);
    expect(await titles("?pageSize=3&page=3")).toEqual(["Event 7"]);
  });

  it("answers a page past the end with no events but the real total", async () => {
    expect(await list("?pageSize=3&page=4")).toMatchObject({ events: [], total: 7, page: 4 });
  });

  it("defaults to 24 per page", async () => {
    for (let i = 8; i <= 30; i++) await event({ title: `Event ${i}`, dateTime: futureDay(i) });
    const result = await list();
    expect(result).toMatchObject({ page: 1, pageSize: 24, total: 30 });
    expect(result.events).toHaveLength(24);
  });
});

describe("GET /api/events: stats", () => {
  it("counts the matching events, distinct locations and categories (ignoring case)", async () => {
    await event({ location: "London", category: "music", dateTime: futureDay(1) });
    await event({ location: "london", category: "Music", dateTime: futureDay(2) });
    await event({ location: "Leeds", category: "comedy", dateTime: futureDay(3) });
    await event({ location: "Leeds", category: null, dateTime: futureDay(4) });
    await event({ location: "York", category: "sports", dateTime: PAST }); // not listed

    expect((await list()).stats).toEqual({ events: 4, locations: 2, categories: 2 });
  });

  it("reflects the filters, not the whole catalogue", async () => {
    await event({ location: "London", category: "music", pricePence: 0, dateTime: futureDay(1) });
    await event({ location: "Leeds", category: "comedy", pricePence: 1500, dateTime: futureDay(2) });

    expect(await list("?price=free")).toMatchObject({ total: 1, stats: { events: 1, locations: 1, categories: 1 } });
  });
});

describe("GET /api/events: remaining capacity (decisions D5)", () => {
  it("is max_attendees minus confirmed bookings only", async () => {
    const capped = await event({ title: "Capped", maxAttendees: 50, dateTime: futureDay(1) });
    await createBooking(ctx.db, { eventId: capped.id, quantity: 3 });
    await createBooking(ctx.db, { eventId: capped.id, quantity: 4 });
    await createBooking(ctx.db, { eventId: capped.id, quantity: 10, status: "cancelled" });
    await createBooking(ctx.db, { eventId: capped.id, quantity: 10, status: "pending" });

    const [summary] = (await list()).events;
    expect(summary).toMatchObject({ title: "Capped", maxAttendees: 50, remaining: 43 });
  });

  it("is the full capacity with no bookings, and zero (never negative) when oversold", async () => {
    await event({ title: "Empty", maxAttendees: 20, dateTime: futureDay(1) });
    const full = await event({ title: "Oversold", maxAttendees: 2, dateTime: futureDay(2) });
    await createBooking(ctx.db, { eventId: full.id, quantity: 3 });

    const events = (await list()).events;
    expect(events.map((e) => [e.title, e.remaining])).toEqual([
      ["Empty", 20],
      ["Oversold", 0],
    ]);
  });

  it("is null when capacity is unlimited", async () => {
    const open = await event({ title: "Open", maxAttendees: null });
    await createBooking(ctx.db, { eventId: open.id, quantity: 5 });

    expect((await list()).events[0]).toMatchObject({ maxAttendees: null, remaining: null });
  });

  it("counts only the event's own bookings", async () => {
    const a = await event({ title: "A", maxAttendees: 10, dateTime: futureDay(1) });
    await event({ title: "B", maxAttendees: 10, dateTime: futureDay(2) });
    await createBooking(ctx.db, { eventId: a.id, quantity: 4 });

    expect((await list()).events.map((e) => e.remaining)).toEqual([6, 10]);
  });
});

describe("GET /api/events: organiser", () => {
  it("lists only that organiser's events, matching the username case-insensitively", async () => {
    const other = await createUser(ctx.db, { username: "someone_else" });
    await event({ title: "Mine", dateTime: futureDay(1) });
    await event({ userId: other.id, title: "Theirs", dateTime: futureDay(2) });

    expect(await titles("?organiser=promoter_one")).toEqual(["Mine"]);
    expect(await titles("?organiser=SOMEONE_ELSE")).toEqual(["Theirs"]);
    expect(await list("?organiser=nobody")).toMatchObject({ events: [], total: 0 });
  });
});

describe("GET /api/events: bad query values", () => {
  it.each([
    ["price", "?price=bogus"],
    ["sort", "?sort=bogus"],
    ["page", "?page=0"],
    ["page", "?page=abc"],
    ["page", "?page=1.5"],
    ["pageSize", "?pageSize=500"],
    ["pageSize", "?pageSize=0"],
    ["q", `?q=${"x".repeat(201)}`],
    ["category", "?category=%3Cscript%3E"],
    ["organiser", `?organiser=${"a".repeat(41)}`],
    ["price", "?price=free&price=under-25"],
    ["q", "?q=jazz%00"],
  ])("answers 400 VALIDATION_FAILED naming %s for %s", async (field, query) => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/events${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toContain(`'${field}'`);
  });

  it.each([
    "?q=%27%3B%20drop%20table%20events%3B--",
    "?q=%E2%82%AC%F0%9F%8E%B5",
    "?category=",
    "?organiser=%27",
    "?q=%5C",
    "?page=10000&pageSize=50",
  ])("never answers 500, e.g. for %s", async (query) => {
    await event({ title: "Still here" });
    const response = await ctx.app.inject({ method: "GET", url: `/api/events${query}` });
    expect(response.statusCode).toBeLessThan(500);
    expect([200, 400]).toContain(response.statusCode);
  });
});

describe("GET /api/events/:id", () => {
  it("returns the event with its video and creation time", async () => {
    const created = await event({
      title: "Detail",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      maxAttendees: 10,
    });
    await createBooking(ctx.db, { eventId: created.id, quantity: 2 });

    const response = await ctx.app.inject({ method: "GET", url: `/api/events/${created.id}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json<EventDetail>();
    expect(detail).toMatchObject({
      id: created.id,
      title: "Detail",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      remaining: 8,
      createdAt: created.createdAt.toISOString(),
    });
  });

  it.each([
    ["past", { dateTime: PAST }],
    ["cancelled", { status: "cancelled" }],
    ["draft", { status: "draft" }],
  ])("returns a %s event too (any status or date)", async (_label, overrides) => {
    const created = await event({ title: "Unlisted", ...overrides });
    const response = await ctx.app.inject({ method: "GET", url: `/api/events/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, title: "Unlisted" });
  });

  it("answers 404 EVENT_NOT_FOUND for an unknown UUID", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/events/3f1c2b1e-9a4d-4c1b-8f55-1f0e2d3c4b5a" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "EVENT_NOT_FOUND", message: "Event not found" } });
  });

  it.each(["not-a-uuid", "123", "%27%20or%201%3D1", "3f1c2b1e-9a4d-4c1b-8f55-1f0e2d3c4b5"])(
    "answers 404 EVENT_NOT_FOUND for the malformed id %s",
    async (id) => {
      const response = await ctx.app.inject({ method: "GET", url: `/api/events/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "EVENT_NOT_FOUND" } });
    },
  );
});

describe("GET /api/events/:id/similar (spec §7 Similar events)", () => {
  it("lists other listed events of the same category, soonest first, at most 8", async () => {
    const current = await event({ title: "Current", category: "comedy", dateTime: futureDay(0) });
    for (let i = 1; i <= 9; i++) await event({ title: `Comedy ${i}`, category: i === 1 ? "Comedy" : "comedy", dateTime: futureDay(i) });
    await event({ title: "Past comedy", category: "comedy", dateTime: pastDay(1) });
    await event({ title: "Draft comedy", category: "comedy", status: "draft" });
    await event({ title: "Music", category: "music" });

    const response = await ctx.app.inject({ method: "GET", url: `/api/events/${current.id}/similar` });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ events: EventSummary[] }>().events.map((e) => e.title)).toEqual([
      "Comedy 1",
      "Comedy 2",
      "Comedy 3",
      "Comedy 4",
      "Comedy 5",
      "Comedy 6",
      "Comedy 7",
      "Comedy 8",
    ]);
  });

  it("includes restaurants of the same category whatever their date", async () => {
    const current = await event({ title: "Bistro", category: "food", businessType: "restaurant", dateTime: PAST });
    await event({ title: "Cafe", category: "food", businessType: "restaurant", dateTime: pastDay(1) });

    const response = await ctx.app.inject({ method: "GET", url: `/api/events/${current.id}/similar` });
    expect(response.json<{ events: EventSummary[] }>().events.map((e) => e.title)).toEqual(["Cafe"]);
  });

  it("is empty for an event without a category", async () => {
    const current = await event({ title: "Uncategorised", category: null });
    await event({ title: "Another uncategorised", category: null });

    const response = await ctx.app.inject({ method: "GET", url: `/api/events/${current.id}/similar` });
    expect(response.json()).toEqual({ events: [] });
  });

  it("answers 404 EVENT_NOT_FOUND for an unknown or malformed id", async () => {
    for (const id of ["3f1c2b1e-9a4d-4c1b-8f55-1f0e2d3c4b5a", "nope"]) {
      const response = await ctx.app.inject({ method: "GET", url: `/api/events/${id}/similar` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "EVENT_NOT_FOUND" } });
    }
  });
});

describe("GET /api/categories", () => {
  it("counts listed events per lower-cased category, most first", async () => {
    await event({ category: "Music", dateTime: futureDay(1) });
    await event({ category: "music", dateTime: futureDay(2) });
    await event({ category: "MUSIC", dateTime: futureDay(3) });
    await event({ category: "comedy", dateTime: futureDay(4) });
    await event({ category: "food", businessType: "restaurant", dateTime: PAST });
    await event({ category: "food", businessType: "restaurant", dateTime: PAST });
    await event({ category: "sports", dateTime: PAST }); // past: not listed
    await event({ category: "arts", status: "draft" }); // not active: not listed
    await event({ category: null }); // no category: not counted

    const response = await ctx.app.inject({ method: "GET", url: "/api/categories" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      categories: [
        { category: "music", count: 3 },
        { category: "food", count: 2 },
        { category: "comedy", count: 1 },
      ],
    });
  });

  it("is empty when nothing is listed", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/categories" });
    expect(response.json()).toEqual({ categories: [] });
  });
});

describe("GET /api/events: price bands agree with the cards (regressions)", () => {
  it("keeps business listings out of every price band, whatever their stored price", async () => {
    await event({ title: "Priced Bistro", category: "food", businessType: "restaurant", pricePence: 3000 });
    await event({ title: "Food-category event", category: "food", businessType: "event", pricePence: 0 });
    await event({ title: "Paid gig", category: "music", pricePence: 3000 });

    expect(await titles("?price=25-50")).toEqual(["Paid gig"]);
    expect(await titles("?price=free")).toEqual([]);
  });

  it("counts a free event with no category as free", async () => {
    await event({ title: "Uncategorised free talk", category: null, pricePence: 0 });
    expect(await titles("?price=free")).toEqual(["Uncategorised free talk"]);
  });

  it("rejects an organiser filter that is not a username with a 400, never a 500", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/events?organiser=%00" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("organiser");
  });

  it("answers a very long event id with 404, not Fastify's 414", async () => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/events/${"x".repeat(300)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("EVENT_NOT_FOUND");
  });
});

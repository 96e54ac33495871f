import { describe, expect, it } from "vitest";
import { EventId, EventListQuery } from "./event-shapes";
import {
  eventPlace,
  hasPlaceholderDate,
  venueRequired,
  venueShown,
  EVENT_CATEGORIES,
  LIST_SIZES,
  ONGOING_BUSINESS_DATE,
  PRICE_BANDS,
  SORT_OPTIONS,
  effectiveSort,
  availabilityText,
  businessTypeForCategory,
  cardPriceRule,
  categoryLabel,
  eventKind,
  isBusinessListing,
  isListed,
  priceBandOf,
  remainingPlaces,
  type VisibilityInput,
} from "./events";

const NOW = new Date("2026-03-15T12:00:00Z");
const LATER = "2026-03-15T12:00:01Z";
const EARLIER = "2026-03-15T11:59:59Z";

function listing(overrides: Partial<VisibilityInput>): VisibilityInput {
  return { status: "active", dateTime: LATER, category: "music", businessType: "event", ...overrides };
}

describe("isListed (spec §4 Listing visibility)", () => {
  it("lists an active, upcoming event", () => {
    expect(isListed(listing({}), NOW)).toBe(true);
  });

  it("lists an event starting exactly now", () => {
    expect(isListed(listing({ dateTime: NOW }), NOW)).toBe(true);
  });

  it("hides a past event", () => {
    expect(isListed(listing({ dateTime: EARLIER }), NOW)).toBe(false);
  });

  it.each(["draft", "cancelled", "inactive", "Active", ""])("hides an upcoming event with status %j", (status) => {
    expect(isListed(listing({ status }), NOW)).toBe(false);
  });

  it("lists a restaurant even when its date has passed", () => {
    expect(isListed(listing({ businessType: "restaurant", category: "food", dateTime: EARLIER }), NOW)).toBe(true);
  });

  it("lists an ongoing business even when its date has passed", () => {
    expect(isListed(listing({ category: "ongoing-business", dateTime: "2001-01-01T00:00:00Z" }), NOW)).toBe(true);
  });

  it("still hides a restaurant or ongoing business that is not active", () => {
    expect(isListed(listing({ businessType: "restaurant", status: "cancelled" }), NOW)).toBe(false);
    expect(isListed(listing({ category: "ongoing-business", status: "draft" }), NOW)).toBe(false);
  });
});

describe("eventKind and cardPriceRule (spec §2 Event card)", () => {
  it("a paid event shows the all-in £ price, the fee it includes and 'Buy Tickets' (D21)", () => {
    const event = { category: "music", businessType: "event", pricePence: 1250, severalPrices: false, absorbsBookingFee: false };
    expect(eventKind(event)).toBe("paid");
    expect(isBusinessListing(event)).toBe(false);
    expect(cardPriceRule(event)).toMatchObject({
      priceText: "£14.80",
      feeText: "incl. £2.30 booking & processing fee per ticket",
      buttonLabel: "Buy Tickets",
    });
  });

  it("a paid event whose organiser absorbs the fee shows the ticket price and 'No booking fee' (D22)", () => {
    expect(cardPriceRule({ category: "music", businessType: "event", pricePence: 3850, severalPrices: false, absorbsBookingFee: true })).toMatchObject({
      priceText: "£38.50",
      feeText: "No booking fee",
      buttonLabel: "Buy Tickets",
    });
  });

  it("a paid event with ticket types at several prices goes 'from' the lowest shown all-in price (issue 36)", () => {
    expect(cardPriceRule({ category: "music", businessType: "event", pricePence: 1000, absorbsBookingFee: false, severalPrices: true })).toMatchObject({
      priceText: "from £12.30",
      feeText: "incl. £2.30 booking & processing fee per ticket",
    });
    expect(cardPriceRule({ category: "music", businessType: "event", pricePence: 1000, absorbsBookingFee: false, severalPrices: false }).priceText).toBe("£12.30");
  });

  it("an event with a free type beside paid ones is paid, and goes 'from £0.00' with no fee named", () => {
    const event = { category: "music", businessType: "event", pricePence: 0, severalPrices: true, absorbsBookingFee: false };
    expect(eventKind(event)).toBe("paid");
    expect(cardPriceRule(event)).toEqual({ priceText: "from £0.00", feeText: null, feePence: 0, buttonLabel: "Buy Tickets" });
  });

  it("a free event shows 'Free' and 'View Details'", () => {
    const event = { category: "music", businessType: "event", pricePence: 0, severalPrices: false, absorbsBookingFee: false };
    expect(eventKind(event)).toBe("free");
    expect(isBusinessListing(event)).toBe(false);
    expect(cardPriceRule(event)).toMatchObject({ priceText: "Free", feeText: null, buttonLabel: "View Details" });
  });

  it("a food listing shows 'Visit Now' and 'View Business', even with a price", () => {
    const event = { category: "food", businessType: "restaurant", pricePence: 1500, severalPrices: false, absorbsBookingFee: false };
    expect(eventKind(event)).toBe("food");
    expect(isBusinessListing(event)).toBe(true);
    expect(cardPriceRule(event)).toEqual({ priceText: "Visit Now", feeText: null, buttonLabel: "View Business" });
  });

  it("an ongoing business shows 'Visit Now' and 'View Business'", () => {
    const event = { category: "ongoing-business", businessType: "restaurant", pricePence: 0, severalPrices: false, absorbsBookingFee: false };
    expect(eventKind(event)).toBe("ongoing-business");
    expect(isBusinessListing(event)).toBe(true);
    expect(cardPriceRule(event)).toEqual({ priceText: "Visit Now", feeText: null, buttonLabel: "View Business" });
  });

  it.each(["restaurant", "business_listing"])("treats business type %s as a business whatever the category", (businessType) => {
    const event = { category: "music", businessType, pricePence: 2000, severalPrices: false, absorbsBookingFee: false };
    expect(eventKind(event)).toBe("food");
    expect(cardPriceRule(event).buttonLabel).toBe("View Business");
  });

  it("treats a missing category and business type as an ordinary event", () => {
    expect(eventKind({ category: null, businessType: null, pricePence: 0, severalPrices: false })).toBe("free");
    expect(eventKind({ category: null, businessType: null, pricePence: 1, severalPrices: false })).toBe("paid");
  });
});

describe("price bands (decisions D4: six options, all applied)", () => {
  it("offers Free, Under £25, £25-£50, £50-£100 and Over £100 (All is no band)", () => {
    expect(PRICE_BANDS.map((b) => b.label)).toEqual(["Free", "Under £25", "£25-£50", "£50-£100", "Over £100"]);
  });

  it.each([
    [0, "free"],
    [1, "under-25"],
    [2499, "under-25"],
    [2500, "25-50"],
    [5000, "25-50"],
    [5001, "50-100"],
    [10_000, "50-100"],
    [10_001, "over-100"],
    [1_000_000, "over-100"],
  ] as const)("%i pence falls in band %s", (pence, band) => {
    expect(priceBandOf(pence)).toBe(band);
  });

  it("leaves no gap or overlap between bands", () => {
    for (let i = 1; i < PRICE_BANDS.length; i++) {
      expect(PRICE_BANDS[i]!.min).toBe(PRICE_BANDS[i - 1]!.max! + 1);
    }
    expect(PRICE_BANDS.at(-1)!.max).toBeNull();
  });
});

describe("sort options (spec §9)", () => {
  it("are relevance (a search's default), date (the default otherwise), price-low, price-high and title", () => {
    expect(SORT_OPTIONS.map((s) => s.value)).toEqual(["relevance", "date", "price-low", "price-high", "title"]);
  });

  it("defaults to relevance when searching and to date otherwise; a chosen sort stays", () => {
    expect(effectiveSort(undefined, "jazz")).toBe("relevance");
    expect(effectiveSort(undefined, undefined)).toBe("date");
    expect(effectiveSort("date", "jazz")).toBe("date");
    expect(effectiveSort("title", undefined)).toBe("title");
  });
});

describe("remainingPlaces and availabilityText (decisions D5, D9)", () => {
  it("is the capacity minus the tickets taken", () => {
    expect(remainingPlaces(100, 30)).toBe(70);
    expect(remainingPlaces(10, 0)).toBe(10);
  });

  it("is null (no count shown) when capacity is unlimited", () => {
    expect(remainingPlaces(null, 5)).toBeNull();
    expect(availabilityText(null)).toBeNull();
  });

  it("never goes below zero", () => {
    expect(remainingPlaces(10, 10)).toBe(0);
    expect(remainingPlaces(10, 12)).toBe(0);
  });

  it("says 'Sold out' at zero, 'Only N left' up to 20, and nothing above", () => {
    expect(availabilityText(0)).toBe("Sold out");
    expect(availabilityText(1)).toBe("Only 1 left");
    expect(availabilityText(20)).toBe("Only 20 left");
    expect(availabilityText(21)).toBeNull();
  });
});

describe("categories", () => {
  it("maps food and ongoing-business to restaurant listings, everything else to events (spec §4)", () => {
    expect(businessTypeForCategory("food")).toBe("restaurant");
    expect(businessTypeForCategory("ongoing-business")).toBe("restaurant");
    expect(businessTypeForCategory("music")).toBe("event");
    expect(businessTypeForCategory("other")).toBe("event");
  });

  it("offers food and ongoing-business among the categories", () => {
    const values = EVENT_CATEGORIES.map((c) => c.value);
    expect(values).toContain("food");
    expect(values).toContain("ongoing-business");
  });

  it("labels categories case-insensitively, capitalises unknown ones and falls back when missing", () => {
    expect(categoryLabel("MUSIC")).toBe("Music");
    expect(categoryLabel("food")).toBe("Food");
    expect(categoryLabel("ongoing-business")).toBe("Ongoing Business");
    expect(categoryLabel("yoga")).toBe("Yoga");
    expect(categoryLabel(null)).toBe("Event");
    expect(categoryLabel("", "General")).toBe("General");
  });

  it("fixes the ongoing-business date at 2030-12-31T23:59:00Z (spec §9)", () => {
    expect(ONGOING_BUSINESS_DATE.toISOString()).toBe("2030-12-31T23:59:00.000Z");
  });

  it("knows the placeholder date by the category or by the date itself (issue 17)", () => {
    expect(hasPlaceholderDate({ category: "ongoing-business", dateTime: "2030-12-31T23:59:00.000Z" })).toBe(true);
    expect(hasPlaceholderDate({ category: "ongoing-business", dateTime: null })).toBe(true);
    expect(hasPlaceholderDate({ dateTime: ONGOING_BUSINESS_DATE })).toBe(true);
    expect(hasPlaceholderDate({ category: "music", dateTime: "2030-12-31T19:30:00.000Z" })).toBe(false);
    expect(hasPlaceholderDate({ category: "food", dateTime: null })).toBe(false);
  });
});

describe("venue (issue 17)", () => {
  it("is required for events and optional for business listings", () => {
    expect(venueRequired("music")).toBe(true);
    expect(venueRequired("other")).toBe(true);
    expect(venueRequired("ongoing-business")).toBe(false);
    expect(venueRequired("food")).toBe(false);
  });

  it("shows 'Venue TBD' for an event without one, and nothing for a business listing without one", () => {
    expect(venueShown({ venue: " Ronnie's ", category: "music" })).toBe("Ronnie's");
    expect(venueShown({ venue: null, category: "music" })).toBe("Venue TBD");
    expect(venueShown({ venue: "", category: null })).toBe("Venue TBD");
    expect(venueShown({ venue: null, category: "ongoing-business" })).toBeNull();
    expect(venueShown({ venue: "Corner Café", category: "food" })).toBe("Corner Café");
  });

  it("writes the place as 'venue, location', or whichever is known", () => {
    expect(eventPlace({ venue: "The Deaf Institute", location: "Manchester" })).toBe("The Deaf Institute, Manchester");
    expect(eventPlace({ venue: null, location: "Manchester" })).toBe("Manchester");
    expect(eventPlace({ venue: " The Deaf Institute ", location: "  " })).toBe("The Deaf Institute");
    expect(eventPlace({ venue: undefined, location: null })).toBe("");
  });
});

describe("list sizes (spec §9)", () => {
  it("match the spec", () => {
    expect(LIST_SIZES).toMatchObject({
      featuredPerPage: 8,
      featuredFetchLimit: 50,
      similarEvents: 8,
      youMayAlsoLike: 12,
      eventsListSkeletons: 6,
      profileEvents: 6,
      recentSales: 10,
    });
  });
});

describe("EventListQuery (GET /api/events and the /events URL)", () => {
  it("defaults to date order, page 1 and 24 per page", () => {
    expect(EventListQuery.parse({})).toEqual({ page: 1, pageSize: 24 });
  });

  it("reads numbers from query-string text and trims the search", () => {
    expect(EventListQuery.parse({ q: "  jazz  ", page: "3", pageSize: "10", price: "25-50", sort: "title" })).toEqual({
      q: "jazz",
      page: 3,
      pageSize: 10,
      price: "25-50",
      sort: "title",
    });
  });

  it.each(["free", "under-25", "25-50", "50-100", "over-100"])("accepts price band %s", (price) => {
    expect(EventListQuery.safeParse({ price }).success).toBe(true);
  });

  it.each(["relevance", "date", "price-low", "price-high", "title"])("accepts sort %s", (sort) => {
    expect(EventListQuery.safeParse({ sort }).success).toBe(true);
  });

  it.each([
    ["price", { price: "bogus" }],
    ["price", { price: "all" }],
    ["sort", { sort: "bogus" }],
    ["page", { page: "0" }],
    ["page", { page: "-1" }],
    ["page", { page: "1.5" }],
    ["page", { page: "abc" }],
    ["pageSize", { pageSize: "0" }],
    ["pageSize", { pageSize: "51" }],
    ["pageSize", { pageSize: "500" }],
    ["q", { q: "x".repeat(201) }],
    ["q", { q: "jazz\u0000" }],
    ["category", { category: "<script>" }],
    ["category", { category: "music'; drop table events;--" }],
    ["category", { category: "a".repeat(51) }],
  ])("rejects a bad %s", (field, input) => {
    const result = EventListQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0])).toContain(field);
  });

  it("accepts a search of exactly 200 characters and the edges of page sizes", () => {
    expect(EventListQuery.safeParse({ q: "x".repeat(200) }).success).toBe(true);
    expect(EventListQuery.safeParse({ pageSize: "1" }).success).toBe(true);
    expect(EventListQuery.safeParse({ pageSize: "50" }).success).toBe(true);
  });

  it("accepts categories with spaces, & / and -", () => {
    expect(EventListQuery.parse({ category: "Food & Drink/Bars-Pubs" }).category).toBe("Food & Drink/Bars-Pubs");
  });

  it("explains a too-long search in words", () => {
    const result = EventListQuery.safeParse({ q: "x".repeat(201) });
    expect(result.error!.issues[0]!.message).toBe("Search text is too long (200 characters at most)");
  });
});

describe("EventId", () => {
  it("accepts a UUID and rejects anything else", () => {
    expect(EventId.safeParse("3f1c2b1e-9a4d-4c1b-8f55-1f0e2d3c4b5a").success).toBe(true);
    expect(EventId.safeParse("not-a-uuid").success).toBe(false);
    expect(EventId.safeParse("123").success).toBe(false);
    expect(EventId.safeParse("").success).toBe(false);
  });
});

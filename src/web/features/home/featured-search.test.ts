import { describe, expect, it } from "vitest";
import type { EventSummary } from "@domain";
import { filterFeaturedEvents, pageCount, visiblePages } from "./featured-search";

function event(overrides: Partial<EventSummary>): EventSummary {
  return {
    id: overrides.title ?? "id",
    title: "Untitled",
    description: null,
    dateTime: "2026-06-01T19:30:00.000Z",
    endTime: null,
    venue: null,
    location: "London",
    category: null,
    businessType: "event",
    pricePence: 0,
    absorbsBookingFee: false,
    severalPrices: false,
    allInPricePence: 0,
    maxAttendees: null,
    remaining: null,
    imageUrl: null,
    status: "active",
    previousDateTime: null,
    minAge: null,
    organiser: null,
    ...overrides,
  };
}

const catalogue = [
  event({ title: "Jazz at the Vaults", category: "music", location: "Bristol", description: "Late-night quartet" }),
  event({ title: "Stand-up Showcase", category: "comedy", location: "Manchester", description: "Five comics, one mic" }),
  event({ title: "Street Food Market", category: "food", location: "Leeds", description: "Bao, tacos and JAZZ on the terrace" }),
  event({ title: "Corner Café", category: "ongoing-business", location: "York", description: "Open daily" }),
  event({ title: "Park Run", category: null, location: "Edinburgh", description: null }),
];

describe("filterFeaturedEvents", () => {
  it("returns everything for an empty or blank search", () => {
    expect(filterFeaturedEvents(catalogue, "")).toHaveLength(5);
    expect(filterFeaturedEvents(catalogue, "   ")).toHaveLength(5);
  });

  it("matches title and description case-insensitively", () => {
    expect(filterFeaturedEvents(catalogue, "jAzZ").map((e) => e.title)).toEqual(["Jazz at the Vaults", "Street Food Market"]);
  });

  it("matches location", () => {
    expect(filterFeaturedEvents(catalogue, "manchester").map((e) => e.title)).toEqual(["Stand-up Showcase"]);
  });

  it("matches the category value and its label", () => {
    expect(filterFeaturedEvents(catalogue, "COMEDY").map((e) => e.title)).toEqual(["Stand-up Showcase"]);
    expect(filterFeaturedEvents(catalogue, "ongoing business").map((e) => e.title)).toEqual(["Corner Café"]);
  });

  it("ignores surrounding whitespace and returns nothing for nonsense", () => {
    expect(filterFeaturedEvents(catalogue, "  bristol ")).toHaveLength(1);
    expect(filterFeaturedEvents(catalogue, "zzqxv")).toEqual([]);
  });
});

describe("pagination", () => {
  it("counts at least one page", () => {
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(8, 8)).toBe(1);
    expect(pageCount(9, 8)).toBe(2);
    expect(pageCount(50, 8)).toBe(7);
  });

  it("shows every page when there are five or fewer", () => {
    expect(visiblePages(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("collapses distant pages into gaps, keeping the current page's neighbours", () => {
    expect(visiblePages(1, 7)).toEqual([1, 2, 3, "gap", 7]);
    expect(visiblePages(2, 7)).toEqual([1, 2, 3, "gap", 7]);
    expect(visiblePages(4, 7)).toEqual([1, "gap", 3, 4, 5, "gap", 7]);
    expect(visiblePages(7, 7)).toEqual([1, "gap", 5, 6, 7]);
    expect(visiblePages(6, 12)).toEqual([1, "gap", 5, 6, 7, "gap", 12]);
  });
    expect(visiblePages(3, 7)).toEqual([1, 2, 3, 4, "gap", 7]);
});

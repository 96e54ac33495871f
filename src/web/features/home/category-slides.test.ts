import { describe, expect, it } from "vitest";
import type { EventSummary } from "@domain";
import { CATEGORY_SLIDES, slideEvents, slideHref } from "./category-slides";

function event(id: string, overrides: Partial<EventSummary>): EventSummary {
  return {
    id,
    title: id,
    description: null,
    dateTime: "2026-06-01T19:30:00.000Z",
    endTime: null,
    venue: null,
    location: "London",
    category: "music",
    businessType: "event",
    pricePence: 0,
    absorbsBookingFee: false,
    severalPrices: false,
    allInPricePence: 0,
    maxAttendees: null,
    remaining: null,
    imageUrl: `/media/seed/${id}.webp`,
    status: "active",
    previousDateTime: null,
    minAge: null,
    organiser: null,
    ...overrides,
  };
}

describe("category slides", () => {
  it("are the spec's six, in order, each with an id, title, description and colour", () => {
    expect(CATEGORY_SLIDES.map((slide) => slide.title)).toEqual([
      "Music Events",
      "Theatre & Arts",
      "Reggae Festival",
      "Comedy Shows",
      "Sports Events",
      "Food & Dining",
    ]);
    for (const slide of CATEGORY_SLIDES) {
      expect(slide.id).toMatch(/^[a-z-]+$/);
      expect(slide.description.length).toBeGreaterThan(20);
      expect(slide.colour).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(new Set(CATEGORY_SLIDES.map((slide) => slide.id)).size).toBe(6);
  });

  it("link to the events list filtered by their category", () => {
    expect(CATEGORY_SLIDES.map(slideHref)).toEqual([
      "/events?category=music",
      "/events?category=arts",
      "/events?category=music",
      "/events?category=comedy",
      "/events?category=sports",
      "/events?category=food",
    ]);
  });
});

describe("slideEvents", () => {
  it("features an event of each slide's category, never the same poster twice", () => {
    const events = [
      event("reggae-night", { category: "music", title: "Reggae Sunsplash" }),
      event("jazz", { category: "music" }),
      event("soul", { category: "music" }),
      event("standup", { category: "comedy" }),
      event("ramen", { category: "food", businessType: "restaurant" }),
    ];
    const featured = slideEvents(CATEGORY_SLIDES, events).map((e) => e?.id ?? null);
    expect(featured).toEqual(["jazz", null, "reggae-night", "standup", null, "ramen"]);
  });

  it("shows no poster on Reggae Festival unless a reggae event is listed", () => {
    const events = [event("jazz", {}), event("soul", {}), event("dublin-folk", { title: "Dublin Folk Night" })];
    expect(slideEvents(CATEGORY_SLIDES, events)[2]).toBeNull();
  });

  it("skips events without an image", () => {
    const events = [event("no-image", { imageUrl: null }), event("with-image", {})];
    expect(slideEvents(CATEGORY_SLIDES, events)[0]?.id).toBe("with-image");
  });
});

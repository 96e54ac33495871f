import { describe, expect, it } from "vitest";
import { activeFilters, eventsSearchString, hasActiveFilters, pageWindow, parseEventsSearch, resultCountText } from "./list-query";

const parse = (search: string) => parseEventsSearch(new URLSearchParams(search));

describe("parseEventsSearch", () => {
  it("reads every field of a valid URL", () => {
    expect(parse("q=jazz&category=music&price=25-50&sort=price-high&page=3&organiser=alice_1")).toEqual({
      q: "jazz",
      category: "music",
      price: "25-50",
      sort: "price-high",
      page: 3,
      pageSize: 24,
      organiser: "alice_1",
    });
  });

  it("falls back to defaults for an empty URL", () => {
    expect(parse("")).toEqual({ q: undefined, category: undefined, price: undefined, sort: undefined, page: 1, pageSize: 24, organiser: undefined });
  });

  it("ignores bad values instead of failing", () => {
    const state = parse("price=cheap&sort=random&page=-2&category=%3Cscript%3E&organiser=no%20spaces&pageSize=5000");
    expect(state).toMatchObject({ price: undefined, sort: undefined, page: 1, category: undefined, organiser: undefined, pageSize: 24 });
  });

  it("treats blank values from a no-JavaScript form submit as unset", () => {
    expect(parse("q=++&category=&price=&sort=date")).toMatchObject({ q: undefined, category: undefined, price: undefined, sort: "date" });
  });

  it("lower-cases the category so ?category=Music selects Music", () => {
    expect(parse("category=Music").category).toBe("music");
  });

  it("trims and caps the search text", () => {
    expect(parse("q=%20%20rock%20").q).toBe("rock");
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(200);
  });
});

describe("eventsSearchString", () => {
  it("leaves out defaults", () => {
    expect(eventsSearchString({ sort: "date", page: 1 })).toBe("");
    expect(eventsSearchString({ q: "jazz", sort: "relevance" })).toBe("?q=jazz");
    // Date is a choice when searching (the search's default is relevance), so the link keeps it.
    expect(eventsSearchString({ q: "jazz", sort: "date" })).toBe("?q=jazz&sort=date");
  });

  it("round-trips through the parser", () => {
    const state = parse("q=rock+%26+roll&category=music&price=free&sort=title&page=2");
    expect(parse(eventsSearchString(state).slice(1))).toEqual(state);
  });
});

describe("active filters", () => {
  it("lists search, category, price and organiser but not sort or page", () => {
    const state = parse("q=jazz&category=food&price=over-100&sort=title&page=2&organiser=bob");
    expect(activeFilters(state).map((f) => f.label)).toEqual(["“jazz”", "Restaurant/Food", "Over £100", "Organiser: bob"]);
    expect(hasActiveFilters(state)).toBe(true);
    expect(hasActiveFilters(parse("sort=title&page=2"))).toBe(false);
  });
});

describe("resultCountText", () => {
  it("counts the first page, later pages as a range, and one event in the singular", () => {
    expect(resultCountText({ page: 1, pageSize: 24, shown: 24, total: 41 })).toBe("Showing 24 of 41 events");
    expect(resultCountText({ page: 2, pageSize: 24, shown: 17, total: 41 })).toBe("Showing 25–41 of 41 events");
    expect(resultCountText({ page: 1, pageSize: 24, shown: 1, total: 1 })).toBe("Showing 1 of 1 event");
    expect(resultCountText({ page: 1, pageSize: 24, shown: 0, total: 0 })).toBe("Showing 0 of 0 events");
  });
});

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("marks gaps with null but never hides a single page behind one", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});

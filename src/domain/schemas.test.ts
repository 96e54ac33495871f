import { describe, expect, it } from "vitest";
import { EventId, EventListQuery, Username } from "./schemas";

describe("EventListQuery (GET /api/events and the /events URL)", () => {
  it("defaults to date order, page 1 and 24 per page", () => {
    expect(EventListQuery.parse({})).toEqual({ sort: "date", page: 1, pageSize: 24 });
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

  it.each(["date", "price-low", "price-high", "title"])("accepts sort %s", (sort) => {
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

describe("Username", () => {
  it.each(["ada", "Ada_Lovelace", "user_123", "A".repeat(40)])("accepts %s", (name) => {
    expect(Username.safeParse(name).success).toBe(true);
  });

  it.each(["", "ada lovelace", "ada-l", "ada.l", "ada%", "../etc", "A".repeat(41)])("rejects %j", (name) => {
    expect(Username.safeParse(name).success).toBe(false);
  });

  it("tells the user which characters are allowed", () => {
    expect(Username.safeParse("ada!").error!.issues[0]!.message).toBe(
      "Username can only contain letters, numbers, and underscores",
    );
  });
});

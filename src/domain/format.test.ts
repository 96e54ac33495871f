import { describe, expect, it } from "vitest";
import { TIME_ZONE, formatCompactCount, formatEventDate, formatEventTime, formatLongDate, initials } from "./format";

describe("dates and times: en-GB, 24-hour, Europe/London (decisions D16)", () => {
  it("uses the London time zone", () => {
    expect(TIME_ZONE).toBe("Europe/London");
  });

  it("shows summer (BST) times one hour ahead of UTC", () => {
    expect(formatEventTime("2026-07-01T18:30:00Z")).toBe("19:30");
  });

  it("shows winter (GMT) times as UTC", () => {
    expect(formatEventTime("2026-12-01T18:30:00Z")).toBe("18:30");
  });

  it("uses the 24-hour clock, with midnight as 00", () => {
    expect(formatEventTime("2026-12-01T21:05:00Z")).toBe("21:05");
    expect(formatEventTime("2026-12-01T00:15:00Z")).toBe("00:15");
  });

  it("accepts Date objects as well as ISO strings", () => {
    expect(formatEventTime(new Date("2026-07-01T08:00:00Z"))).toBe("09:00");
  });

  it("puts the date in London's day, not UTC's (late evening UTC in summer is the next day)", () => {
    // 23:30 UTC on 30 June is 00:30 BST on Wednesday 1 July.
    expect(formatEventTime("2026-06-30T23:30:00Z")).toBe("00:30");
    expect(formatEventDate("2026-06-30T23:30:00Z")).toMatch(/^Wed,? 1 Jul 2026$/);
  });

  it("writes the day before the month, British style", () => {
    expect(formatEventDate("2026-12-05T18:30:00Z")).toMatch(/^Sat,? 5 Dec 2026$/);
    expect(formatLongDate("2026-12-05T18:30:00Z")).toMatch(/^Saturday,? 5 December 2026$/);
  });

  it.each([null, undefined, "", "not a date", "2026-13-45T99:99:00Z"])("gives null for %j so the card hides it", (value) => {
    expect(formatEventTime(value)).toBeNull();
    expect(formatEventDate(value)).toBeNull();
    expect(formatLongDate(value)).toBeNull();
  });

  it("gives null for an invalid Date object", () => {
    expect(formatEventTime(new Date(Number.NaN))).toBeNull();
  });
});

describe("formatCompactCount (decisions D3)", () => {
  it.each([
    [0, "0+"],
    [40, "40+"],
    [999, "999+"],
    [1000, "1K+"],
    [1234, "1.2K+"],
    [1999, "1.9K+"],
    [25_000, "25K+"],
    [999_999, "999.9K+"],
    [1_000_000, "1M+"],
    [1_560_000, "1.5M+"],
  ])("%i → %s (rounded down, never overstating)", (count, text) => {
    expect(formatCompactCount(count)).toBe(text);
  });
});

describe("initials (spec §9: at most 2 letters)", () => {
  it("takes the first letter of the first two words, upper-cased", () => {
    expect(initials("ada lovelace")).toBe("AL");
    expect(initials("  Ada   King  Lovelace ")).toBe("AK");
    expect(initials("Prince")).toBe("P");
  });

  it("is empty for no name", () => {
    expect(initials(null)).toBe("");
    expect(initials(undefined)).toBe("");
    expect(initials("   ")).toBe("");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TIME_ZONE, formatCompactCount, formatCount, formatDateTime, formatDayMonth, formatEventDate, formatEventTime, formatLongDate, formatNumericDateTime, formatShortDay, initials, plural, ukDateParts } from "./format";
import { ukToday } from "./accounts";

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

describe("UK calendar worked out without Intl agrees with Intl's Europe/London", () => {
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", ...options });
  const long = intl({
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const short = intl({
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  const clock = intl({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const numeric = intl({ day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const calendarDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
  const partsOf = (formatter: Intl.DateTimeFormat, date: Date) => Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  // Parts, so the check does not depend on the punctuation of this machine's ICU.
  const dateFromParts = (parts: Record<string, string>) => `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
  const check = (date: Date) => {
    // Each formatter's parts read once per moment (this runs thousands of times).
    const longParts = partsOf(long, date);
    const shortParts = partsOf(short, date);
    const time = clock.format(date);
    expect(formatLongDate(date)).toBe(dateFromParts(longParts));
    expect(formatEventDate(date)).toBe(dateFromParts(shortParts));
    expect(formatEventTime(date)).toBe(time);
    // The converters that were once built on Intl elsewhere (issue 33: one UK clock).
    expect(formatDayMonth(date)).toBe(`${shortParts.day} ${shortParts.month}`);
    expect(formatShortDay(date)).toBe(`${shortParts.weekday} ${shortParts.day} ${shortParts.month}`);
    const numericParts = partsOf(numeric, date);
    expect(formatNumericDateTime(date)).toBe(`${numericParts.day}/${numericParts.month}/${numericParts.year} ${numericParts.hour}:${numericParts.minute}`);
    expect(ukDateParts(date)).toEqual({ weekday: longParts.weekday, day: longParts.day, month: longParts.month, year: longParts.year, time });
    expect(ukToday(date)).toBe(calendarDate.format(date));
  };

  it("at any moment from 1996 to 2099", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1996-01-01T00:00:00Z"),
          max: new Date("2099-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        check,
      ),
      { numRuns: 2000 },
    );
  });

  it("around every change of the clocks, minute by minute", () => {
    for (let year = 2020; year <= 2035; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (let minute = -90; minute <= 90; minute++) check(new Date(change + minute * 60_000));
      }
    }
    // Nearly 6,000 moments: a correctness sweep, not a timing, so a loaded machine gets time to finish it.
  }, 30_000);
});

describe("formatCount", () => {
  it("groups thousands like en-GB", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(1234567)).toBe("1,234,567");
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString("en-GB"));
      }),
    );
  });
});

describe("formatDateTime and plural", () => {
  it("joins the short date and the time in UK time, and keeps what is not a date", () => {
    expect(formatDateTime("2026-12-06T19:30:00Z")).toMatch(/^Sun,? 6 Dec 2026, 19:30$/);
    expect(formatDateTime("2026-07-04T18:00:00Z")).toMatch(/^Sat,? 4 Jul 2026, 19:00$/);
    expect(formatDateTime("soon")).toBe("soon");
  });
  it("counts in words", () => {
    expect(plural(1, "ticket")).toBe("1 ticket");
    expect(plural(3, "check-in")).toBe("3 check-ins");
    expect(plural(2, "person", "people")).toBe("2 people");
  });
});

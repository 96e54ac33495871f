import { describe, expect, it } from "vitest";
import { eventEndsAt, upcomingThenPast } from "./event-timing";

const now = new Date("2026-11-25T20:00:00Z");
const at = (id: string, dateTime: string, endTime: string | null = null) => ({ id, dateTime, endTime });

describe("eventEndsAt", () => {
  it("is the end time, else two hours after the start", () => {
    expect(eventEndsAt(at("a", "2026-11-25T19:00:00Z", "2026-11-25T23:00:00Z")).toISOString()).toBe("2026-11-25T23:00:00.000Z");
    expect(eventEndsAt(at("a", "2026-11-25T19:00:00Z")).toISOString()).toBe("2026-11-25T21:00:00.000Z");
  });
});

describe("upcomingThenPast (issue 17: the next event first, past ones after)", () => {
  it("puts upcoming events soonest first and past ones most recent first", () => {
    const items = [
      at("last-year", "2025-11-01T19:00:00Z"),
      at("next-month", "2026-12-20T19:00:00Z"),
      at("last-week", "2026-11-18T19:00:00Z"),
      at("tomorrow", "2026-11-26T19:00:00Z"),
    ];
    const { upcoming, past } = upcomingThenPast(items, (item) => item, now);
    expect(upcoming.map((item) => item.id)).toEqual(["tomorrow", "next-month"]);
    expect(past.map((item) => item.id)).toEqual(["last-week", "last-year"]);
  });

  it("keeps an event upcoming on the day it starts and until it ends (the door is open)", () => {
    const { upcoming, past } = upcomingThenPast(
      [
        at("tonight", "2026-11-25T19:30:00Z"),
        at("this-morning", "2026-11-25T09:00:00Z", "2026-11-25T11:00:00Z"),
        at("festival", "2026-11-22T10:00:00Z", "2026-11-26T22:00:00Z"),
        at("yesterday", "2026-11-24T07:00:00Z", "2026-11-24T09:00:00Z"),
      ],
      (item) => item,
      now,
    );
    expect(upcoming.map((item) => item.id)).toEqual(["festival", "this-morning", "tonight"]);
    expect(past.map((item) => item.id)).toEqual(["yesterday"]);
  });
});

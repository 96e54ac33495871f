import { describe, expect, it } from "vitest";
import type { DashboardEvent } from "@domain";
import { eventChoices } from "./event-choices";

function event(id: string, dateTime: string): DashboardEvent {
  return {
    id,
    title: id,
    dateTime,
    endTime: null,
    location: "Leeds",
    category: "music",
    hasBookings: false,
    previousDateTime: null,
    cancellation: null,
    ticketTypes: [],
    businessType: "event",
    status: "active",
    pricePence: 0,
    maxAttendees: null,
    imageUrl: null,
    createdAt: "2090-01-01T00:00:00.000Z",
    ticketsSold: 0,
    ticketIncomePence: 0,
    netDuePence: 0,
  };
}

describe("eventChoices", () => {
  it("lists upcoming events soonest first, then past ones latest first; tonight's event counts as upcoming", () => {
    const now = new Date("2090-06-01T21:00:00.000Z");
    const { upcoming, past } = eventChoices(
      [
        event("next-month", "2090-07-01T19:00:00.000Z"),
        event("last-year", "2089-06-01T19:00:00.000Z"),
        event("tonight", "2090-06-01T19:00:00.000Z"),
        event("last-week", "2090-05-25T19:00:00.000Z"),
      ],
      now,
    );
    expect(upcoming.map((choice) => choice.id)).toEqual(["tonight", "next-month"]);
    expect(past.map((choice) => choice.id)).toEqual(["last-week", "last-year"]);
  });
});

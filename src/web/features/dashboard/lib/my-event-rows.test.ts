import { describe, expect, it } from "vitest";
import type { DashboardEvent } from "@domain";
import { activeEvents, chooseAttendeeEvent, eventChoiceLabel, myEventRow } from "./my-event-rows";

const event = (overrides: Partial<DashboardEvent> = {}): DashboardEvent => ({
  id: "e1",
  title: "Jazz Night",
  dateTime: "2026-12-06T19:30:00Z",
  location: "Leeds",
  category: "music",
  status: "active",
  pricePence: 1500,
  maxAttendees: null,
  imageUrl: null,
  createdAt: "2026-01-01T10:00:00Z",
  ticketsSold: 12,
  revenuePence: 20760,
  ...overrides,
});

describe("myEventRow", () => {
  it("shows UK date and time, tickets sold and revenue in pounds", () => {
    expect(myEventRow(event())).toMatchObject({
      when: "Sun, 6 Dec 2026, 19:30",
      statusVariant: "default",
      sold: "12 sold",
      revenue: "£207.60",
    });
  });

  it("shows the capacity when there is one", () => {
    expect(myEventRow(event({ maxAttendees: 100 })).sold).toBe("12 / 100 sold");
  });

  it("gives any status but active a secondary badge", () => {
    expect(myEventRow(event({ status: "draft" })).statusVariant).toBe("secondary");
  });

  it("shows no date for an ongoing business", () => {
    expect(myEventRow(event({ category: "ongoing-business", dateTime: "2030-12-31T23:59:00Z" })).when).toBe("Open all year");
  });
});

describe("attendee event choice", () => {
  it("names an ongoing business without its placeholder date (issue 17)", () => {
    expect(eventChoiceLabel(event({ title: "Corner Café", category: "ongoing-business", dateTime: "2030-12-31T23:59:00Z" }))).toBe("Corner Café");
    expect(eventChoiceLabel(event({ title: "Gig", category: "music", dateTime: "2026-12-05T19:30:00Z" }))).toBe("Gig · Sat, 5 Dec 2026, 19:30");
  });

  const events = [event({ id: "a" }), event({ id: "b", status: "cancelled" }), event({ id: "c" })];

  it("keeps only active events", () => {
    expect(activeEvents(events).map((e) => e.id)).toEqual(["a", "c"]);
  });

  it("takes the event in the address when it is active, else the first", () => {
    const active = activeEvents(events);
    expect(chooseAttendeeEvent(active, "c")).toBe("c");
    expect(chooseAttendeeEvent(active, "b")).toBe("a");
    expect(chooseAttendeeEvent(active, null)).toBe("a");
    expect(chooseAttendeeEvent([], "a")).toBeNull();
  });
});

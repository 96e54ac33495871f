import { describe, expect, it } from "vitest";
import type { DashboardEvent } from "@domain";
import { chooseAttendeeEvent, eventChoiceLabel, myEventRow } from "./my-event-rows";

const event = (overrides: Partial<DashboardEvent> = {}): DashboardEvent => ({
  id: "e1",
  title: "Jazz Night",
  dateTime: "2026-12-06T19:30:00Z",
  endTime: null,
  location: "Leeds",
  category: "music",
  businessType: "event",
  status: "active",
  hasBookings: false,
  previousDateTime: null,
  cancellation: null,
  ticketTypes: [],
  pricePence: 1500,
  maxAttendees: null,
  imageUrl: null,
  createdAt: "2026-01-01T10:00:00Z",
  ticketsSold: 12,
  ticketIncomePence: 18000,
  netDuePence: 17118,
  ...overrides,
});

/** A moment before the sample event: it has not ended yet. */
const BEFORE = new Date("2026-11-28T12:00:00Z");

describe("myEventRow", () => {
  it("shows UK date and time, tickets sold, ticket income and net due in pounds", () => {
    expect(myEventRow(event(), BEFORE)).toMatchObject({
      when: "Sun, 6 Dec 2026, 19:30",
      statusVariant: "default",
      figures: { sold: "12 sold", ticketIncome: "£180.00", netDue: "£171.18" },
    });
  });

  it("shows the capacity when there is one", () => {
    expect(myEventRow(event({ maxAttendees: 100 })).figures?.sold).toBe("12 / 100 sold");
  });

  it("gives any status but active a secondary badge", () => {
    expect(myEventRow(event({ status: "draft" })).statusVariant).toBe("secondary");
  });

  it("shows no ticket figures for a business listing, which sells no tickets (issue 17)", () => {
    const listing = myEventRow(event({ category: "ongoing-business", businessType: "restaurant", ticketsSold: 0, ticketIncomePence: 0, netDuePence: 0, dateTime: "2030-12-31T23:59:00Z" }));
    expect(listing).toMatchObject({ figures: null, when: "Open all year", kind: "Business listing" });
    expect(myEventRow(event({ category: "food", businessType: "restaurant" })).figures).toBeNull();
    expect(myEventRow(event()).figures).toEqual({ sold: "12 sold", ticketIncome: "£180.00", netDue: "£171.18" });
  });

  it("shows no date for an ongoing business", () => {
    expect(myEventRow(event({ category: "ongoing-business", dateTime: "2030-12-31T23:59:00Z" })).when).toBe("Open all year");
  });
});

describe("an event that has ended (issue 33)", () => {
  it("shows as Ended and offers neither Postpone nor Cancel, as the server refuses both", () => {
    const sold = event({ hasBookings: true, endTime: "2026-12-06T22:00:00Z" });
    expect(myEventRow(sold, BEFORE)).toMatchObject({ status: "active", statusVariant: "default", actions: { cancel: true, postpone: true, delete: false } });
    expect(myEventRow(sold, new Date("2026-12-06T22:01:00Z"))).toMatchObject({ status: "ended", statusVariant: "secondary", actions: { cancel: false, postpone: false, delete: false } });
    // Without an end time it ends two hours after the start.
    expect(myEventRow(event({ hasBookings: true }), new Date("2026-12-06T21:31:00Z")).actions).toEqual({ cancel: false, postpone: false, delete: false });
  });

  it("never ends an ongoing business, whose date is a placeholder", () => {
    const listing = event({ category: "ongoing-business", businessType: "restaurant", dateTime: "2030-12-31T23:59:00Z" });
    expect(myEventRow(listing, new Date("2031-06-01T00:00:00Z")).status).toBe("active");
  });
});

describe("attendee event choice (issue 17)", () => {
  it("names an ongoing business without its placeholder date", () => {
    expect(eventChoiceLabel(event({ title: "Corner Café", category: "ongoing-business", dateTime: "2030-12-31T23:59:00Z" }))).toBe("Corner Café");
    expect(eventChoiceLabel(event({ title: "Gig", category: "music", dateTime: "2026-12-05T19:30:00Z" }))).toBe("Gig · Sat, 5 Dec 2026, 19:30");
  });

  const groups = { upcoming: [event({ id: "next" }), event({ id: "later" })], past: [event({ id: "recent" }), event({ id: "old", ticketsSold: 40 })] };

  it("opens on the next upcoming event, not the one with most sales", () => {
    expect(chooseAttendeeEvent(groups, null)?.id).toBe("next");
  });

  it("takes the event in the address when it is offered, upcoming or past", () => {
    expect(chooseAttendeeEvent(groups, "later")?.id).toBe("later");
    expect(chooseAttendeeEvent(groups, "old")?.id).toBe("old");
    expect(chooseAttendeeEvent(groups, "cancelled-one")?.id).toBe("next");
  });

  it("falls back to the latest past event, and to none", () => {
    expect(chooseAttendeeEvent({ upcoming: [], past: groups.past }, null)?.id).toBe("recent");
    expect(chooseAttendeeEvent({ upcoming: [], past: [] }, "a")).toBeNull();
  });
});

describe("a cancelled or postponed event's row (decision 027)", () => {
  it("an event with bookings offers Cancel event and Postpone instead of Delete", () => {
    expect(myEventRow(event({ hasBookings: true })).actions).toEqual({ cancel: true, postpone: true, delete: false });
    expect(myEventRow(event({ hasBookings: false })).actions).toEqual({ cancel: false, postpone: true, delete: true });
  });

  it("a cancelled event shows how far its refunds have gone, and offers nothing more", () => {
    const refunding = myEventRow(event({ status: "cancelled", hasBookings: true, cancellation: { bookings: 200, refunded: 120, pending: 80, failed: 0, done: false } }));
    expect(refunding.cancellation).toBe("Cancelled — refunding 120 of 200 bookings");
    expect(refunding.actions).toEqual({ cancel: false, postpone: false, delete: false });
    const done = myEventRow(event({ status: "cancelled", hasBookings: true, cancellation: { bookings: 200, refunded: 200, pending: 0, failed: 0, done: true } }));
    expect(done.cancellation).toBe("Cancelled — all 200 bookings refunded");
  });

  it("a postponed event names the date it replaced", () => {
    expect(myEventRow(event({ previousDateTime: "2026-11-06T19:30:00Z" })).postponedFrom).toBe("Postponed from Fri, 6 Nov 2026, 19:30");
  });
});

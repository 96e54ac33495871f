import { describe, expect, it } from "vitest";
import { postponementError, postponementOpensRefundWindow } from "./event-lifecycle";
import { EVENT_DATE_MAX_YEARS_AHEAD, eventDatesError, eventDatesMove, latestEventDate } from "./events";
import { buyerRefundTerms } from "./refunds";

const now = new Date("2026-11-28T12:00:00Z");
const at = (iso: string) => new Date(iso);
const dates = (dateTime: string, endTime: string | null = null) => ({ dateTime: at(dateTime), endTime: endTime ? at(endTime) : null });

describe("event dates (issue 33)", () => {
  it("takes a new date in the future and up to the limit ahead", () => {
    expect(eventDatesError(dates("2026-12-01T19:00:00Z", "2026-12-01T22:00:00Z"), null, now)).toBeNull();
    expect(latestEventDate(now).toISOString()).toBe(`${2026 + EVENT_DATE_MAX_YEARS_AHEAD}-11-28T12:00:00.000Z`);
    expect(eventDatesError(dates(latestEventDate(now).toISOString()), null, now)).toBeNull();
  });

  it("refuses a new date in the past, far ahead, or at year 1 and 9999", () => {
    expect(eventDatesError(dates("2026-11-28T11:00:00Z"), null, now)).toEqual({ field: "dateTime", message: "Start Date & Time must be in the future." });
    expect(eventDatesError(dates("0001-01-01T00:00:00Z"), null, now)?.field).toBe("dateTime");
    expect(eventDatesError(dates("9999-12-31T00:00:00Z"), null, now)).toEqual({ field: "dateTime", message: `Start Date & Time can be at most ${EVENT_DATE_MAX_YEARS_AHEAD} years ahead.` });
    expect(eventDatesError(dates("2026-12-01T19:00:00Z", "9999-12-31T00:00:00Z"), null, now)?.field).toBe("endTime");
  });

  it("lets an edit keep an existing date, even a past one, but not change it to another past one", () => {
    const past = dates("2026-10-01T19:00:00Z", "2026-10-01T22:00:00Z");
    expect(eventDatesError(past, past, now)).toBeNull();
    expect(eventDatesError(dates("2026-10-02T19:00:00Z", "2026-10-01T22:00:00Z"), past, now)?.field).toBe("dateTime");
    expect(eventDatesError(dates("2026-10-01T19:00:00Z", "2026-10-01T23:00:00Z"), past, now)?.field).toBe("endTime");
  });

  it("says when a start or end moves", () => {
    const current = dates("2026-12-01T19:00:00Z", "2026-12-01T22:00:00Z");
    expect(eventDatesMove(dates("2026-12-01T19:00:00Z", "2026-12-01T22:00:00Z"), current)).toBe(false);
    expect(eventDatesMove(dates("2026-12-01T19:00:01Z", "2026-12-01T22:00:00Z"), current)).toBe(true);
    expect(eventDatesMove(dates("2026-12-01T19:00:00Z"), current)).toBe(true);
  });

  it("refuses a postponement to beyond the limit", () => {
    const current = { dateTime: at("2026-12-01T19:00:00Z") };
    expect(postponementError(dates("9999-12-31T00:00:00Z"), current, now)?.field).toBe("dateTime");
    expect(postponementError(dates("2027-01-01T19:00:00Z", "9999-12-31T00:00:00Z"), current, now)?.field).toBe("endTime");
    expect(postponementError(dates("2027-01-01T19:00:00Z"), current, now)).toBeNull();
  });
});

describe("postponementOpensRefundWindow: the date really moves (decision 027)", () => {
  const start = at("2026-12-01T19:00:00Z");
  it("opens for three hours or more, or another UK day", () => {
    expect(postponementOpensRefundWindow(start, at("2026-12-01T22:00:00Z"))).toBe(true);
    expect(postponementOpensRefundWindow(start, at("2026-12-08T19:00:00Z"))).toBe(true);
    expect(postponementOpensRefundWindow(at("2026-12-01T23:30:00Z"), at("2026-12-02T00:30:00Z"))).toBe(true);
  });
  it("does not open for seconds, or for a later hour the same evening", () => {
    expect(postponementOpensRefundWindow(start, at("2026-12-01T19:00:10Z"))).toBe(false);
    expect(postponementOpensRefundWindow(start, at("2026-12-01T21:59:00Z"))).toBe(false);
    // 23:30 to 00:30 BST is one UK day: 22:30 to 23:30 UTC on 1 July.
    expect(postponementOpensRefundWindow(at("2026-07-01T21:30:00Z"), at("2026-07-01T22:30:00Z"))).toBe(false);
  });
});

describe("buyerRefundTerms (decision 027, issue 33)", () => {
  const event = { status: "active", dateTime: "2026-12-10T19:00:00Z", endTime: "2026-12-10T22:00:00Z", refundWindowEndsAt: "2026-12-12T12:00:00Z" };
  const booking = { status: "confirmed", ticketQuantity: 2, checkedInAt: null };

  it("inside a postponement window, refunds in full automatically", () => {
    expect(buyerRefundTerms(event, booking, now)).toMatchObject({ allowed: true, source: "postponement", includesFee: true, automatic: true });
  });

  it("never refunds a booking checked in at the door, window or not", () => {
    const terms = buyerRefundTerms(event, { ...booking, checkedInAt: "2026-11-28T11:00:00Z" }, now);
    expect(terms).toEqual({ allowed: false, reason: "This booking was checked in at the event, so it cannot be refunded." });
    expect(buyerRefundTerms({ ...event, refundWindowEndsAt: null, dateTime: "2027-01-10T19:00:00Z", endTime: null }, { ...booking, checkedInAt: now }, now).allowed).toBe(false);
  });

  it("never refunds once the event has ended, inside a window or not", () => {
    const afterEnd = at("2026-12-10T22:00:00Z");
    expect(buyerRefundTerms(event, booking, afterEnd)).toMatchObject({ allowed: false, reason: "This event has ended, so its tickets can no longer be refunded." });
    // Without an end time it ends two hours after the start.
    expect(buyerRefundTerms({ ...event, endTime: null }, booking, at("2026-12-10T21:00:00Z")).allowed).toBe(false);
    expect(buyerRefundTerms({ ...event, endTime: null }, booking, at("2026-12-10T20:59:00Z")).allowed).toBe(true);
  });

  it("outside a window, takes requests until 48 hours before, fee kept", () => {
    const plain = { ...event, refundWindowEndsAt: null };
    expect(buyerRefundTerms(plain, booking, now)).toMatchObject({ allowed: true, source: "buyer-request", includesFee: false, automatic: false });
    expect(buyerRefundTerms(plain, booking, at("2026-12-09T12:00:00Z")).allowed).toBe(false);
  });
});

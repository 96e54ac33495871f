import { describe, expect, it } from "vitest";
import { MAX_TICKETS_PER_EVENT } from "./checkout";
import { eventPriceSummary, maxPerOrderOf, salesWindowState, typeRemaining } from "./ticket-types";

const at = (iso: string) => new Date(iso);

describe("ticket types (decision D24, issue 36)", () => {
  it("sells a type from its start, inclusive, until its end, exclusive; an open end is no limit", () => {
    const type = { salesStart: at("2026-12-01T10:00:00Z"), salesEnd: at("2026-12-05T10:00:00Z") };
    expect(salesWindowState(type, at("2026-12-01T09:59:59Z"))).toBe("not-yet");
    expect(salesWindowState(type, at("2026-12-01T10:00:00Z"))).toBe("on-sale");
    expect(salesWindowState(type, at("2026-12-05T09:59:59Z"))).toBe("on-sale");
    expect(salesWindowState(type, at("2026-12-05T10:00:00Z"))).toBe("ended");
    expect(salesWindowState({ salesStart: null, salesEnd: null }, at("2030-01-01T00:00:00Z"))).toBe("on-sale");
  });

  it("leaves a type the least of its own places and its event's, and null only when neither is limited", () => {
    expect(typeRemaining({ capacity: 20 }, 5, 100)).toBe(15);
    expect(typeRemaining({ capacity: 20 }, 5, 3)).toBe(3);
    expect(typeRemaining({ capacity: 20 }, 25, 100)).toBe(0);
    expect(typeRemaining({ capacity: null }, 5, 7)).toBe(7);
    expect(typeRemaining({ capacity: 20 }, 5, null)).toBe(15);
    expect(typeRemaining({ capacity: null }, 5, null)).toBeNull();
  });

  it("never lets a type's own per-order maximum pass the per-event limit", () => {
    expect(maxPerOrderOf({ maxPerOrder: 4 })).toBe(4);
    expect(maxPerOrderOf({ maxPerOrder: null })).toBe(MAX_TICKETS_PER_EVENT);
    expect(maxPerOrderOf({ maxPerOrder: MAX_TICKETS_PER_EVENT + 10 })).toBe(MAX_TICKETS_PER_EVENT);
  });

  it("prices cards from the lowest shown type, 'from' when the shown types differ; hidden types only when all are", () => {
    expect(eventPriceSummary([{ pricePence: 1500, hidden: false }])).toEqual({ pricePence: 1500, severalPrices: false });
    expect(eventPriceSummary([{ pricePence: 1500, hidden: false }, { pricePence: 1000, hidden: false }, { pricePence: 500, hidden: true }])).toEqual({ pricePence: 1000, severalPrices: true });
    expect(eventPriceSummary([{ pricePence: 1500, hidden: false }, { pricePence: 1500, hidden: false }])).toEqual({ pricePence: 1500, severalPrices: false });
    expect(eventPriceSummary([{ pricePence: 900, hidden: true }, { pricePence: 700, hidden: true }])).toEqual({ pricePence: 700, severalPrices: false });
  });

  it("calls free beside paid several prices, hidden paid types too, so the price and the flag say whether any ticket is paid", () => {
    expect(eventPriceSummary([{ pricePence: 0, hidden: false }, { pricePence: 1500, hidden: false }])).toEqual({ pricePence: 0, severalPrices: true });
    expect(eventPriceSummary([{ pricePence: 0, hidden: false }, { pricePence: 1500, hidden: true }])).toEqual({ pricePence: 0, severalPrices: true });
    expect(eventPriceSummary([{ pricePence: 0, hidden: false }, { pricePence: 0, hidden: false }])).toEqual({ pricePence: 0, severalPrices: false });
    expect(eventPriceSummary([{ pricePence: 0, hidden: true }, { pricePence: 800, hidden: true }])).toEqual({ pricePence: 0, severalPrices: true });
  });
});

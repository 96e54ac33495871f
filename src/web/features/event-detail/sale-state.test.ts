import { describe, expect, it } from "vitest";
import { availabilityIndicator, saleState, unavailableNotice } from "./sale-state";

const now = new Date("2026-06-01T12:00:00Z");
const base = {
  status: "active",
  dateTime: "2026-07-01T19:00:00Z",
  endTime: null,
  remaining: null,
  category: "music",
  businessType: "event",
  pricePence: 2500,
};

describe("saleState", () => {
  it("is available for an upcoming active event", () => {
    expect(saleState(base, now)).toBe("available");
  });
  it("is sold out when no places remain", () => {
    expect(saleState({ ...base, remaining: 0 }, now)).toBe("sold-out");
  });
  it("is ended once the end (or start, without an end) has passed", () => {
    expect(saleState({ ...base, dateTime: "2026-05-01T19:00:00Z" }, now)).toBe("ended");
    expect(saleState({ ...base, dateTime: "2026-06-01T10:00:00Z", endTime: "2026-06-01T14:00:00Z" }, now)).toBe("available");
  });
  it("never ends for restaurants and ongoing businesses", () => {
    expect(saleState({ ...base, category: "food", businessType: "restaurant", dateTime: "2020-01-01T00:00:00Z" }, now)).toBe("available");
  });
  it("is closed for any status but active", () => {
    expect(saleState({ ...base, status: "cancelled" }, now)).toBe("closed");
  });
});

describe("availabilityIndicator", () => {
  it("adds 'Only N left' when few places remain", () => {
    expect(availabilityIndicator({ ...base, remaining: 3 }, now)).toEqual({ label: "Available", tone: "warning", detail: "Only 3 left" });
    expect(availabilityIndicator(base, now)).toEqual({ label: "Available", tone: "success", detail: null });
    expect(availabilityIndicator({ ...base, remaining: 0 }, now).label).toBe("Sold out");
    expect(availabilityIndicator({ ...base, status: "postponed" }, now).label).toBe("Postponed");
  });
});

describe("an event held back until its organiser can be paid (D23)", () => {
  const onSale = { status: "active", dateTime: "2090-06-01T18:00:00.000Z", endTime: null, remaining: 10, category: "music", businessType: "event", pricePence: 1500 };
  const now = new Date("2090-01-01T00:00:00.000Z");

  it("is on hold while it would otherwise be on sale, with 'Tickets on sale soon'", () => {
    expect(saleState({ ...onSale, salesOnHold: true }, now)).toBe("on-hold");
    expect(unavailableNotice("on-hold", "active")).toBe("Tickets on sale soon");
    expect(availabilityIndicator({ ...onSale, salesOnHold: true }, now).label).toBe("On sale soon");
  });

  it("says ended, sold out or cancelled first", () => {
    expect(saleState({ ...onSale, salesOnHold: true, remaining: 0 }, now)).toBe("sold-out");
    expect(saleState({ ...onSale, salesOnHold: true, status: "cancelled" }, now)).toBe("closed");
    expect(saleState({ ...onSale, salesOnHold: true }, new Date("2091-01-01T00:00:00.000Z"))).toBe("ended");
  });
});

import { describe, expect, it } from "vitest";
import { minAgeLabel } from "./age-limit-labels";
import { ageOn, doorAgeCheck, isMinAge, mayAttend, MIN_AGE_OPTIONS, tooYoungMessage } from "./age-limits";

describe("age limits (issue 34)", () => {
  it("counts whole years on a UK date, a birthday counting from its start", () => {
    expect(ageOn("2008-06-14", "2026-06-13")).toBe(17);
    expect(ageOn("2008-06-14", "2026-06-14")).toBe(18);
    expect(ageOn("2008-12-31", "2026-01-01")).toBe(17);
    expect(ageOn("2008-02-30", "2026-06-14")).toBeNull();
  });

  it("makes someone born on 29 February a year older on 1 March in a year without one", () => {
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
    expect(ageOn("2010-02-29", "2028-02-29")).toBeNull();
    expect(ageOn("2012-02-29", "2030-02-28")).toBe(17);
    // In a leap year the birthday itself counts.
    expect(ageOn("2012-02-29", "2032-02-28")).toBe(19);
    expect(ageOn("2012-02-29", "2032-02-29")).toBe(20);
  });

  it("lets in a buyer old enough on the event's UK date, not the instant's UTC date", () => {
    expect(mayAttend("2008-06-14", 18, "2026-06-14T19:00:00Z")).toBe(true);
    expect(mayAttend("2008-06-14", 18, "2026-06-13T22:00:00Z")).toBe(false);
    // 23:30 UTC on 13 June is 00:30 on 14 June in London (summer time): the birthday has begun.
    expect(mayAttend("2008-06-14", 18, "2026-06-13T23:30:00Z")).toBe(true);
    // In winter London is on UTC: 23:30 UTC on 13 January is still the 13th.
    expect(mayAttend("2008-01-14", 18, "2026-01-13T23:30:00Z")).toBe(false);
    expect(mayAttend("2008-02-29", 18, "2026-02-28T20:00:00Z")).toBe(false);
    expect(mayAttend("2008-02-29", 18, "2026-03-01T20:00:00Z")).toBe(true);
    expect(mayAttend("2012-01-01", 16, "2026-06-14T19:00:00Z")).toBe(false);
    expect(mayAttend("2010-01-01", 16, "2026-06-14T19:00:00Z")).toBe(true);
    expect(mayAttend("2015-01-01", null, "2026-06-14T19:00:00Z")).toBe(true);
    expect(mayAttend("not a date", 14, "2026-06-14T19:00:00Z")).toBe(false);
  });

  it("names the limits as badges, the form and the door show them", () => {
    expect(minAgeLabel(18)).toBe("18+");
    expect(doorAgeCheck(18)).toBe("18+: check ID");
    expect(MIN_AGE_OPTIONS.map((option) => option.label)).toEqual(["None", "14+", "16+", "18+", "21+"]);
    expect([14, 16, 18, 21, 17, null, "18"].map(isMinAge)).toEqual([true, true, true, true, false, false, false]);
    expect(tooYoungMessage(18, "Late Show")).toBe("You must be 18 or over to book tickets for Late Show.");
  });
});

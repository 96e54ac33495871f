import { describe, expect, it } from "vitest";
import { isoToLondonInput, londonInputToIso } from "./london-wall-time";

describe("londonInputToIso (event times are UK time, decisions.md D16)", () => {
  it("reads winter times as GMT and summer times as BST", () => {
    expect(londonInputToIso("2026-01-15T19:30")).toBe("2026-01-15T19:30:00.000Z");
    expect(londonInputToIso("2026-07-04T19:30")).toBe("2026-07-04T18:30:00.000Z");
  });

  it("handles the nights the clocks change", () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST; 01:30 does not exist and reads as the hour after.
    expect(londonInputToIso("2026-03-29T00:30")).toBe("2026-03-29T00:30:00.000Z");
    expect(londonInputToIso("2026-03-29T01:30")).toBe("2026-03-29T01:30:00.000Z");
    expect(londonInputToIso("2026-03-29T02:30")).toBe("2026-03-29T01:30:00.000Z");
    // 25 October 2026: 02:00 BST becomes 01:00 GMT; 01:30 happens twice and reads as GMT.
    expect(londonInputToIso("2026-10-25T00:30")).toBe("2026-10-24T23:30:00.000Z");
    expect(londonInputToIso("2026-10-25T01:30")).toBe("2026-10-25T01:30:00.000Z");
    expect(londonInputToIso("2026-10-25T02:30")).toBe("2026-10-25T02:30:00.000Z");
  });

  it("accepts seconds and refuses anything that is not a date and time", () => {
    expect(londonInputToIso("2026-07-04T19:30:15")).toBe("2026-07-04T18:30:15.000Z");
    expect(londonInputToIso("")).toBeNull();
    expect(londonInputToIso("2026-07-04")).toBeNull();
    expect(londonInputToIso("2026-04-31T10:00")).toBeNull();
    expect(londonInputToIso("2026-07-04T24:00")).toBeNull();
  });
});

describe("isoToLondonInput", () => {
  it("shows a stored instant as UK wall-clock time for a datetime-local input", () => {
    expect(isoToLondonInput("2026-07-04T18:30:00.000Z")).toBe("2026-07-04T19:30");
    expect(isoToLondonInput("2026-12-31T23:59:00+00:00")).toBe("2026-12-31T23:59");
    expect(isoToLondonInput("2026-10-24T23:30:00Z")).toBe("2026-10-25T00:30");
  });

  it("gives an empty field for no date", () => {
    expect(isoToLondonInput(null)).toBe("");
    expect(isoToLondonInput("not a date")).toBe("");
  });

  it("round-trips with londonInputToIso", () => {
    for (const value of ["2026-02-01T09:05", "2026-06-21T23:59", "2027-03-28T03:00"]) {
      expect(isoToLondonInput(londonInputToIso(value))).toBe(value);
    }
  });

  it("keeps years before 100 as they are, so a date like 0001-01-01 can be refused rather than read as 1901", () => {
    expect(londonInputToIso("0001-01-01T10:00")).toBe("0001-01-01T10:00:00.000Z");
    expect(londonInputToIso("0099-02-29T10:00")).toBeNull();
    expect(londonInputToIso("9999-12-31T23:59")).toBe("9999-12-31T23:59:00.000Z");
  });
});

import { describe, expect, it } from "vitest";
import { doorOpensText, listFigures, parseScanWho, scanTimeText, scanWhoValue } from "./check-in-lists";
import { CheckInListInput } from "./check-in-list-shapes";

const types = [
  { id: "standard", admitted: 3, expected: 10 },
  { id: "vip", admitted: 1, expected: 4 },
];

describe("check-in lists' helpers (issue 38)", () => {
  it("sums a list's figures over the types it covers; the default list covers every type", () => {
    expect(listFigures({ ticketTypeIds: null }, types)).toEqual({ admitted: 4, expected: 14 });
    expect(listFigures({ ticketTypeIds: ["vip"] }, types)).toEqual({ admitted: 1, expected: 4 });
    expect(listFigures({ ticketTypeIds: ["gone"] }, types)).toEqual({ admitted: 0, expected: 0 });
  });

  it("says when the door opens in words", () => {
    expect(doorOpensText(0)).toBe("At the start");
    expect(doorOpensText(1)).toBe("1 minute before the start");
    expect(doorOpensText(180)).toBe("3 hours before the start");
    expect(doorOpensText(90)).toBe("1 hour 30 minutes before the start");
    expect(doorOpensText(7 * 24 * 60)).toBe("7 days before the start");
    expect(doorOpensText(1441)).toBe("1 day 1 minute before the start");
  });

  it("names who scanned by their access, else their account, else their label, and reads it back", () => {
    const access = "0f8b2a3c-1d2e-4f50-8a6b-7c8d9e0f1a2b";
    expect(scanWhoValue({ doorAccessId: access, userId: "u1", byLabel: "Sam" })).toBe(`access:${access}`);
    expect(scanWhoValue({ doorAccessId: null, userId: "u1", byLabel: "Olu" })).toBe("user:u1");
    expect(scanWhoValue({ doorAccessId: null, userId: null, byLabel: "Deleted: Sam" })).toBe("label:Deleted: Sam");
    expect(parseScanWho(`access:${access}`)).toEqual({ kind: "access", id: access });
    expect(parseScanWho("user:u1")).toEqual({ kind: "user", id: "u1" });
    expect(parseScanWho("label:Deleted: Sam")).toEqual({ kind: "label", label: "Deleted: Sam" });
    for (const bad of ["", "Sam", "access:not-an-id", "user:", "robot:1"]) expect(parseScanWho(bad)).toBeNull();
  });

  it("shows a scan's time in UK time to the second, summer and winter", () => {
    expect(scanTimeText("2090-06-01T17:04:09Z")).toBe("01/06/2090 18:04:09");
    expect(scanTimeText("2027-01-16T19:30:05Z")).toBe("16/01/2027 19:30:05");
  });

  it("checks a list's window is in order and its types are chosen", () => {
    const type = "0f8b2a3c-1d2e-4f50-8a6b-7c8d9e0f1a2b";
    expect(CheckInListInput.safeParse({ name: "VIP", ticketTypeIds: [type], opensAt: "2090-06-01T18:00:00Z", closesAt: "2090-06-01T18:00:00Z" }).error?.issues[0]).toMatchObject({ path: ["closesAt"], message: "closesAt must be after opensAt" });
    expect(CheckInListInput.parse({ name: " VIP ", ticketTypeIds: [type, type], opensAt: "" })).toEqual({ name: "VIP", ticketTypeIds: [type], opensAt: null, closesAt: null, allowMultipleEntries: false, allowReentry: false });
  });
});

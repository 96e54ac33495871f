import { describe, expect, it } from "vitest";
import { addUkBusinessDays, ENGLAND_AND_WALES_BANK_HOLIDAYS, isBankHoliday, isUkBusinessDay, payoutDueAt, ruleBankHolidays, ukDateOf } from "./payouts";

describe("England and Wales bank holidays (shipped with the app)", () => {
  it("covers 2024 to 2030, eight a year, each on a weekday", () => {
    for (let year = 2024; year <= 2030; year++) {
      const days = ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((holiday) => holiday.date.startsWith(`${year}-`));
      expect(days, String(year)).toHaveLength(8);
      for (const { date } of days) expect([0, 6], date).not.toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
    }
  });

  it("agrees with the standing rules in every year shipped (none had a one-off holiday)", () => {
    for (let year = 2024; year <= 2030; year++) {
      const shipped = ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((holiday) => holiday.date.startsWith(`${year}-`)).map((holiday) => holiday.date);
      expect(ruleBankHolidays(year).sort(), String(year)).toEqual(shipped.sort());
    }
  });

  it("names substitute days as gov.uk does", () => {
    const substitutes = ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((holiday) => holiday.notes === "Substitute day").map((holiday) => holiday.date);
    expect(substitutes).toEqual(["2026-12-28", "2027-12-27", "2027-12-28", "2028-01-03"]);
    expect(isBankHoliday("2026-12-26")).toBe(false);
    expect(isBankHoliday("2026-12-28")).toBe(true);
  });

  it("works the rules out beyond the shipped years (2032: Christmas on a Saturday)", () => {
    expect(isBankHoliday("2032-12-27")).toBe(true);
    expect(isBankHoliday("2032-12-28")).toBe(true);
    expect(isBankHoliday("2031-04-11")).toBe(true); // Good Friday 2031
    expect(isBankHoliday("2031-04-10")).toBe(false);
  });

  it("knows a weekend and a bank holiday are not business days", () => {
    expect(isUkBusinessDay("2026-11-28")).toBe(false); // Saturday
    expect(isUkBusinessDay("2026-11-29")).toBe(false); // Sunday
    expect(isUkBusinessDay("2026-08-31")).toBe(false); // Summer bank holiday
    expect(isUkBusinessDay("2026-11-26")).toBe(true);
  });
});

describe("addUkBusinessDays", () => {
  it("skips the weekend after a Friday", () => {
    expect(addUkBusinessDays("2026-11-20", 1)).toBe("2026-11-23");
    expect(addUkBusinessDays("2026-11-20", 7)).toBe("2026-12-01");
  });

  it("skips Christmas, the substitute Boxing Day and New Year's Day", () => {
    // 2026: Christmas Friday 25th, Boxing Day Saturday → Monday 28th; New Year's Day Thursday.
    expect(addUkBusinessDays("2026-12-23", 1)).toBe("2026-12-24");
    expect(addUkBusinessDays("2026-12-24", 1)).toBe("2026-12-29");
    expect(addUkBusinessDays("2026-12-24", 7)).toBe("2027-01-07");
    // 2027/28: Christmas and Boxing Day both on the weekend → 27th and 28th; New Year's Day Saturday → 3 January.
    expect(addUkBusinessDays("2027-12-24", 3)).toBe("2027-12-31");
    expect(addUkBusinessDays("2027-12-24", 4)).toBe("2028-01-04");
  });

  it("skips Good Friday and Easter Monday", () => {
    // Easter 2027: Good Friday 26 March, Easter Monday 29 March.
    expect(addUkBusinessDays("2027-03-25", 1)).toBe("2027-03-30");
    expect(addUkBusinessDays("2027-03-22", 7)).toBe("2027-04-02");
  });

  it("counts from the day after, whatever day that is", () => {
    expect(addUkBusinessDays("2026-11-28", 1)).toBe("2026-11-30"); // a Saturday
    expect(addUkBusinessDays("2026-11-26", 0)).toBe("2026-11-26");
  });
});

describe("payoutDueAt (D23: 7 UK business days after the event ends, from 09:00 UK time)", () => {
  it("pays a Friday night's event on the second Tuesday after it", () => {
    expect(payoutDueAt({ dateTime: "2026-11-20T19:30:00Z", endTime: "2026-11-20T23:00:00Z" }).toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });

  it("counts from the UK day the event ends: after midnight in London is the next day", () => {
    // Ends 00:30 BST on Saturday 4 July (23:30 UTC on the Friday).
    expect(ukDateOf(new Date("2026-07-03T23:30:00Z"))).toBe("2026-07-04");
    expect(payoutDueAt({ dateTime: "2026-07-03T19:00:00Z", endTime: "2026-07-03T23:30:00Z" }).toISOString()).toBe("2026-07-14T08:00:00.000Z");
    // 22:30 UTC on the Friday is 23:30 BST, still Friday.
    expect(payoutDueAt({ dateTime: "2026-07-03T19:00:00Z", endTime: "2026-07-03T22:30:00Z" }).toISOString()).toBe("2026-07-14T08:00:00.000Z");
    expect(payoutDueAt({ dateTime: "2026-07-02T19:00:00Z", endTime: "2026-07-02T22:30:00Z" }).toISOString()).toBe("2026-07-13T08:00:00.000Z");
  });

  it("takes an event without an end time to end two hours after it starts", () => {
    // Starts 22:30 GMT on Friday 20 November: ends 00:30 on Saturday, so counts from Saturday.
    expect(payoutDueAt({ dateTime: "2026-11-20T22:30:00Z", endTime: null }).toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(payoutDueAt({ dateTime: "2026-11-19T20:00:00Z" }).toISOString()).toBe("2026-11-30T09:00:00.000Z");
  });

  it("is 09:00 in UK time on either side of a clock change", () => {
    // Ends Friday 20 March 2026 (GMT); due Tuesday 31 March (BST): 08:00 UTC.
    expect(payoutDueAt({ dateTime: "2026-03-20T19:00:00Z", endTime: "2026-03-20T22:00:00Z" }).toISOString()).toBe("2026-03-31T08:00:00.000Z");
    // Ends Friday 23 October 2026 (BST); due Tuesday 3 November (GMT): 09:00 UTC.
    expect(payoutDueAt({ dateTime: "2026-10-23T18:00:00Z", endTime: "2026-10-23T21:00:00Z" }).toISOString()).toBe("2026-11-03T09:00:00.000Z");
  });

  it("waits out Christmas and New Year, and Easter", () => {
    // Ends Saturday 19 December 2026: 21, 22, 23, 24, 29, 30, 31 December.
    expect(payoutDueAt({ dateTime: "2026-12-19T19:00:00Z", endTime: "2026-12-19T22:00:00Z" }).toISOString()).toBe("2026-12-31T09:00:00.000Z");
    // Ends Monday 21 December 2026: 22, 23, 24, 29, 30, 31 December, 4 January (1 January a holiday).
    expect(payoutDueAt({ dateTime: "2026-12-21T19:00:00Z", endTime: "2026-12-21T22:00:00Z" }).toISOString()).toBe("2027-01-04T09:00:00.000Z");
    // Ends Thursday 1 April 2027 (BST): 2, 5, 6, 7, 8, 9, 12 April; Easter 2027 was the week before.
    expect(payoutDueAt({ dateTime: "2027-04-01T18:00:00Z", endTime: "2027-04-01T21:00:00Z" }).toISOString()).toBe("2027-04-12T08:00:00.000Z");
    // Ends Wednesday 24 March 2027: 25, 30, 31 March, 1, 2, 5, 6 April (26 and 29 March are Easter).
    expect(payoutDueAt({ dateTime: "2027-03-24T19:00:00Z", endTime: "2027-03-24T22:00:00Z" }).toISOString()).toBe("2027-04-06T08:00:00.000Z");
  });
});

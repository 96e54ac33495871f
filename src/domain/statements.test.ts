import { describe, expect, it } from "vitest";
import { formatFeeStatementNumber, ukMonthEnd } from "./statements";

describe("ukMonthEnd (when a month's fee statement may be issued)", () => {
  it("is midnight UK time on the 1st of the next month, in GMT and in BST", () => {
    expect(ukMonthEnd("2026-11").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    // 1 July is in British Summer Time: midnight in London is 23:00 UTC the day before.
    expect(ukMonthEnd("2026-06").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    // March ends after the clocks go forward, October after they go back.
    expect(ukMonthEnd("2026-03").toISOString()).toBe("2026-03-31T23:00:00.000Z");
    expect(ukMonthEnd("2026-10").toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("rolls December over into January of the next year", () => {
    expect(ukMonthEnd("2026-12").toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe("formatFeeStatementNumber", () => {
  it("prints the series' number as F and six digits, longer numbers whole", () => {
    expect(formatFeeStatementNumber(42)).toBe("F-000042");
    expect(formatFeeStatementNumber(1)).toBe("F-000001");
    expect(formatFeeStatementNumber(1234567)).toBe("F-1234567");
  });
});

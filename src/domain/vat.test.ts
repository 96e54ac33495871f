import { describe, expect, it } from "vitest";
import { parseUkVatNumber, vatIncludedIn } from "./vat";

describe("parseUkVatNumber", () => {
  it.each([
    ["GB123456789", "GB123456789"],
    ["123456789", "GB123456789"],
    ["gb 123 4567 89", "GB123456789"],
    [" GB 123456789 ", "GB123456789"],
    ["GB123456789001", "GB123456789001"],
    ["123 4567 89 001", "GB123456789001"],
    ["GBGD001", "GBGD001"],
    ["gd 499", "GBGD499"],
    ["GBHA500", "GBHA500"],
    ["GBHA999", "GBHA999"],
    ["XI123456789", "XI123456789"],
    ["xi 123 4567 89 001", "XI123456789001"],
    ["XIGD123", "XIGD123"],
  ])("accepts %j as %s", (typed, vatNumber) => {
    expect(parseUkVatNumber(typed)).toEqual({ ok: true, vatNumber });
  });

  it.each([
    ["", /Enter a VAT number/],
    ["   ", /Enter a VAT number/],
    ["GB12345678", /9 digits \(12 for a branch\), not 8/],
    ["GB1234567890", /not 10/],
    ["1234567890123", /not 13/],
    ["DE123456789", /digits only/],
    ["GB12345678X", /digits only/],
    ["GB-123-456-789", /digits only/],
    ["GBGD500", /GBGD and 3 digits from 000 to 499/],
    ["GBHA499", /GBHA and 3 digits from 500 to 999/],
    ["GBGD12", /digits only/],
    ["GBXX123", /digits only/],
  ])("refuses %j, saying why", (typed, problem) => {
    const result = parseUkVatNumber(typed);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(problem);
  });
});

describe("vatIncludedIn (the VAT fraction of a VAT-inclusive price at 20%: price × 20/120)", () => {
  it.each([
    [2400, 400],
    [1200, 200],
    [1000, 167], // 166.67 rounds up
    [2000, 333], // 333.33 rounds down
    [3, 1], // 0.5 rounds half up
    [2, 0], // 0.33 rounds down
    [9, 2], // 1.5 rounds half up
    [0, 0],
  ])("£%d pence includes %d pence of VAT", (gross, vat) => {
    expect(vatIncludedIn(gross)).toBe(vat);
  });

  it("takes another rate (5%: price × 5/105)", () => {
    expect(vatIncludedIn(2100, 5)).toBe(100);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatVatRate, parseUkVatNumber, passesHmrcCheckDigits, vatIncludedIn } from "./vat";

/** The first seven digits weighted 8 down to 2 (HMRC's check). */
const weighted = (sevenDigits: string) => [...sevenDigits].reduce((sum, digit, i) => sum + Number(digit) * (8 - i), 0);
/** The check digits that make `sevenDigits` valid in the first series (mod 97) or in the 9755 series. */
const checkDigits = (sevenDigits: string, scheme: "97" | "9755") => String((97 * 5 - weighted(sevenDigits) - (scheme === "9755" ? 55 : 0)) % 97).padStart(2, "0");

describe("parseUkVatNumber", () => {
  // Published registrations (python-stdnum's list of real UK numbers): 980 7806 84 (its documentation's example),
  // 100 1908 74 and 100 1950 75 (the 9755 series), 242 3380 87 388 (a branch trader), 002 4257 28 (Isle of Man).
  it.each([
    ["GB980780684", "GB980780684"],
    ["980780684", "GB980780684"],
    ["gb 980 7806 84", "GB980780684"],
    [" GB 980780684 ", "GB980780684"],
    ["GB100190874", "GB100190874"],
    ["GB 100 1950 75", "GB100195075"],
    ["GB242338087388", "GB242338087388"],
    ["242 3380 87 388", "GB242338087388"],
    ["GB 002 4257 28", "GB002425728"],
    ["GBGD001", "GBGD001"],
    ["gd 499", "GBGD499"],
    ["GBHA500", "GBHA500"],
    ["GBHA999", "GBHA999"],
    ["XI980780684", "XI980780684"],
    ["xi 242 3380 87 388", "XI242338087388"],
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
    // Right shape, wrong check digits: both were accepted before issue 33.
    ["GB123456789", /GB123456789 is not a real UK VAT number: its last two digits do not match/],
    ["GB987654321", /check digits/],
    ["GB980780685", /check digits/],
    ["GB123456789001", /GB123456789001 is not a real UK VAT number/],
    ["XI802311781", /check digits/],
    ["GB980780699", /check digits/], // a check pair is 00 to 96
    // 9755 check digits on a number below 100 0000 00: that series starts at 100.
    [`GB099${"0000"}${checkDigits("0990000", "9755")}`, /check digits/],
    ["GB000000000", /cannot be all zeros/],
    ["GB000000000001", /cannot be all zeros/],
  ])("refuses %j, saying why", (typed, problem) => {
    const result = parseUkVatNumber(typed);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(problem);
  });

  const sevenDigits = fc.stringMatching(/^\d{7}$/).filter((digits) => !/^0+$/.test(digits));

  it("accepts every number whose check digits are HMRC's, in either series, as typed with spaces or as a branch", () => {
    fc.assert(
      fc.property(sevenDigits, fc.constantFrom("97" as const, "9755" as const), fc.stringMatching(/^(\d{3})?$/), (digits, scheme, branch) => {
        fc.pre(scheme === "97" || Number(digits.slice(0, 3)) >= 100);
        const nine = `${digits}${checkDigits(digits, scheme)}`;
        expect(passesHmrcCheckDigits(nine)).toBe(true);
        expect(parseUkVatNumber(`gb ${nine.slice(0, 3)} ${nine.slice(3, 7)} ${nine.slice(7)} ${branch}`)).toEqual({ ok: true, vatNumber: `GB${nine}${branch}` });
      }),
    );
  });

  it("accepts at most two of the 100 possible check-digit pairs for any seven digits (one per series), so a mistyped check pair is caught", () => {
    fc.assert(
      fc.property(sevenDigits, (digits) => {
        const accepted = Array.from({ length: 100 }, (_, n) => `${digits}${String(n).padStart(2, "0")}`).filter((nine) => parseUkVatNumber(nine).ok);
        expect(accepted.length).toBeGreaterThanOrEqual(1);
        expect(accepted.length).toBeLessThanOrEqual(2);
        expect(accepted).toContain(`${digits}${checkDigits(digits, "97")}`);
      }),
    );
  });

  it("catches any single mistyped digit among the first seven, within a series", () => {
    fc.assert(
      fc.property(sevenDigits, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 9 }), (digits, position, shift) => {
        const typo = `${digits.slice(0, position)}${(Number(digits[position]) + shift) % 10}${digits.slice(position + 1)}`;
        // A change of w × d (w 2..8, |d| ≤ 9) is never a multiple of 97, so the old check digits no longer fit the first series.
        const nine = `${typo}${checkDigits(digits, "97")}`;
        expect((weighted(typo) + Number(nine.slice(7))) % 97).not.toBe(0);
        const accepted = parseUkVatNumber(nine).ok;
        // It can only pass by landing on the other series' check (a shift of 42 or -55 in the weighted sum).
        if (accepted) expect((weighted(typo) + Number(nine.slice(7)) + 55) % 97).toBe(0);
      }),
    );
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

  it("takes another rate in basis points (5%: price × 5/105; 17.5%: price × 17.5/117.5)", () => {
    expect(vatIncludedIn(2100, 500)).toBe(100);
    expect(vatIncludedIn(2350, 1750)).toBe(350);
  });

  it("prints a rate as a receipt shows it", () => {
    expect(formatVatRate(2000)).toBe("20%");
    expect(formatVatRate(1750)).toBe("17.5%");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AFFILIATE_COMMISSION_PERCENT,
  BOOKING_FEE_PENCE,
  BOOKING_FEE_TEXT,
  affiliateCommission,
  bookingFeePerTicket,
  formatPounds,
  poundsToPence,
} from "./money";

describe("booking fee (spec §9, decisions D1, D17)", () => {
  it("is £2.30 per ticket, held as integer pence", () => {
    expect(BOOKING_FEE_PENCE).toBe(230);
    expect(Number.isInteger(BOOKING_FEE_PENCE)).toBe(true);
  });

  it("applies to paid events only", () => {
    expect(bookingFeePerTicket(1)).toBe(230);
    expect(bookingFeePerTicket(1250)).toBe(230);
    expect(bookingFeePerTicket(0)).toBe(0);
  });

  it("is rendered from the constant in the card text", () => {
    expect(BOOKING_FEE_TEXT).toBe("+ £2.30 booking & processing fee per ticket");
  });
});

describe("affiliateCommission (spec §9: 10% of booking fees only)", () => {
  it("is 10% of the fees, not of the ticket price", () => {
    expect(AFFILIATE_COMMISSION_PERCENT).toBe(10);
    expect(affiliateCommission(1250, 1)).toBe(23);
    expect(affiliateCommission(99_900, 1)).toBe(23);
    expect(affiliateCommission(1250, 10)).toBe(230);
  });

  it("rounds down to whole pence", () => {
    expect(affiliateCommission(500, 3)).toBe(69); // 10% of 690
    expect(Number.isInteger(affiliateCommission(777, 7))).toBe(true);
  });

  it("is zero on free events", () => {
    expect(affiliateCommission(0, 5)).toBe(0);
  });
});

describe("poundsToPence", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.50", 1250],
    ["£12.50", 1250],
    ["  7 ", 700],
    ["0", 0],
    ["0.01", 1],
    ["1,250.00", 125_000],
    [12.5, 1250],
    [3, 300],
  ] as const)("parses %j as %i pence", (input, pence) => {
    expect(poundsToPence(input)).toBe(pence);
  });

  it("avoids floating-point error on amounts such as 19.99 and 0.29", () => {
    expect(poundsToPence("19.99")).toBe(1999);
    expect(poundsToPence("0.29")).toBe(29);
    expect(poundsToPence("1.15")).toBe(115);
  });

  it.each(["1.234", "-1", "abc", "", "  ", ".5", "1.", "12.5.0", "£", "1e3", "Infinity", "NaN", "£-5"])(
    "rejects %j",
    (input) => {
      expect(poundsToPence(input)).toBeNull();
    },
  );
});

describe("formatPounds", () => {
  it("shows £ with two decimals and thousands separators", () => {
    expect(formatPounds(230)).toBe("£2.30");
    expect(formatPounds(125_000)).toBe("£1,250.00");
    expect(formatPounds(0)).toBe("£0.00");
    expect(formatPounds(5)).toBe("£0.05");
    expect(formatPounds(1250)).toBe("£12.50");
    expect(formatPounds(-250)).toBe("-£2.50");
  });

  it("agrees with Intl's en-GB pounds for any whole number of pence", () => {
    const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }).filter((pence) => pence !== 0), (pence) => {
        expect(formatPounds(pence)).toBe(intl.format(pence / 100));
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AFFILIATE_COMMISSION_PERCENT,
  BOOKING_FEE_PENCE,
  affiliateCommission,
  allInPrice,
  allInPricePence,
  bookingFeePerTicket,
  buyerFeePerTicket,
  formatPounds,
  formatPoundsPlain,
  poundsToPence,
} from "./money";
import { absorbedFeePerTicket, organiserFee, organiserReceivesPerTicket } from "./organiser-fee";

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

});

describe("all-in prices (D21)", () => {
  it("a paid ticket's headline includes the fee, named with it", () => {
    expect(allInPrice({ pricePence: 3850, absorbsBookingFee: false })).toEqual({
      feePence: 230,
      priceText: "£40.80",
      feeText: "incl. £2.30 booking & processing fee per ticket",
    });
  });

  it("an absorbed fee leaves the ticket price and says there is no booking fee (D22)", () => {
    expect(allInPrice({ pricePence: 3850, absorbsBookingFee: true })).toEqual({ feePence: 0, priceText: "£38.50", feeText: "No booking fee" });
  });

  it("free stays 'Free', absorbed or not", () => {
    for (const absorbsBookingFee of [false, true]) {
      expect(allInPrice({ pricePence: 0, absorbsBookingFee })).toEqual({ feePence: 0, priceText: "Free", feeText: null });
    }
  });
});

describe("fees when the organiser absorbs the booking fee (D22)", () => {
  it("moves the fee from the buyer to the organiser, on paid tickets only", () => {
    expect([buyerFeePerTicket(1000, false), absorbedFeePerTicket(1000, false)]).toEqual([230, 0]);
    expect([buyerFeePerTicket(1000, true), absorbedFeePerTicket(1000, true)]).toEqual([0, 230]);
    expect([buyerFeePerTicket(0, true), absorbedFeePerTicket(0, true)]).toEqual([0, 0]);
  });
});

describe("organiserFee (D22: 2.9% half up + 30p a paid ticket)", () => {
  it("is 2.9% of the ticket money rounded half up, plus 30p a ticket", () => {
    // 3850 × 2.9% = 111.65 → 112, + 30.
    expect(organiserFee(3850, 1)).toBe(142);
    // 3 × 2000 × 2.9% = 174 exactly, + 90.
    expect(organiserFee(2000, 3)).toBe(264);
  });

  it("rounds exactly half a penny up, and just under half down", () => {
    // 50 × 2.9% = 1.45 → 1; 2 × 1250 × 2.9% = 72.5 → 73; 1 × 1250 × 2.9% = 36.25 → 36.
    expect(organiserFee(50, 1)).toBe(1 + 30);
    expect(organiserFee(1250, 2)).toBe(73 + 60);
    expect(organiserFee(1250, 1)).toBe(36 + 30);
  });

  it("is nothing on free tickets or none at all", () => {
    expect(organiserFee(0, 5)).toBe(0);
    expect(organiserFee(1000, 0)).toBe(0);
  });

  it("is never more than a penny from the exact fee, and adds up across refunds (the difference is what a refund takes off)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 50 }), (price, quantity) => {
        const exact = (price * quantity * 290) / 10000 + 30 * quantity;
        expect(Math.abs(organiserFee(price, quantity) - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it("what the organiser receives per ticket: the price less the organiser fee, and the booking fee when absorbed", () => {
    expect(organiserReceivesPerTicket(3850, false)).toBe(3850 - 142);
    expect(organiserReceivesPerTicket(3850, true)).toBe(3850 - 142 - 230);
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

describe("formatPoundsPlain", () => {
  it("writes pounds as a plain decimal: no £, no thousands separators", () => {
    expect(formatPoundsPlain(230)).toBe("2.30");
    expect(formatPoundsPlain(125_000)).toBe("1250.00");
    expect(formatPoundsPlain(0)).toBe("0.00");
    expect(formatPoundsPlain(5)).toBe("0.05");
    expect(formatPoundsPlain(-150)).toBe("-1.50");
  });

  it("reads back as the same pence, and says what formatPounds says without £ and commas", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (pence) => {
        expect(Math.round(Number(formatPoundsPlain(pence)) * 100)).toBe(pence);
        expect(formatPoundsPlain(pence)).toBe(formatPounds(pence).replace("£", "").replace(/,/g, ""));
      }),
    );
  });
});

describe("allInPricePence", () => {
  it("is the price plus the fee allInPrice names, for any price, fee absorbed or not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), (pricePence, absorbsBookingFee) => {
        expect(allInPricePence({ pricePence, absorbsBookingFee })).toBe(pricePence + allInPrice({ pricePence, absorbsBookingFee }).feePence);
      }),
    );
  });
});

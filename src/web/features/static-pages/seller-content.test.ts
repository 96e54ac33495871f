import { describe, expect, it } from "vitest";
import { SELLER_BENEFITS, SELLER_FEE_TEXT, SELLER_PRICING_POINTS, SELLER_STEPS } from "./seller-content";

describe("seller page content (spec §2 Seller landing page, §9 Fees and money)", () => {
  it("prices selling at 2.9% + £0.30 per ticket, from the domain constant", () => {
    expect(SELLER_FEE_TEXT).toBe("2.9% + £0.30");
  });

  it("quotes the buyer's £2.30 fee from the domain constant (D1) and no unbacked figures (D3)", () => {
    const text = [...SELLER_BENEFITS, ...SELLER_STEPS].map((point) => `${point.title} ${point.text}`).join(" ") + SELLER_PRICING_POINTS.join(" ");
    expect(text).toContain("£2.30 booking & processing fee per paid ticket");
    expect(text).not.toMatch(/98%|satisfaction/i);
  });

  it("explains selling in three steps", () => {
    expect(SELLER_STEPS).toHaveLength(3);
  });
});

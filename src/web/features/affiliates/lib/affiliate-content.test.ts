import { describe, expect, it } from "vitest";
import { AFFILIATE_FAQ, AFFILIATE_TERMS } from "./affiliate-content";

describe("affiliate terms (spec §9 Fees and money)", () => {
  it("10% of the £2.30 fee is £0.23 a paid ticket, with a 30-day referral window", () => {
    expect(AFFILIATE_TERMS.commission).toBe("10% commission on booking fees");
    expect(AFFILIATE_TERMS.perTicket).toBe("£0.23");
    expect(AFFILIATE_TERMS.referralDays).toBe(30);
  });
  it("answers earnings in pounds (decisions.md D2)", () => {
    const text = AFFILIATE_FAQ.map((item) => item.answer).join(" ");
    expect(text).toContain("£2.30");
    expect(text).not.toContain("$");
  });
});

import { describe, expect, it } from "vitest";
import { affiliateStatusFrom, affiliateStatusMessage, isCheckableAffiliateCode } from "./affiliate-status";

describe("affiliate code check (spec §5 Create event)", () => {
  it("says whose a valid code is, in the spec's words", () => {
    const status = affiliateStatusFrom({ valid: true, code: "ABC123", displayName: "Jane Smith" });
    expect(affiliateStatusMessage(status)).toEqual({ tone: "success", text: "Valid affiliate code - Jane Smith" });
  });

  it("warns that an unknown code earns no commission", () => {
    expect(affiliateStatusMessage(affiliateStatusFrom({ valid: false, code: "NOPE" }))).toEqual({
      tone: "warning",
      text: "Affiliate code not found - commission will not be tracked",
    });
  });

  it("says nothing for an empty field", () => {
    expect(affiliateStatusMessage({ state: "idle" })).toBeNull();
  });

  it("asks the server only about codes the schema accepts", () => {
    expect(isCheckableAffiliateCode("ABC-123")).toBe(true);
    expect(isCheckableAffiliateCode("")).toBe(false);
    expect(isCheckableAffiliateCode("ABC 123")).toBe(false);
    expect(isCheckableAffiliateCode("A".repeat(33))).toBe(false);
  });
});

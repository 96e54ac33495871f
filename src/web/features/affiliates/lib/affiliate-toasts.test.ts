import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api-request";
import { affiliateErrorDescription, AFFILIATE_TOASTS } from "./affiliate-toasts";

describe("affiliateErrorDescription (spec §8 Affiliate)", () => {
  it("shows the server's message", () => {
    const conflict = new ApiRequestError({ status: 409, code: "CONFLICT", message: "You already have an affiliate account." });
    expect(affiliateErrorDescription(conflict, AFFILIATE_TOASTS.createFallback)).toBe("You already have an affiliate account.");
  });
  it("falls back otherwise", () => {
    expect(affiliateErrorDescription(new TypeError("Failed to fetch"), AFFILIATE_TOASTS.createFallback)).toBe("Failed to create affiliate account");
    expect(affiliateErrorDescription(new ApiRequestError({ status: 500, message: "x" }), AFFILIATE_TOASTS.createFallback)).toBe(
      "Failed to create affiliate account",
    );
  });
});

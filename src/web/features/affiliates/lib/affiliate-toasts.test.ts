import { describe, expect, it } from "vitest";
import { affiliateErrorDescription, AFFILIATE_TOASTS } from "./affiliate-toasts";

describe("affiliateErrorDescription (spec §8 Affiliate)", () => {
  it("shows the server's message", () => {
    const conflict = { status: 409, message: "You already have an affiliate account." };
    expect(affiliateErrorDescription(conflict, AFFILIATE_TOASTS.createFallback)).toBe("You already have an affiliate account.");
  });
  it("falls back otherwise", () => {
    expect(affiliateErrorDescription({ status: 400, message: "" }, AFFILIATE_TOASTS.createFallback)).toBe("Failed to create affiliate account");
    expect(affiliateErrorDescription({ status: 500, message: "x" }, AFFILIATE_TOASTS.createFallback)).toBe(
      "Failed to create affiliate account",
    );
  });
});

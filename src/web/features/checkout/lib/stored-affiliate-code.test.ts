// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@domain";
import { signInPath } from "../create-payment";
import { arriveWithAffiliateRef } from "~/lib/affiliate-visit";
import { browserAffiliateCode, storedAffiliateCode } from "./stored-affiliate-code";

function memoryStorage(initial: Record<string, string>) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("storedAffiliateCode (spec §4 Affiliate attribution)", () => {
  const now = 1_800_000_000_000;
  it("uses a code until its expiry", () => {
    const storage = memoryStorage({ [STORAGE_KEYS.affiliateCode]: "ABC123", [STORAGE_KEYS.affiliateExpiry]: String(now + 1) });
    expect(storedAffiliateCode(storage, now)).toBe("ABC123");
  });
  it("removes and ignores an expired code", () => {
    const storage = memoryStorage({ [STORAGE_KEYS.affiliateCode]: "ABC123", [STORAGE_KEYS.affiliateExpiry]: String(now - 1) });
    expect(storedAffiliateCode(storage, now)).toBeNull();
    expect(storage.values.size).toBe(0);
  });
  it("is null with no code or a malformed one", () => {
    expect(storedAffiliateCode(memoryStorage({}), now)).toBeNull();
    expect(storedAffiliateCode(memoryStorage({ [STORAGE_KEYS.affiliateCode]: "<x>", [STORAGE_KEYS.affiliateExpiry]: String(now + 1) }), now)).toBeNull();
  });
});

describe("browserAffiliateCode (the code create-payment is sent)", () => {
  it("credits the code the visit arrived with, which nothing stored, ahead of a remembered one", () => {
    window.localStorage.clear();
    expect(browserAffiliateCode()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.affiliateCode, "REMEMBER1");
    window.localStorage.setItem(STORAGE_KEYS.affiliateExpiry, String(Date.now() + 60_000));
    expect(browserAffiliateCode()).toBe("REMEMBER1");
    arriveWithAffiliateRef("visit2026");
    expect(browserAffiliateCode()).toBe("VISIT2026");
    expect(window.localStorage.getItem(STORAGE_KEYS.affiliateCode)).toBe("REMEMBER1");
  });
});

describe("signInPath", () => {
  it("returns to the page after signing in", () => {
    expect(signInPath("/events/abc")).toBe("/auth?redirect=/events/abc");
    expect(signInPath("/cart")).toBe("/auth?redirect=/cart");
    expect(new URLSearchParams(signInPath("/a?b=c&d").split("?").slice(1).join("?")).get("redirect")).toBe("/a?b=c&d");
  });
});

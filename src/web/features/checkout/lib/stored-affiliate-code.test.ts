import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@domain";
import { signInPath } from "../create-payment";
import { storedAffiliateCode } from "./stored-affiliate-code";

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

describe("signInPath", () => {
  it("returns to the page after signing in", () => {
    expect(signInPath("/events/abc")).toBe("/auth?redirect=/events/abc");
    expect(signInPath("/cart")).toBe("/auth?redirect=/cart");
    expect(new URLSearchParams(signInPath("/a?b=c&d").split("?").slice(1).join("?")).get("redirect")).toBe("/a?b=c&d");
  });
});

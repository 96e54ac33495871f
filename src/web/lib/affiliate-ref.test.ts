import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@domain";
import { AFFILIATE_CODE_VALIDITY_MS, normaliseAffiliateCode, removeExpiredAffiliateCode } from "./affiliate-ref";
import { rememberAffiliateCode } from "./affiliate-visit";

/** A Map-backed Storage, so the tests read back exactly what the code wrote. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe("normaliseAffiliateCode", () => {
  it("trims and uppercases a valid code", () => {
    expect(normaliseAffiliateCode("  abc123 ")).toBe("ABC123");
  });

  it.each([
    ["too short", "AB1"],
    ["too long", "A".repeat(17)],
    ["punctuation", "ABC-123"],
    ["inner space", "ABC 123"],
    ["non-ASCII letters", "ÄBC123"],
    ["empty", ""],
  ])("rejects a code that is %s", (_reason, raw) => {
    expect(normaliseAffiliateCode(raw)).toBeNull();
  });

  it("accepts the 4 and 16 character limits", () => {
    expect(normaliseAffiliateCode("abcd")).toBe("ABCD");
    expect(normaliseAffiliateCode("a".repeat(16))).toBe("A".repeat(16));
  });

  it("returns null when there is no ref", () => {
    expect(normaliseAffiliateCode(null)).toBeNull();
    expect(normaliseAffiliateCode(undefined)).toBeNull();
  });
});

describe("rememberAffiliateCode (after the visitor's Yes)", () => {
  it("stores the code with an expiry 30 days ahead in epoch milliseconds", () => {
    const storage = memoryStorage();
    rememberAffiliateCode({ storage, code: "ABC123", now: NOW });
    expect(storage.items.get(STORAGE_KEYS.affiliateCode)).toBe("ABC123");
    expect(Number(storage.items.get(STORAGE_KEYS.affiliateExpiry))).toBe(NOW + 30 * DAY);
    expect(AFFILIATE_CODE_VALIDITY_MS).toBe(30 * DAY);
  });

  it("replaces an earlier code and restarts its 30 days", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.affiliateCode]: "OLDCODE1",
      [STORAGE_KEYS.affiliateExpiry]: String(NOW + DAY),
    });
    rememberAffiliateCode({ storage, code: "NEWCODE2", now: NOW });
    expect(storage.items.get(STORAGE_KEYS.affiliateCode)).toBe("NEWCODE2");
    expect(Number(storage.items.get(STORAGE_KEYS.affiliateExpiry))).toBe(NOW + 30 * DAY);
  });
});

describe("removeExpiredAffiliateCode", () => {
  it("keeps a code until its expiry time", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.affiliateCode]: "VALID123",
      [STORAGE_KEYS.affiliateExpiry]: String(NOW + 1),
    });
    removeExpiredAffiliateCode(storage, NOW);
    expect(storage.items.get(STORAGE_KEYS.affiliateCode)).toBe("VALID123");
  });

  it("removes a code at the exact expiry time", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.affiliateCode]: "EXPIRED1",
      [STORAGE_KEYS.affiliateExpiry]: String(NOW),
    });
    removeExpiredAffiliateCode(storage, NOW);
    expect(storage.items.size).toBe(0);
  });

  it("removes a code whose expiry is missing or unreadable", () => {
    const missing = memoryStorage({ [STORAGE_KEYS.affiliateCode]: "NOEXPIRY" });
    removeExpiredAffiliateCode(missing, NOW);
    expect(missing.items.size).toBe(0);

    const garbled = memoryStorage({ [STORAGE_KEYS.affiliateCode]: "GARBLED1", [STORAGE_KEYS.affiliateExpiry]: "soon" });
    removeExpiredAffiliateCode(garbled, NOW);
    expect(garbled.items.size).toBe(0);
  });

  it("leaves empty storage untouched", () => {
    const storage = memoryStorage({ unrelated: "x" });
    removeExpiredAffiliateCode(storage, NOW);
    expect([...storage.items.keys()]).toEqual(["unrelated"]);
  });
});

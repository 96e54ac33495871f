import { STORAGE_KEYS } from "@domain";

/** An affiliate code is valid for 30 days after the visit that brought it (spec §9 Input limits). */
export const AFFILIATE_CODE_VALIDITY_MS = 30 * 24 * 60 * 60 * 1000;

const AFFILIATE_CODE_PATTERN = /^[A-Z0-9]{4,16}$/;

type AffiliateStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** "  abc123 " → "ABC123"; null for anything that is not 4–16 letters or digits. */
export function normaliseAffiliateCode(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const code = raw.trim().toUpperCase();
  return AFFILIATE_CODE_PATTERN.test(code) ? code : null;
}

/**
 * Removes a stored code whose expiry has passed (spec §4 Affiliate attribution). A code without a
 * readable expiry cannot be honoured for a bounded time either, so it goes too.
 */
export function removeExpiredAffiliateCode(storage: AffiliateStorage, now: number): void {
  if (storage.getItem(STORAGE_KEYS.affiliateCode) === null) {
    if (storage.getItem(STORAGE_KEYS.affiliateExpiry) !== null) storage.removeItem(STORAGE_KEYS.affiliateExpiry);
    return;
  }
  const expiry = Number(storage.getItem(STORAGE_KEYS.affiliateExpiry));
  if (!Number.isFinite(expiry) || expiry <= 0 || expiry <= now) {
    storage.removeItem(STORAGE_KEYS.affiliateCode);
    storage.removeItem(STORAGE_KEYS.affiliateExpiry);
  }
}

/**
 * The code this visit arrived with, held in memory only: it lasts while the app stays loaded (every
 * in-app page change, signing in, the cart) and credits a purchase made in the visit, consent or not.
 * Written by affiliate-visit.ts, which loads only on a visit with `?ref=` (issue 34).
 */
export const affiliateVisit: { code: string | null; answered: boolean } = { code: null, answered: false };

export function visitAffiliateCode(): string | null {
  return affiliateVisit.code;
}

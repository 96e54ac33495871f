import { useEffect } from "react";
import { useSearchParams } from "react-router";
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
 * Applies a visit to the home page: a valid `ref` is stored with an expiry 30 days ahead (replacing
 * any earlier code); otherwise an expired stored code is cleared. Returns the code stored, if any.
 */
export function applyAffiliateRef({
  storage,
  ref,
  now,
}: {
  storage: AffiliateStorage;
  ref: string | null;
  now: number;
}): string | null {
  const code = normaliseAffiliateCode(ref);
  if (code) {
    storage.setItem(STORAGE_KEYS.affiliateCode, code);
    storage.setItem(STORAGE_KEYS.affiliateExpiry, String(now + AFFILIATE_CODE_VALIDITY_MS));
    return code;
  }
  removeExpiredAffiliateCode(storage, now);
  return null;
}

/** Records `?ref=CODE` from the home page's URL in local storage, once the page runs in the browser. */
export function useAffiliateRef(): void {
  const [searchParams] = useSearchParams();
  const ref = searchParams.get("ref");
  useEffect(() => {
    try {
      applyAffiliateRef({ storage: window.localStorage, ref, now: Date.now() });
    } catch {
      // Storage can be unavailable (private mode, blocked cookies); attribution is then simply skipped.
    }
  }, [ref]);
}

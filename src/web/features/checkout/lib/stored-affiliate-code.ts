import { STORAGE_KEYS } from "@domain";
import { normaliseAffiliateCode, removeExpiredAffiliateCode } from "~/lib/affiliate-ref";

type AffiliateStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The referral code to credit with this purchase: the stored code until its expiry; an expired code is
 * removed first (spec §4 Affiliate attribution).
 */
export function storedAffiliateCode(storage: AffiliateStorage, now: number): string | null {
  removeExpiredAffiliateCode(storage, now);
  return normaliseAffiliateCode(storage.getItem(STORAGE_KEYS.affiliateCode));
}

/** The same in the browser; storage that cannot be read credits no one. */
export function browserAffiliateCode(): string | null {
  try {
    return storedAffiliateCode(window.localStorage, Date.now());
  } catch {
    return null;
  }
}

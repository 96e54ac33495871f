import { STORAGE_KEYS } from "@domain";
import { normaliseAffiliateCode, removeExpiredAffiliateCode, visitAffiliateCode } from "~/lib/affiliate-ref";

type AffiliateStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The referral code to credit with this purchase: the stored code until its expiry; an expired code is
 * removed first (spec §4 Affiliate attribution).
 */
export function storedAffiliateCode(storage: AffiliateStorage, now: number): string | null {
  removeExpiredAffiliateCode(storage, now);
  return normaliseAffiliateCode(storage.getItem(STORAGE_KEYS.affiliateCode));
}

/**
 * The code to credit in the browser: the one this visit arrived with (kept in memory, stored or not),
 * else the one the visitor agreed to remember; storage that cannot be read credits no one.
 */
export function browserAffiliateCode(): string | null {
  const visiting = visitAffiliateCode();
  if (visiting) return visiting;
  try {
    return storedAffiliateCode(window.localStorage, Date.now());
  } catch {
    return null;
  }
}

import { STORAGE_KEYS } from "@domain";
import { AFFILIATE_CODE_VALIDITY_MS, affiliateVisit, normaliseAffiliateCode } from "./affiliate-ref";

/*
 * A `?ref=` visit's consent (issue 34): nothing about the code is written to the browser until the visitor
 * says Yes. Only the banner imports this, so no other visit downloads it.
 */

type AffiliateStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The visitor said Yes to remembering `code`: it is stored with an expiry 30 days ahead, replacing any
 * earlier code. Nothing else ever writes the code to the browser (issue 34: no storage without consent).
 */
export function rememberAffiliateCode({ storage, code, now }: { storage: AffiliateStorage; code: string; now: number }): void {
  storage.setItem(STORAGE_KEYS.affiliateCode, code);
  storage.setItem(STORAGE_KEYS.affiliateExpiry, String(now + AFFILIATE_CODE_VALIDITY_MS));
}

const visit = affiliateVisit;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function subscribeToVisitAffiliateCode(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A `?ref=` in the address: a valid code becomes this visit's code (an invalid one changes nothing). */
export function arriveWithAffiliateRef(ref: string | null): void {
  const code = normaliseAffiliateCode(ref);
  if (!code || code === visit.code) return;
  visit.code = code;
  visit.answered = false;
  changed();
}

function storedCode(): string | null {
  try {
    return normaliseAffiliateCode(window.localStorage.getItem(STORAGE_KEYS.affiliateCode));
  } catch {
    return null;
  }
}

/** The visit's code while the visitor has not yet said whether to remember it (and it is not already remembered). */
export function affiliateCodeAwaitingConsent(): string | null {
  if (!visit.code || visit.answered) return null;
  return storedCode() === visit.code ? null : visit.code;
}

/** Yes or No thanks on the banner; only Yes writes anything to the browser. */
export function answerAffiliateConsent(remember: boolean): void {
  if (!visit.code) return;
  if (remember) {
    try {
      rememberAffiliateCode({ storage: window.localStorage, code: visit.code, now: Date.now() });
    } catch {
      // Storage can be unavailable (private mode, blocked cookies): the code still counts for this visit.
    }
  }
  visit.answered = true;
  changed();
}

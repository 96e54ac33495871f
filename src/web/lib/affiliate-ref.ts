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
 * The visitor said Yes to remembering `code`: it is stored with an expiry 30 days ahead, replacing any
 * earlier code. Nothing else ever writes the code to the browser (issue 34: no storage without consent).
 */
export function rememberAffiliateCode({ storage, code, now }: { storage: AffiliateStorage; code: string; now: number }): void {
  storage.setItem(STORAGE_KEYS.affiliateCode, code);
  storage.setItem(STORAGE_KEYS.affiliateExpiry, String(now + AFFILIATE_CODE_VALIDITY_MS));
}

/**
 * The code this visit arrived with, held in memory only: it lasts while the app stays loaded (every
 * in-app page change, signing in, the cart) and credits a purchase made in the visit, consent or not.
 */
const visit: { code: string | null; answered: boolean } = { code: null, answered: false };
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function subscribeToVisitAffiliateCode(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function visitAffiliateCode(): string | null {
  return visit.code;
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

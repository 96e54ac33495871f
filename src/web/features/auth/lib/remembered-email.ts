import { STORAGE_KEYS } from "@domain";

/**
 * Set beside the e-mail when the person ticked "Remember my e-mail on this device" (issue 34): an e-mail
 * stored without it (every sign-in once stored one) is never prefilled and goes at sign-out.
 */
const ASKED_KEY = `${STORAGE_KEYS.rememberedEmail}Asked`;

/** The e-mail its owner asked this browser to remember (spec §3 Local storage keys), or "". */
export function readRememberedEmail(): string {
  try {
    if (window.localStorage.getItem(ASKED_KEY) !== "true") return "";
    return window.localStorage.getItem(STORAGE_KEYS.rememberedEmail) ?? "";
  } catch {
    // Storage can be blocked (private mode, strict cookie settings): nothing is prefilled then.
    return "";
  }
}

/** After a sign-in: the e-mail is kept when the box was ticked, and forgotten when it was not. */
export function setRememberedEmail(email: string, remember: boolean): void {
  try {
    if (remember) {
      window.localStorage.setItem(STORAGE_KEYS.rememberedEmail, email);
      window.localStorage.setItem(ASKED_KEY, "true");
    } else {
      window.localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
      window.localStorage.removeItem(ASKED_KEY);
    }
  } catch {
    // See readRememberedEmail: remembering is a convenience, never a reason to fail a sign-in.
  }
}

/** At sign-out: an e-mail nobody asked to be remembered is removed. */
export function forgetUnaskedEmail(): void {
  try {
    if (window.localStorage.getItem(ASKED_KEY) !== "true") window.localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
  } catch {
    // Storage may be blocked; then nothing was remembered either.
  }
}

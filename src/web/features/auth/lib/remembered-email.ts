import { STORAGE_KEYS } from "@domain";

/**
 * Set beside the e-mail when the person ticked "Remember my e-mail on this device" (issue 34): an e-mail
 * stored without it (every sign-in once stored one) is never prefilled and goes at sign-out.
 */
const ASKED_KEY = `${STORAGE_KEYS.rememberedEmail}Asked`;

/** Runs against local storage; storage can be blocked (private mode, strict cookie settings), and remembering is only a convenience. */
function withStorage<T>(action: (storage: Storage) => T, blocked: T): T {
  try {
    return action(window.localStorage);
  } catch {
    return blocked;
  }
}

const asked = (storage: Storage) => storage.getItem(ASKED_KEY) === "true";

/** The e-mail its owner asked this browser to remember (spec §3 Local storage keys), or "". */
export function readRememberedEmail(): string {
  return withStorage((storage) => (asked(storage) && storage.getItem(STORAGE_KEYS.rememberedEmail)) || "", "");
}

/** After a sign-in: the e-mail is kept when the box was ticked, and forgotten when it was not. */
export function setRememberedEmail(email: string, remember: boolean): void {
  withStorage((storage) => {
    for (const [key, value] of [[STORAGE_KEYS.rememberedEmail, email], [ASKED_KEY, "true"]]) {
      if (remember) storage.setItem(key!, value!);
      else storage.removeItem(key!);
    }
  }, undefined);
}

/** At sign-out: an e-mail nobody asked to be remembered is removed. */
export function forgetUnaskedEmail(): void {
  withStorage((storage) => asked(storage) || storage.removeItem(STORAGE_KEYS.rememberedEmail), undefined);
}

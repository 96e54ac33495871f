import { STORAGE_KEYS } from "@domain";

/** The e-mail of the last successful sign-in in this browser (spec §3 Local storage keys), or "". */
export function readRememberedEmail(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.rememberedEmail) ?? "";
  } catch {
    // Storage can be blocked (private mode, strict cookie settings): nothing is prefilled then.
    return "";
  }
}

export function rememberEmail(email: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.rememberedEmail, email);
  } catch {
    // See readRememberedEmail: remembering is a convenience, never a reason to fail a sign-in.
  }
}

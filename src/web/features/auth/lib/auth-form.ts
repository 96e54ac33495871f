import type { ToastText } from "./auth-toasts";
import type { OtpChannel, OtpTarget } from "./otp-target";

/**
 * What each /auth form posts as `intent`. The forms post to the page itself: before the page's scripts
 * run the route's action does the form's work on the server; once hydrated the form sends the same
 * call from the browser and never reaches the action (issue 16).
 */
export type AuthIntent = "sign-in" | "sign-up" | "reset" | "otp-send" | "otp-verify" | "otp-back" | "new-password";

export const INTENT_FIELD = "intent";

/** The action's answer, drawn by the page it renders again. */
export interface AuthFormResult {
  intent: AuthIntent;
  /** What went wrong, in the toast's words, and the field to mark (null: the form as a whole). */
  problem?: { field: string | null; toast: ToastText };
  /** The e-mail typed, so the page drawn again keeps it (never a password or code). */
  email?: string;
  /** OTP: the channel chosen, and the phone number typed. */
  channel?: OtpChannel;
  phone?: string;
  /** OTP: where the code was sent, once it was. */
  target?: OtpTarget;
  /** Sign-up or reset done: the mail went to `email`. */
  sent?: boolean;
}

/** The result when it answers `intent`'s form, else undefined. */
export function resultFor(result: AuthFormResult | undefined, ...intents: AuthIntent[]): AuthFormResult | undefined {
  return result && intents.includes(result.intent) ? result : undefined;
}

/** The result's problem when it names one of `fields` (to mark and explain that field), else null. */
export function fieldProblem<Field extends string>(result: AuthFormResult | undefined, fields: readonly Field[]): { field: Field; toast: ToastText } | null {
  const problem = result?.problem;
  return problem && fields.includes(problem.field as Field) ? { field: problem.field as Field, toast: problem.toast } : null;
}

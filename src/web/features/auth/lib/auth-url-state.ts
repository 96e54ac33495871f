import { paths } from "~/paths";

/** Where a password-reset e-mail's link lands; the auth server adds the token (or error=INVALID_TOKEN). */
export const RECOVERY_PATH = `${paths.auth}?type=recovery`;

const EXPIRED_LINK = "This link is invalid or has expired. Please request a new one.";

const READABLE_ERRORS: Record<string, string> = {
  INVALID_TOKEN: EXPIRED_LINK,
  TOKEN_EXPIRED: EXPIRED_LINK,
  USER_NOT_FOUND: "We couldn't find the account this link was for.",
  INVALID_USER: "This link belongs to a different account. Sign out and open it again.",
  EMAIL_NOT_VERIFIED: "Please confirm your email address before signing in.",
};

/** The reset token of a password-recovery link (spec §4 Auth), or null when the URL is not one. */
export function recoveryToken(params: URLSearchParams): string | null {
  if (params.has("error") || params.has("error_description")) return null;
  const token = params.get("token")?.trim();
  return token ? token : null;
}

/** "SOME_CODE" → "Some code." for an error code we have no wording for. */
function humanise(code: string): string {
  const words = code.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}.` : EXPIRED_LINK;
}

/**
 * The 'Authentication Error' detail for a URL carrying error or error_description (spec §8 Other auth),
 * or for a recovery link that arrived without its token. Null when the URL reports no problem.
 */
export function authErrorFromUrl(params: URLSearchParams): string | null {
  const description = params.get("error_description")?.trim();
  if (description) return description;
  const code = params.get("error")?.trim();
  if (code) return READABLE_ERRORS[code.toUpperCase()] ?? humanise(code);
  if (params.get("type") === "recovery" && !recoveryToken(params)) return EXPIRED_LINK;
  return null;
}

/** The same query without the error parameters (and a spent or broken recovery link): the URL is cleaned after the toast. */
export function withoutAuthErrorParams(params: URLSearchParams): URLSearchParams {
  const cleaned = new URLSearchParams(params);
  const hadError = cleaned.has("error") || cleaned.has("error_description");
  cleaned.delete("error");
  cleaned.delete("error_description");
  if (hadError || !recoveryToken(cleaned)) {
    cleaned.delete("type");
    cleaned.delete("token");
  }
  return cleaned;
}

/** The /auth tabs (spec §2 Auth), chosen by `?tab=`; Sign In, the first, is the page without one. */
export const AUTH_TABS = [
  { value: "signin", label: "Sign In" },
  { value: "otp", label: "OTP" },
  { value: "signup", label: "Sign Up" },
  { value: "reset", label: "Reset" },
] as const;

export type AuthTab = (typeof AUTH_TABS)[number]["value"];

export const AUTH_TAB_VALUES: readonly AuthTab[] = AUTH_TABS.map(({ value }) => value);

/**
 * Form fields that must never stay in an address. Every form on /auth posts, but a form sent as a GET
 * by an older page (or a hand-made link) would keep them in the browser's history.
 */
const FORM_SECRETS = ["password", "newPassword", "confirmation", "otp", "code"];

/** The same query without form secrets, or null when it carries none. */
export function withoutFormSecrets(params: URLSearchParams): URLSearchParams | null {
  if (!FORM_SECRETS.some((name) => params.has(name))) return null;
  const cleaned = new URLSearchParams(params);
  for (const name of FORM_SECRETS) cleaned.delete(name);
  return cleaned;
}

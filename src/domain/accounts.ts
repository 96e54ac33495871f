import { londonClock } from "./london-time";

/** spec §9 Input limits. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const OTP_LENGTH = 6;
export const MIN_AGE_YEARS = 13;
/** spec §6 Admin: admin access counts only within 24 hours of the last sign-in. */
export const ADMIN_SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Where every e-mail confirmation link ends, after the auth server has confirmed the address and signed
 * its owner in: /auth, which sends a signed-in user to EMAIL_CONFIRMED_HOME and shows a link's error
 * ('Authentication Error') as before.
 */
export const EMAIL_CONFIRMATION_CALLBACK = "/auth?confirmed=email";
/** The home page that says 'Email confirmed' (to a signed-in user whose address is confirmed). */
export const EMAIL_CONFIRMED_HOME = "/?confirmed=email";
/** Whether an address's query carries the 'confirmed' flag of the two paths above. */
export function hasEmailConfirmedFlag(search: URLSearchParams): boolean {
  return search.get("confirmed") === "email" && !search.has("error");
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' into its parts, or null when it is not a real calendar date. */
function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The UK calendar date of an instant (today's by default), as 'YYYY-MM-DD'. */
export function ukToday(now: Date = new Date()): string {
  return londonClock(now).toISOString().slice(0, 10);
}

/** Age in full years on `today` ('YYYY-MM-DD'), or null for an invalid date. */
export function ageInFullYears(dateOfBirth: string, today: string): number | null {
  const born = parseIsoDate(dateOfBirth);
  const now = parseIsoDate(today);
  if (!born || !now) return null;
  let age = now.year - born.year;
  if (now.month < born.month || (now.month === born.month && now.day < born.day)) age -= 1;
  return age;
}

/** The latest date of birth allowed today: today minus 13 years (the date input's max, spec §5 Sign up). */
export function latestAllowedDateOfBirth(today: string = ukToday()): string {
  const now = parseIsoDate(today);
  if (!now) throw new Error(`Invalid date: ${today}`);
  // 29 February minus 13 years is 28 February: the last day on which a leap-day child is old enough.
  const candidate = new Date(Date.UTC(now.year - MIN_AGE_YEARS, now.month - 1, now.day));
  if (candidate.getUTCMonth() !== now.month - 1) candidate.setUTCDate(0);
  return candidate.toISOString().slice(0, 10);
}

export type DateOfBirthProblem = "missing" | "invalid" | "too-young";

/** Checks a sign-up date of birth (spec §5 Sign up). Null means it is acceptable. */
export function dateOfBirthProblem(value: unknown, today: string = ukToday()): DateOfBirthProblem | null {
  if (value === undefined || value === null || value === "") return "missing";
  // A request body can hold anything here, not only the form's text.
  if (typeof value !== "string") return "invalid";
  const age = ageInFullYears(value, today);
  if (age === null || age > 130) return "invalid";
  if (age < MIN_AGE_YEARS) return "too-young";
  return null;
}

/**
 * Normalises a phone number to E.164. UK numbers may be typed the local way ('07700 900123') or
 * with +44/0044; other countries need their + prefix. Null when it cannot be a phone number.
 */
export function normalisePhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  let e164: string;
  if (compact.startsWith("+")) e164 = compact;
  else if (compact.startsWith("00")) e164 = `+${compact.slice(2)}`;
  else if (compact.startsWith("0")) e164 = `+44${compact.slice(1)}`;
  else return null;
  if (e164.startsWith("+440")) e164 = `+44${e164.slice(4)}`;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

/** A same-site path to return to after signing in, or null for anything that could leave the site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return value;
}

/** What a failed password sign-in means for the user (spec §8 Sign in). */
export type SignInFailure = "invalid-credentials" | "email-not-confirmed" | "too-many-attempts" | "other";

export function classifySignInFailure({ status, code, message }: { status?: number; code?: string; message?: string }): SignInFailure {
  const text = (message ?? "").toLowerCase();
  if (status === 429 || text.includes("too many requests")) return "too-many-attempts";
  if (code === "EMAIL_NOT_VERIFIED" || (text.includes("email") && (text.includes("confirmed") || text.includes("verified")))) {
    return "email-not-confirmed";
  }
  if (code === "INVALID_EMAIL_OR_PASSWORD" || text.includes("invalid") || text.includes("credentials")) return "invalid-credentials";
  return "other";
}

/**
 * spec §6 Admin (D10): the role counts only with a confirmed e-mail and a sign-in within 24 hours. The
 * sign-in is the acting session's own (`signedInAt`), not the account's latest anywhere.
 */
export function adminAccess(
  user: { role: string | null; emailVerified: boolean; signedInAt: Date | null },
  now: Date = new Date(),
): { granted: true } | { granted: false; reason: "not-admin" | "email-not-confirmed" | "session-too-old" } {
  if (user.role !== "admin") return { granted: false, reason: "not-admin" };
  if (!user.emailVerified) return { granted: false, reason: "email-not-confirmed" };
  if (!user.signedInAt || now.getTime() - user.signedInAt.getTime() > ADMIN_SESSION_MAX_AGE_MS) {
    return { granted: false, reason: "session-too-old" };
  }
  return { granted: true };
}

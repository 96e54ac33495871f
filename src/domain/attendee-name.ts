// Plain rules (no zod), so the checkout forms can check a name as the server does without loading zod.
import { printableTextProblem } from "./printable-text";

/** The longest attendee name a ticket carries (issue 17). */
export const ATTENDEE_NAME_MAX = 100;

export const ATTENDEE_NAME_MESSAGES = {
  missing: "Please enter the attendee's name.",
  tooLong: `The attendee's name can be at most ${ATTENDEE_NAME_MAX} characters.`,
  badCharacter: "The attendee's name contains a character that is not allowed.",
} as const;

/** What is wrong with an attendee name (already trimmed), or null when it is fine (issue 17, decision 021). */
export function attendeeNameProblem(name: string): string | null {
  if (name.length === 0) return ATTENDEE_NAME_MESSAGES.missing;
  if ([...name].length > ATTENDEE_NAME_MAX) return ATTENDEE_NAME_MESSAGES.tooLong;
  const problem = printableTextProblem(name);
  // A name of blank letters only is no name at all.
  if (problem) return problem === "invisible" ? ATTENDEE_NAME_MESSAGES.missing : ATTENDEE_NAME_MESSAGES.badCharacter;
  return null;
}

/**
 * The name checkout offers (decision 021): the one this account last typed at checkout, else its
 * profile's display name, else nothing (the buyer types one). Never the account's handle or e-mail.
 */
export function checkoutAttendeeName(profile: { lastAttendeeName: string | null; displayName: string | null } | null): string {
  return profile?.lastAttendeeName?.trim() || profile?.displayName?.trim() || "";
}

/** The longest e-mail address a ticket's attendee may be given (RFC 5321's path limit, as the contact form takes). */
export const ATTENDEE_EMAIL_MAX = 254;

export const ATTENDEE_EMAIL_MESSAGES = {
  invalid: "Please enter a valid e-mail address, or leave it empty.",
  tooLong: `The e-mail address can be at most ${ATTENDEE_EMAIL_MAX} characters.`,
} as const;

/** zod's own e-mail pattern (z.email()), so the checkout form, which loads no zod, judges an address as the server does. */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What is wrong with an attendee's own e-mail (already trimmed, non-empty), or null when it is fine (issue 36). */
export function attendeeEmailProblem(email: string): string | null {
  if (email.length > ATTENDEE_EMAIL_MAX) return ATTENDEE_EMAIL_MESSAGES.tooLong;
  return EMAIL_PATTERN.test(email) ? null : ATTENDEE_EMAIL_MESSAGES.invalid;
}

import { BRAND, ContactMessageInput } from "@domain";
import { ApiRequestError } from "~/lib/api-request";

export type ContactField = keyof ContactMessageInput;
export type ContactFields = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: readonly ContactField[] = ["firstName", "lastName", "email", "subject", "message"];
export const EMPTY_CONTACT_FIELDS: ContactFields = { firstName: "", lastName: "", email: "", subject: "", message: "" };

export const CONTACT_TOASTS = {
  sentTitle: "Message sent!",
  failedTitle: "Failed to send message",
  offline: "Please check your internet connection and try again.",
} as const;

export const sentDescription = (input: Pick<ContactMessageInput, "firstName" | "email">) =>
  `Thanks, ${input.firstName}. Our support team will reply to ${input.email} as soon as they can.`;

/** The form checked against the one schema the server also uses (CONVENTIONS rule 3); errors keyed by field. */
export function checkContactFields(fields: ContactFields): { input: ContactMessageInput } | { errors: ContactErrors; firstInvalid: ContactField } {
  const parsed = ContactMessageInput.safeParse(fields);
  if (parsed.success) return { input: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { errors, firstInvalid: CONTACT_FIELDS.find((field) => errors[field])! };
}

/** The failure toast's detail: the server's own words for a refusal (a rate limit, a field), else a plain next step. */
export function contactFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.message && !error.message.startsWith("The request failed")) return error.message;
    return `Please try again in a few minutes, or email us at ${BRAND.supportEmail}.`;
  }
  return CONTACT_TOASTS.offline;
}

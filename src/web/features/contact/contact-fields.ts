import { BRAND, type ContactMessageInput } from "@domain";
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

export const CONTACT_TRY_LATER = `Please try again in a few minutes, or email us at ${BRAND.supportEmail}.`;

export type ContactOutcome = { ok: boolean; text: string } | null;

/** The page's note after a send, in the toast's words (also the only feedback when the scripts have not run). */
export const sentOutcome = (input: Pick<ContactMessageInput, "firstName" | "email">): ContactOutcome => ({ ok: true, text: `${CONTACT_TOASTS.sentTitle} ${sentDescription(input)}` });
export const failedOutcome = (description: string): ContactOutcome => ({ ok: false, text: `${CONTACT_TOASTS.failedTitle}: ${description}` });

/** What the contact form's post (made before the page's scripts ran) answers: the fields to show again, their errors, the note. */
export interface ContactFormResult {
  fields: ContactFields;
  errors: ContactErrors;
  outcome: ContactOutcome;
}

/** The failure toast's detail: the server's own words for a refusal (a rate limit, a field), else a plain next step. */
export function contactFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.message && !error.message.startsWith("The request failed")) return error.message;
    return CONTACT_TRY_LATER;
  }
  return CONTACT_TOASTS.offline;
}

import type { SendTestEmailInput, TicketEmailResult } from "@domain";
import { ApiRequestError } from "~/lib/api-request";

/** The manual e-mail sender's toasts, word for word from spec §8 'E-mail pages'. */
export const EMAIL_TEST_TOASTS = {
  sentTitle: "Email sent successfully!",
  failedTitle: "Failed to send email",
  failedFallback: "Please try again later.",
  ticketCalled: "Ticket email function called",
  ticketError: "Ticket email error",
} as const;

export const sentDescription = (recipient: string) => `Email sent to ${recipient}`;

/** The 'Failed to send email' detail: the server's reason (another address for a non-admin, a rate limit), else the spec's fallback. */
export function testEmailFailure(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500 && error.message) return error.message;
  return EMAIL_TEST_TOASTS.failedFallback;
}

export type TestEmailFields = Record<keyof SendTestEmailInput, string>;
export type TestEmailErrors = Partial<Record<keyof SendTestEmailInput, string>>;

/** A sample message: the ticket e-mail with sample data, as the server renders it in the product's layout. */
export interface SampleEmail {
  subject: string;
  html: string;
}

/** The sample the 'Insert Sample' button fills in, addressed to the user's own e-mail (spec §2 Manual Email Sender). */
export function sampleTestEmail(ownEmail: string, sample: SampleEmail): TestEmailFields {
  return { toEmail: ownEmail, subject: sample.subject, htmlContent: sample.html };
}

/**
 * The raw answer of send-ticket-email for the ticket test card, or the refusal in the API's own error
 * shape. The provider that delivered is left out: users never see a provider's name (issue 17); the
 * server's log has it.
 */
export function rawTicketResult(outcome: { result: TicketEmailResult } | { error: unknown }): string {
  if ("result" in outcome) {
    const { success, recipient, error } = outcome.result;
    return JSON.stringify({ success, recipient, error }, null, 2);
  }
  const { error } = outcome;
  if (error instanceof ApiRequestError) return JSON.stringify({ status: error.status, error: { code: error.code ?? null, message: error.message } }, null, 2);
  return JSON.stringify({ error: { message: error instanceof Error ? error.message : String(error) } }, null, 2);
}

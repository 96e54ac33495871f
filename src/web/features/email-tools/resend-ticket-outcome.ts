import { checkTicketIdentifier, TICKET_IDENTIFIER_REQUIRED, type TicketEmailProvider, type TicketEmailResult } from "@domain";
import { ApiRequestError } from "~/lib/api-request";

/** spec §5 Ticket viewer and resender, §8 'E-mail pages', word for word, less the provider's name (issue 17). */
export const RESEND_TICKET_TEXT = {
  identifierRequired: TICKET_IDENTIFIER_REQUIRED.resender,
  sendFailed: "Failed to send ticket",
  sent: "Ticket email sent successfully!",
} as const;

/** The identifier to send, trimmed, or the spec's message when nothing was typed. */
export const checkIdentifier = (typed: string) => checkTicketIdentifier(typed, "resender");

export type ResendOutcome = { ok: true; title: string; detail: string | null } | { ok: false; title: string };

/** What the page says after send-ticket-email answered: who it went to, never through which provider. */
export function resendOutcome(result: TicketEmailResult): ResendOutcome {
  if (!result.success) return failed(result.error?.trim() || RESEND_TICKET_TEXT.sendFailed);
  return {
    ok: true,
    title: RESEND_TICKET_TEXT.sent,
    detail: result.recipient ? `Sent to: ${result.recipient}` : null,
  };
}

/** What the page says when the call was refused: the server's reason (not found, too many requests), else the spec's fallback. */
export function resendFailure(error: unknown): ResendOutcome {
  return error instanceof ApiRequestError ? resendRefused(error.status, error.message) : failed(RESEND_TICKET_TEXT.sendFailed);
}

/** A refusal with its HTTP status and message (from the API, or the service itself for a form post). */
export function resendRefused(status: number, message: string): ResendOutcome {
  return failed(status < 500 && message ? message : RESEND_TICKET_TEXT.sendFailed);
}

/** What the resend form's post (made before the page's scripts ran) answers: the form as sent, its error or its outcome. */
export interface ResendFormResult {
  identifier: string;
  provider: TicketEmailProvider;
  error: string | null;
  outcome: ResendOutcome | null;
}

function failed(message: string): ResendOutcome {
  return { ok: false, title: `Failed to resend ticket: ${message}` };
}

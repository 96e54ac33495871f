import { apiRequest } from "~/lib/api-request";

/** spec §9: brevo is the default provider; resend is the alternative. */
export const EMAIL_PROVIDERS = [
  { value: "brevo", label: "Brevo (default)" },
  { value: "resend", label: "Resend" },
] as const;

export type EmailProvider = (typeof EMAIL_PROVIDERS)[number]["value"];

export interface TicketEmailResult {
  success: boolean;
  provider: string | null;
  recipient: string | null;
  error: string | null;
}

/**
 * Re-sends a ticket to the e-mail already on the booking (decisions.md D11). `bookingId` is the
 * identifier as typed, trimmed (spec §7 Server functions).
 */
export function sendTicketEmail(input: { bookingId: string; provider: EmailProvider }): Promise<TicketEmailResult> {
  return apiRequest("/api/functions/send-ticket-email", { method: "POST", json: input });
}

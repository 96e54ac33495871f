import type { SendTestEmailInput, TicketEmailResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The manual e-mail sender (spec §7 send-test-email): 403 for a non-admin's other address (decisions D12), 429 when rate limited. */
export function sendTestEmail(input: SendTestEmailInput): Promise<TicketEmailResult> {
  return apiRequest("/api/functions/send-test-email", { method: "POST", json: input });
}

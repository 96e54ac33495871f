import type { TicketEmailProvider, TicketEmailResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * Sends a ticket to the e-mail already on its booking, never to a typed address (decisions D11).
 * `bookingId` is the identifier as typed, trimmed: booking id, TCKT- code or cs_ session (spec §7).
 */
export function sendTicketEmail(input: { bookingId: string; provider: TicketEmailProvider }): Promise<TicketEmailResult> {
  return apiRequest("/api/functions/send-ticket-email", { method: "POST", json: input });
}

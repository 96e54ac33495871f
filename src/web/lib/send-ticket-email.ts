import type { TicketEmailProvider, TicketEmailResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * Sends a ticket again, only ever to the e-mail already on its booking (spec §7 send-ticket-email;
 * decisions D11). `bookingId` is the identifier as typed, trimmed: booking id, TCKT- code or cs_ session.
 * Shared by My Tickets, the resend and e-mail test pages and the dashboard resender.
 */
export function sendTicketEmail(input: { bookingId: string; provider: TicketEmailProvider }): Promise<TicketEmailResult> {
  return apiRequest("/api/functions/send-ticket-email", { method: "POST", json: input });
}

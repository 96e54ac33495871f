import type { TicketEmailProvider, TicketEmailResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Sends the ticket again to the e-mail on its booking (spec §7 send-ticket-email; decisions D11). */
export function sendTicketEmail(input: { bookingId: string; provider: TicketEmailProvider }): Promise<TicketEmailResult> {
  return apiRequest("/api/functions/send-ticket-email", { method: "POST", json: input });
}

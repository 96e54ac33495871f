import { apiRequest } from "~/lib/api-request";

/** Ticket e-mail result (spec §3). */
export interface TicketEmailResult {
  success: boolean;
  provider: string | null;
  recipient: string | null;
  error: string | null;
}

/** Sends a booking's ticket to the e-mail on that booking (spec §7 send-ticket-email). */
export function sendTicketEmail(bookingId: string): Promise<TicketEmailResult> {
  return apiRequest("/api/functions/send-ticket-email", { method: "POST", json: { bookingId } });
}

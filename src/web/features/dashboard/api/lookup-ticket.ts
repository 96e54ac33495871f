import type { TicketView } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * A ticket by booking id, ticket code or Stripe session id, on the organiser's own events (admins: all,
 * decisions.md D11). Refusal: 404 TICKET_NOT_FOUND.
 */
export function lookupTicket(identifier: string): Promise<TicketView> {
  return apiRequest(`/api/tickets/lookup?identifier=${encodeURIComponent(identifier)}`, { method: "GET" });
}

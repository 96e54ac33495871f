import type { MyTicket } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The signed-in user's bookings, newest first, each with its signed QR payload (GET /api/me/tickets). */
export function getMyTickets(signal?: AbortSignal): Promise<{ tickets: MyTicket[] }> {
  return apiRequest("/api/me/tickets", { method: "GET", signal });
}

import type { RefundView } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * Refunds `quantity` of a booking's valid tickets (its organiser or an admin). The same requestKey is the
 * same refund, so a double click or a retry never pays twice. Refusals: 404, 409 already refunded, 400.
 */
export function refundBooking(bookingId: string, input: { quantity: number; reason: string; requestKey: string }): Promise<RefundView> {
  return apiRequest(`/api/bookings/${encodeURIComponent(bookingId)}/refunds`, { method: "POST", json: input });
}

import type { BuyerRefundRequest } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * Asks for a refund of one of the user's own bookings. A repeat answers the pending request; refusals:
 * 409 CONFLICT with the policy's reason (e.g. within 48 hours of the event), 404 BOOKING_NOT_FOUND.
 */
export function requestRefund(bookingId: string, reason: string): Promise<BuyerRefundRequest> {
  return apiRequest(`/api/me/bookings/${encodeURIComponent(bookingId)}/refund-request`, { method: "POST", json: { reason } });
}

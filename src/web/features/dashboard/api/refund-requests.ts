import type { RefundRequestView } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Pending refund requests on the user's events (admins: every organiser's), oldest first. */
export function getPendingRefundRequests(signal?: AbortSignal): Promise<{ requests: RefundRequestView[] }> {
  return apiRequest("/api/refund-requests?status=pending", { method: "GET", signal });
}

/** Approves a request: the booking's valid tickets are refunded, the fee kept. Harmless to repeat; 409 if it was declined meanwhile. */
export function approveRefundRequest(requestId: string): Promise<RefundRequestView> {
  return apiRequest(`/api/refund-requests/${encodeURIComponent(requestId)}/approve`, { method: "POST" });
}

/** Declines a request with an optional note for the buyer. Harmless to repeat; 409 if it was approved meanwhile. */
export function declineRefundRequest(requestId: string, note: string): Promise<RefundRequestView> {
  return apiRequest(`/api/refund-requests/${encodeURIComponent(requestId)}/decline`, { method: "POST", json: note.trim() ? { note: note.trim() } : {} });
}

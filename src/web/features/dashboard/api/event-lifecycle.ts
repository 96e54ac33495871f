import { apiRequest } from "~/lib/api-request";

/** Cancels one of the organiser's events: every booking is refunded in full by the server's job. */
export function cancelEvent(eventId: string, reason: string): Promise<unknown> {
  return apiRequest(`/api/events/${encodeURIComponent(eventId)}/cancel`, { method: "POST", json: { reason } });
}

/** Moves one of the organiser's events to a later date (ISO instants, from UK wall time). */
export function postponeEvent(eventId: string, dateTime: string, endTime: string | null): Promise<unknown> {
  return apiRequest(`/api/events/${encodeURIComponent(eventId)}/postpone`, { method: "POST", json: { dateTime, ...(endTime ? { endTime } : {}) } });
}

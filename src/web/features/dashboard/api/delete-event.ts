import { apiRequest } from "~/lib/api-request";

/** Deletes one of the user's events (admins: any). Refusals: 403 EVENT_ACCESS_DENIED, 404 EVENT_NOT_FOUND. */
export function deleteEvent(eventId: string): Promise<void> {
  return apiRequest(`/api/events/${encodeURIComponent(eventId)}`, { method: "DELETE" });
}

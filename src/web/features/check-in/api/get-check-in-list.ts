import type { CheckInList } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** An event's ticket list and signing keys for offline check-in (owner or admin only; the server validates what it sends). */
export async function getCheckInList(eventId: string): Promise<CheckInList> {
  return apiRequest<CheckInList>(`/api/events/${encodeURIComponent(eventId)}/check-in-list`);
}

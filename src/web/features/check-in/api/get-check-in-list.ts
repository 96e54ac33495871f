import { CheckInList } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** An event's ticket list and signing keys for offline check-in (owner or admin only). */
export async function getCheckInList(eventId: string): Promise<CheckInList> {
  // Checked before it is stored: the scanner relies on it for hours without the server.
  return CheckInList.parse(await apiRequest(`/api/events/${encodeURIComponent(eventId)}/check-in-list`));
}

import { CheckInCounts } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The door's counter: tickets admitted and tickets sold for an event (owner or admin only). */
export async function getCheckInCounts(eventId: string): Promise<CheckInCounts> {
  return CheckInCounts.parse(await apiRequest(`/api/events/${encodeURIComponent(eventId)}/check-in-counts`));
}

import type { OfflineCheckInOutcome, OfflineCheckIns } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Sends check-ins made offline (POST /api/events/:id/check-ins); the server answers for each. */
export async function sendOfflineCheckIns(eventId: string, body: OfflineCheckIns): Promise<OfflineCheckInOutcome[]> {
  const { results } = await apiRequest<{ results: OfflineCheckInOutcome[] }>(`/api/events/${encodeURIComponent(eventId)}/check-ins`, { method: "POST", json: body });
  return results;
}

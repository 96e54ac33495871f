import type { OfflineCheckInOutcome, OfflineCheckIns } from "@domain";
import type { z } from "zod";
import { apiRequest } from "~/lib/api-request";
import { scannerDeviceId } from "../lib/device-id";

/** Sends check-ins made offline (POST /api/events/:id/check-ins), as this device's; the server answers for each. */
export async function sendOfflineCheckIns(eventId: string, body: z.input<typeof OfflineCheckIns>): Promise<OfflineCheckInOutcome[]> {
  const { results } = await apiRequest<{ results: OfflineCheckInOutcome[] }>(`/api/events/${encodeURIComponent(eventId)}/check-ins`, {
    method: "POST",
    json: { ...body, deviceId: scannerDeviceId() },
  });
  return results;
}

import type { CheckInResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Checks a booking in; harmless to repeat (alreadyCheckedIn). Owner or admin only, else 404. */
export function checkInAttendee(bookingId: string): Promise<CheckInResult> {
  return apiRequest(`/api/bookings/${encodeURIComponent(bookingId)}/check-in`, { method: "POST" });
}

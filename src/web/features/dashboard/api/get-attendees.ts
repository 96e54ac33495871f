import type { AttendeeList } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Confirmed bookings of an event the user owns (admins: any), newest first. Refusal: 404 EVENT_NOT_FOUND. */
export function getAttendees(eventId: string, signal?: AbortSignal): Promise<AttendeeList> {
  return apiRequest(`/api/events/${encodeURIComponent(eventId)}/attendees`, { method: "GET", signal });
}

/** The same list as a CSV download (spec §9 CSV export columns); the browser follows the link. */
export function attendeesCsvUrl(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/attendees?format=csv`;
}

import type { GuestSearchResults } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** A lookup the door waits on no longer than a scan: after this the server counts as unreachable. */
const FIND_TIMEOUT_MS = 6000;

/** GET /api/door/guests (issue 38): guests by name, e-mail or ticket code among the events this door may check. */
export function findGuests({ q, eventId }: { q: string; eventId: string | null }, signal?: AbortSignal): Promise<GuestSearchResults> {
  const query = new URLSearchParams({ q });
  if (eventId) query.set("eventId", eventId);
  const timeout = AbortSignal.timeout(FIND_TIMEOUT_MS);
  return apiRequest(`/api/door/guests?${query}`, { method: "GET", signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
}

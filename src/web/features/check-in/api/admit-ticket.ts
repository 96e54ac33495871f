import type { CheckResult, DoorScanFields } from "@domain";
import { apiRequest } from "~/lib/api-request";

const ADMIT_TIMEOUT_MS = 6000;

/** What a tap on a found guest sends: the door's list, whether staff confirmed another day, a fresh nonce. */
export type AdmitTicketInput = Pick<DoorScanFields, "listId" | "deviceId" | "nonce"> & { confirm?: boolean };

/**
 * POST /api/door/tickets/:ticketId/check-in (issue 38): admit a guest found at the door, by the door's list
 * and rules as a scan is; the answer is a scan's (it may ask staff to confirm a ticket for another day).
 */
export function admitTicket(ticketId: string, input: AdmitTicketInput): Promise<CheckResult> {
  return apiRequest(`/api/door/tickets/${encodeURIComponent(ticketId)}/check-in`, { method: "POST", json: input, signal: AbortSignal.timeout(ADMIT_TIMEOUT_MS) });
}

import type { CheckResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

const ADMIT_TIMEOUT_MS = 6000;

/**
 * What the door answers a tap on a found guest: the scan's answer, which may ask staff to confirm (the
 * ticket is for another day: the message says when), and names who admitted an already admitted ticket.
 */
export type AdmitResult = CheckResult & { needsConfirmation?: boolean; checkedInBy?: string | null; checkedInList?: string | null };

export interface AdmitTicketInput {
  /** The check-in list the door is working. */
  listId?: string;
  /** Admit although the ticket is for another day. */
  confirm?: boolean;
  /** Fresh for each tap, so a repeated request is one admission. */
  nonce: string;
}

/** POST /api/tickets/:ticketId/check-in (issue 38): admit one ticket by its id, from the guest lookup. */
export function admitTicket(ticketId: string, input: AdmitTicketInput): Promise<AdmitResult> {
  return apiRequest(`/api/tickets/${encodeURIComponent(ticketId)}/check-in`, { method: "POST", json: input, signal: AbortSignal.timeout(ADMIT_TIMEOUT_MS) });
}

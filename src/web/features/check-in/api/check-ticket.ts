import type { CheckResult, CheckTicketInput } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/functions/check-ticket (spec §7): validates a scanned ticket, and checks it in when asked. */
export function checkTicket(input: CheckTicketInput): Promise<CheckResult> {
  return apiRequest("/api/functions/check-ticket", { method: "POST", json: input });
}

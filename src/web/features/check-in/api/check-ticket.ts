import type { CheckResult, CheckTicketInput } from "@domain";
import type { z } from "zod";
import { apiRequest } from "~/lib/api-request";

/** A door cannot wait longer: after this the scanner treats the server as unreachable. */
const CHECK_TIMEOUT_MS = 6000;

/** POST /api/functions/check-ticket (spec §7): validates a scanned ticket, and checks it in when asked. */
export function checkTicket(input: z.input<typeof CheckTicketInput>): Promise<CheckResult> {
  return apiRequest("/api/functions/check-ticket", { method: "POST", json: input, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
}

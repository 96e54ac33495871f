import type { EraseAccountInput, ErasureResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The export of everything about the signed-in person: a plain link downloads it, no script needed. */
export const EXPORT_PATH = "/api/me/export";

/**
 * Erases the signed-in account. Refusals: 400 ERASURE_NOT_CONFIRMED (not the account's e-mail), 403
 * REAUTHENTICATION_REQUIRED (wrong password, or no password and no recent sign-in), 409 UPCOMING_EVENTS_WITH_SALES.
 */
export function eraseAccount(input: EraseAccountInput): Promise<ErasureResult> {
  return apiRequest("/api/me/erase", { method: "POST", json: input });
}

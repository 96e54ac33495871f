import { formatDateTime } from "@domain";
import type { CheckResult } from "@domain";
import { ApiRequestError } from "~/lib/api-request";

/** A scanner toast, word for word from spec §8 'Scanner and My Tickets'. */
export interface ScanToast {
  tone: "success" | "warning" | "error";
  title: string;
  description: string;
}

export const NOT_FOUND_OR_UNPAID = "Ticket not found or unpaid";

/** The toast for a check result; `checkIn` says whether the scan asked to check the ticket in. */
export function scanToast(result: CheckResult, checkIn: boolean): ScanToast {
  if (result.alreadyCheckedIn) {
    const where = `${result.checkedInList ? ` at ${result.checkedInList}` : ""}${result.checkedInBy ? ` by ${result.checkedInBy}` : ""}`;
    return { tone: "warning", title: "Already checked in", description: `Checked in at ${result.checkedInAt ? formatDateTime(result.checkedInAt) : "an earlier scan"}${where}` };
  }
  // A good ticket outside its door's hours (issue 38): staff may admit it anyway.
  if (!result.valid && result.needsConfirmation) return { tone: "warning", title: "Not admitted yet", description: result.error ?? "" };
  if (!result.valid) return { tone: "error", title: "Invalid ticket", description: result.error || NOT_FOUND_OR_UNPAID };
  if (result.direction === "out") return { tone: "success", title: "Scanned out", description: `${result.attendee?.name || "Attendee"} left the venue` };
  if (checkIn) return { tone: "success", title: "Check-in successful", description: `${result.attendee?.name || "Attendee"} checked in` };
  return { tone: "success", title: "Ticket valid", description: [result.attendee?.name, result.event?.title].filter(Boolean).join(" · ") };
}

/** The toast for a check call that failed: the server's message, else 'Could not verify ticket'. */
export function scanErrorToast(error: unknown): ScanToast {
  const message = error instanceof ApiRequestError ? error.message : "";
  return { tone: "error", title: "Scan error", description: message || "Could not verify ticket" };
}

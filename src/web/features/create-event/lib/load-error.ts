import { AppError } from "@domain";

/**
 * Why the event could not be opened for editing. The page toasts and then goes to the dashboard
 * (spec §2 Create/edit event); a server redirect would lose the toast.
 */
export type EventLoadError = "access-denied" | "failed";

export function eventLoadErrorOf(error: unknown): EventLoadError {
  return error instanceof AppError && error.code === "EVENT_ACCESS_DENIED" ? "access-denied" : "failed";
}

/** Whether a load failure is one of ours (not found, refused) rather than something broken. */
export function isExpectedLoadFailure(error: unknown): boolean {
  return error instanceof AppError && error.status < 500;
}

import type { LocalCheckIn, OfflineCheckIns, OfflineCheckInOutcome } from "@domain";

/** The server takes at most this many check-ins per request (OfflineCheckIns in src/domain/tickets.ts). */
export const SYNC_BATCH_SIZE = 5000;

/** A check-in the server did not take as this device's: shown to the organiser until dismissed. */
export interface SyncConflict {
  ticketId: string;
  eventId: string;
  eventTitle: string;
  attendeeName: string;
  /** `conflict`: admitted elsewhere first (first scan wins); `invalid`: unknown for the event or not paid. */
  outcome: "conflict" | "invalid";
  /** When this device admitted it. */
  localCheckedInAt: string;
  /** The check-in time the server kept (the earliest), for a conflict. */
  serverCheckedInAt: string | null;
  error: string | null;
}

export interface SyncBatch {
  eventId: string;
  body: OfflineCheckIns;
}

/** One request body per event (and per SYNC_BATCH_SIZE check-ins), oldest scans first. */
export function syncBatches(pending: readonly LocalCheckIn[], batchSize = SYNC_BATCH_SIZE): SyncBatch[] {
  const byEvent = new Map<string, LocalCheckIn[]>();
  for (const entry of [...pending].sort((a, b) => a.checkedInAt.localeCompare(b.checkedInAt))) {
    const list = byEvent.get(entry.eventId) ?? [];
    list.push(entry);
    byEvent.set(entry.eventId, list);
  }
  const batches: SyncBatch[] = [];
  for (const [eventId, entries] of byEvent) {
    for (let start = 0; start < entries.length; start += batchSize) {
      const checkIns = entries.slice(start, start + batchSize).map(({ ticketId, checkedInAt, wholeBooking, nonce, listId, direction, confirmed }) => ({
        ticketId,
        checkedInAt,
        direction: direction ?? "in",
        confirmed: confirmed ?? false,
        ...(wholeBooking ? { wholeBooking } : {}),
        ...(nonce ? { nonce } : {}),
        ...(listId ? { listId } : {}),
      }));
      batches.push({ eventId, body: { checkIns } });
    }
  }
  return batches;
}

export interface SettledSync {
  /** Tickets the server answered for: no longer waiting to sync. */
  settled: string[];
  /** The check-in time now on the server, to record in the downloaded list (admitted and conflicts). */
  checkedIn: { ticketId: string; checkedInAt: string }[];
  conflicts: SyncConflict[];
}

/**
 * Reads the server's answer for one batch: admitted ones are done; a conflict (first scan wins, it was
 * admitted elsewhere earlier) or an invalid one is done too but kept for the organiser to see.
 * A check-in without an answer stays waiting.
 */
export function settleSync(pending: readonly LocalCheckIn[], results: readonly OfflineCheckInOutcome[]): SettledSync {
  const byTicket = new Map(pending.map((entry) => [entry.ticketId, entry]));
  const settled: SettledSync = { settled: [], checkedIn: [], conflicts: [] };
  for (const result of results) {
    const local = byTicket.get(result.ticketId);
    if (!local) continue;
    byTicket.delete(result.ticketId);
    settled.settled.push(local.ticketId);
    if (result.outcome !== "invalid") settled.checkedIn.push({ ticketId: local.ticketId, checkedInAt: result.checkedInAt ?? local.checkedInAt });
    if (result.outcome === "admitted" || result.outcome === "exited") continue;
    settled.conflicts.push({
      ticketId: local.ticketId,
      eventId: local.eventId,
      eventTitle: local.eventTitle,
      attendeeName: local.attendeeName,
      outcome: result.outcome,
      localCheckedInAt: local.checkedInAt,
      serverCheckedInAt: result.checkedInAt,
      error: result.error,
    });
  }
  return settled;
}

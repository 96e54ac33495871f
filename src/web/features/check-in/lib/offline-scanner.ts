import type { z } from "zod";
import { checkTicketOffline, type CheckInList, type CheckResult, type OfflineCheckIns, type OfflineCheckInOutcome, type TicketSignatureCheck } from "@domain";
import type { CheckInStore } from "./check-in-store";
import { settleSync, syncBatches } from "./sync-bookkeeping";

/** How the door scans (issue 38): its check-in list, in or out, and staff's confirmation outside the door window. */
export interface OfflineDoorScan {
  listId?: string | null;
  direction?: "in" | "out";
  confirm?: boolean;
}

export type SendCheckIns = (eventId: string, body: z.input<typeof OfflineCheckIns>) => Promise<OfflineCheckInOutcome[]>;
export type FetchCheckInList = (eventId: string) => Promise<CheckInList>;

export interface SyncSummary {
  admitted: number;
  conflicts: number;
  invalid: number;
  /** Downloaded lists replaced by the server's current one (with its refunds, disputes and cancellation). */
  listsRefreshed: number;
}

export interface OfflineScanner {
  /** Checks a scanned QR against the downloaded lists, admitting it on this device when asked (for the door's event, when given). */
  check(text: string, checkIn: boolean, doorEventId?: string | null, door?: OfflineDoorScan): Promise<CheckResult>;
  /**
   * Sends every waiting check-in, then downloads each list again (when `fetchList` is given), so the
   * device learns of tickets refunded or disputed since; one sync at a time (a second call joins the running one).
   */
  sync(send: SendCheckIns, fetchList?: FetchCheckInList): Promise<SyncSummary>;
}

export function createOfflineScanner({
  store,
  verifySignature,
  now = () => new Date(),
}: {
  store: CheckInStore;
  verifySignature: TicketSignatureCheck;
  now?: () => Date;
}): OfflineScanner {
  let running: Promise<SyncSummary> | null = null;

  async function check(text: string, checkIn: boolean, doorEventId: string | null = null, door: OfflineDoorScan = {}): Promise<CheckResult> {
    const [lists, localCheckIns] = await Promise.all([store.lists(), store.pending()]);
    const outcome = await checkTicketOffline({ text, lists, localCheckIns, checkIn, now: now(), verifySignature, doorEventId, ...door });
    if (!outcome.admitted || (await store.addPending(outcome.admitted))) return outcome.result;
    // Another scan on this device admitted it in the meantime: report that one.
    return (await checkTicketOffline({ text, lists, localCheckIns: await store.pending(), checkIn, now: now(), verifySignature, doorEventId, ...door })).result;
  }

  async function syncAll(send: SendCheckIns, fetchList?: FetchCheckInList): Promise<SyncSummary> {
    const pending = await store.pending();
    const summary: SyncSummary = { admitted: 0, conflicts: 0, invalid: 0, listsRefreshed: 0 };
    for (const batch of syncBatches(pending)) {
      const settled = settleSync(pending, await send(batch.eventId, batch.body));
      await store.applySync(settled);
      summary.conflicts += settled.conflicts.filter((conflict) => conflict.outcome === "conflict").length;
      summary.invalid += settled.conflicts.filter((conflict) => conflict.outcome === "invalid").length;
      summary.admitted += settled.settled.length - settled.conflicts.length;
    }
    // After the check-ins are in, so the fresh lists carry their times. A list that cannot be fetched stays as it was.
    for (const list of fetchList ? await store.lists() : []) {
      const fresh = await fetchList!(list.event.id).catch(() => null);
      if (!fresh) continue;
      await store.saveList(fresh);
      summary.listsRefreshed++;
    }
    return summary;
  }

  return {
    check,
    sync(send, fetchList) {
      running ??= syncAll(send, fetchList).finally(() => {
        running = null;
      });
      return running;
    },
  };
}

import { admissibleTickets, plural } from "@domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import type { CheckInList, CheckResult, LocalCheckIn } from "@domain";
import { ApiRequestError } from "~/lib/api-request";
import { getCheckInList } from "../api/get-check-in-list";
import { sendOfflineCheckIns } from "../api/send-offline-check-ins";
import { openCheckInStore, type CheckInStore } from "../lib/check-in-store";
import { isNetworkFailure } from "../lib/network-failure";
import { createOfflineScanner, type OfflineDoorScan, type OfflineScanner } from "../lib/offline-scanner";
import type { SyncConflict } from "../lib/sync-bookkeeping";
import { createTicketSignatureCheck } from "../lib/ticket-signature";
import { useBrowserOnline } from "./use-connection";

export interface OfflineCheckIn {
  /** "loading" until IndexedDB is open; "unavailable" when this browser cannot store the lists. */
  storage: "loading" | "ready" | "unavailable";
  lists: CheckInList[];
  pending: LocalCheckIn[];
  conflicts: SyncConflict[];
  /** The browser is offline, or the server could not be reached on the last try. */
  offline: boolean;
  /** What the browser says (the server may still be unreachable). */
  browserOnline: boolean;
  syncing: boolean;
  downloading: string | null;
  download(eventId: string): Promise<void>;
  remove(eventId: string): Promise<void>;
  sync(): Promise<void>;
  dismissConflicts(): Promise<void>;
  /** Checks a scanned QR against the downloaded lists (checkTicketOffline in @domain). */
  check(text: string, checkIn: boolean, doorEventId?: string | null, door?: OfflineDoorScan): Promise<CheckResult>;
  /** Remembers a check-in the server confirmed, so the lists know it when the network goes. */
  recordServerCheckIn(ticketId: string, checkedInAt: string): void;
  /** What the last call to the server showed about the connection. */
  reportConnection(reachable: boolean): void;
}

interface Snapshot {
  lists: CheckInList[];
  pending: LocalCheckIn[];
  conflicts: SyncConflict[];
}

const EMPTY: Snapshot = { lists: [], pending: [], conflicts: [] };

function problem(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return isNetworkFailure(error) ? "No connection to the server." : "Something went wrong. Please try again.";
}

/** The offline check-in state of one signed-in organiser: downloaded lists, queued check-ins, sync. */
export function useOfflineCheckIn(userId: string): OfflineCheckIn {
  const browserOnline = useBrowserOnline();
  const [serverUnreachable, setServerUnreachable] = useState(false);
  const [storage, setStorage] = useState<OfflineCheckIn["storage"]>("loading");
  const [snapshot, setSnapshot] = useState<Snapshot>(EMPTY);
  const [syncing, setSyncing] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const storeRef = useRef<{ store: CheckInStore; scanner: OfflineScanner } | null>(null);
  // The same as serverUnreachable, readable at once by callbacks (state updates arrive later).
  const unreachableRef = useRef(false);
  const offline = !browserOnline || serverUnreachable;

  const refresh = useCallback(async () => {
    const opened = storeRef.current;
    if (!opened) return;
    const [lists, pending, conflicts] = await Promise.all([opened.store.lists(), opened.store.pending(), opened.store.conflicts()]);
    lists.sort((a, b) => a.event.dateTime.localeCompare(b.event.dateTime));
    setSnapshot({ lists, pending, conflicts });
  }, []);

  useEffect(() => {
    let closed = false;
    let store: CheckInStore | null = null;
    openCheckInStore(userId)
      .then(async (opened) => {
        store = opened;
        if (closed) return opened.close();
        storeRef.current = { store: opened, scanner: createOfflineScanner({ store: opened, verifySignature: createTicketSignatureCheck() }) };
        await refresh();
        setStorage("ready");
      })
      .catch(() => {
        if (!closed) setStorage("unavailable");
      });
    return () => {
      closed = true;
      storeRef.current = null;
      store?.close();
    };
  }, [userId, refresh]);

  // The sync under way. Coming back online asks for a sync twice (the 'online' event and the effect
  // below), and Sync now or a reachable server may ask again: they all join this run, so its outcome
  // is toasted once. The scanner's own guard shares the sending, not the toast.
  const syncRun = useRef<Promise<void> | null>(null);

  const syncOnce = useCallback(async () => {
    const opened = storeRef.current;
    if (!opened || !navigator.onLine) return;
    setSyncing(true);
    try {
      const summary = await opened.scanner.sync(sendOfflineCheckIns, getCheckInList);
      unreachableRef.current = false;
      setServerUnreachable(false);
      const refused = summary.conflicts + summary.invalid;
      if (refused > 0) {
        toast.warning("Check-ins synced with conflicts", {
          description: `${plural(refused, "check-in")} not taken by the server. See Sync conflicts below.`,
        });
      } else if (summary.admitted > 0) {
        toast.success("Check-ins synced", { description: `${plural(summary.admitted, "offline check-in")} saved on the server.` });
      }
    } catch (error) {
      if (isNetworkFailure(error)) {
        unreachableRef.current = true;
        setServerUnreachable(true);
      }
      toast.error("Sync failed", { description: `${problem(error)} The check-ins stay on this device until they are sent.` });
    } finally {
      setSyncing(false);
      await refresh();
    }
  }, [refresh]);

  const sync = useCallback(() => {
    syncRun.current ??= syncOnce().finally(() => {
      syncRun.current = null;
    });
    return syncRun.current;
  }, [syncOnce]);

  // Back online: send what was admitted meanwhile (also when the page opens with check-ins waiting).
  useEffect(() => {
    if (!browserOnline || storage !== "ready") return;
    const onOnline = () => {
      unreachableRef.current = false;
      setServerUnreachable(false);
      void sync();
    };
    window.addEventListener("online", onOnline);
    void storeRef.current?.store.pending().then((pending) => {
      if (pending.length > 0) void sync();
    });
    return () => window.removeEventListener("online", onOnline);
  }, [browserOnline, storage, sync]);

  const download = useCallback(
    async (eventId: string) => {
      const opened = storeRef.current;
      if (!opened) return;
      setDownloading(eventId);
      try {
        const list = await getCheckInList(eventId);
        await opened.store.saveList(list);
        await refresh();
        toast.success("Ticket list downloaded", {
          description: `${plural(admissibleTickets(list).length, "ticket")} for ${list.event.title} ready for offline check-in.`,
        });
      } catch (error) {
        toast.error("Download failed", { description: problem(error) });
      } finally {
        setDownloading(null);
      }
    },
    [refresh],
  );

  const remove = useCallback(
    async (eventId: string) => {
      await storeRef.current?.store.removeList(eventId);
      await refresh();
    },
    [refresh],
  );

  const dismissConflicts = useCallback(async () => {
    await storeRef.current?.store.dismissConflicts();
    await refresh();
  }, [refresh]);

  const check = useCallback(
    async (text: string, checkIn: boolean, doorEventId: string | null = null, door: OfflineDoorScan = {}) => {
      const opened = storeRef.current;
      if (!opened) throw new Error("Offline check-in is not ready.");
      try {
        return await opened.scanner.check(text, checkIn, doorEventId, door);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );

  const recordServerCheckIn = useCallback(
    (ticketId: string, checkedInAt: string) => {
      const opened = storeRef.current;
      if (!opened) return;
      void opened.store
        .markCheckedIn(ticketId, checkedInAt)
        .then(refresh)
        .catch(() => undefined);
    },
    [refresh],
  );

  const reportConnection = useCallback(
    (reachable: boolean) => {
      const wasUnreachable = unreachableRef.current;
      unreachableRef.current = !reachable;
      setServerUnreachable(!reachable);
      // The server answers again: send what was admitted while it could not be reached.
      if (reachable && wasUnreachable) void sync();
    },
    [sync],
  );

  return {
    storage,
    ...snapshot,
    offline,
    browserOnline,
    syncing,
    downloading,
    download,
    remove,
    sync,
    dismissConflicts,
    check,
    recordServerCheckIn,
    reportConnection,
  };
}

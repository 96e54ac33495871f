import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { CheckInList, LocalCheckIn } from "@domain";
import { checkInDatabaseName } from "~/lib/offline-ticket-lists";
import type { SettledSync, SyncConflict } from "./sync-bookkeeping";

interface CheckInSchema extends DBSchema {
  /** Downloaded ticket lists, by event id. */
  lists: { key: string; value: CheckInList };
  /** Check-ins made offline and not yet synced, by ticket code. */
  pending: { key: string; value: LocalCheckIn };
  /** Sync answers the organiser should see, by ticket code. */
  conflicts: { key: string; value: SyncConflict };
}

/** What the offline scanner keeps on this device (IndexedDB), one database per signed-in user. */
export interface CheckInStore {
  lists(): Promise<CheckInList[]>;
  saveList(list: CheckInList): Promise<void>;
  removeList(eventId: string): Promise<void>;
  pending(): Promise<LocalCheckIn[]>;
  /** Stores an offline check-in; false when this ticket was already admitted on this device. */
  addPending(checkIn: LocalCheckIn): Promise<boolean>;
  conflicts(): Promise<SyncConflict[]>;
  dismissConflicts(): Promise<void>;
  /** Records a check-in time the server reported for a ticket in a downloaded list. */
  markCheckedIn(ticketId: string, checkedInAt: string): Promise<void>;
  /** Applies one sync answer: settled check-ins leave the queue, lists learn the times, conflicts are kept. */
  applySync(settled: SettledSync): Promise<void>;
  close(): void;
}

function setCheckedIn(lists: CheckInList[], updates: ReadonlyMap<string, string>): CheckInList[] {
  const changed: CheckInList[] = [];
  for (const list of lists) {
    let touched = false;
    const tickets = list.tickets.map((ticket) => {
      const at = updates.get(ticket.ticketId);
      if (!at || ticket.checkedInAt === at) return ticket;
      touched = true;
      return { ...ticket, checkedInAt: at };
    });
    if (touched) changed.push({ ...list, tickets });
  }
  return changed;
}

export async function openCheckInStore(userId: string): Promise<CheckInStore> {
  const db: IDBPDatabase<CheckInSchema> = await openDB<CheckInSchema>(checkInDatabaseName(userId), 1, {
    upgrade(database) {
      database.createObjectStore("lists", { keyPath: "event.id" });
      database.createObjectStore("pending", { keyPath: "ticketId" });
      database.createObjectStore("conflicts", { keyPath: "ticketId" });
    },
  });

  return {
    lists: () => db.getAll("lists"),
    async saveList(list) {
      await db.put("lists", list);
    },
    async removeList(eventId) {
      await db.delete("lists", eventId);
    },
    pending: () => db.getAll("pending"),
    async addPending(checkIn) {
      const tx = db.transaction("pending", "readwrite");
      // In one transaction: two scans racing on this device still admit the ticket once.
      const existing = await tx.store.get(checkIn.ticketId);
      if (!existing) await tx.store.add(checkIn);
      await tx.done;
      return !existing;
    },
    conflicts: () => db.getAll("conflicts"),
    async dismissConflicts() {
      await db.clear("conflicts");
    },
    async markCheckedIn(ticketId, checkedInAt) {
      const tx = db.transaction("lists", "readwrite");
      for (const list of setCheckedIn(await tx.store.getAll(), new Map([[ticketId, checkedInAt]]))) await tx.store.put(list);
      await tx.done;
    },
    async applySync(settled) {
      const tx = db.transaction(["lists", "pending", "conflicts"], "readwrite");
      const lists = tx.objectStore("lists");
      const changed = setCheckedIn(await lists.getAll(), new Map(settled.checkedIn.map((entry) => [entry.ticketId, entry.checkedInAt])));
      await Promise.all([
        ...changed.map((list) => lists.put(list)),
        ...settled.settled.map((ticketId) => tx.objectStore("pending").delete(ticketId)),
        ...settled.conflicts.map((conflict) => tx.objectStore("conflicts").put(conflict)),
      ]);
      await tx.done;
    },
    close: () => db.close(),
  };
}

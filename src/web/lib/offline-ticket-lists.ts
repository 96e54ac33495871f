import { openDB } from "idb";

/** The offline scanner's IndexedDB database for one signed-in user (features/check-in keeps it). */
export function checkInDatabaseName(userId: string): string {
  return `eventora-check-in-${userId}`;
}

/**
 * On sign-out, downloaded ticket lists (attendees' names and e-mails) leave this device for every
 * account that used it. Offline check-ins not yet synced stay, so they sync at the organiser's next
 * sign-in instead of being lost. Shared because signing out (features/auth) clears what check-in keeps.
 */
export async function forgetOfflineTicketLists(): Promise<void> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  const names = (await indexedDB.databases()).map((info) => info.name).filter((name) => name?.startsWith(checkInDatabaseName("")));
  for (const name of names) {
    const db = await openDB(name!, 1);
    try {
      if (db.objectStoreNames.contains("lists")) await db.clear("lists");
    } finally {
      db.close();
    }
  }
}

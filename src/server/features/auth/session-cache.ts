import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";

/**
 * How long a node trusts a session it has read, so a scanner's burst of check-ins costs the check-in
 * statement alone (issue 21). Every way a session ends or an account's standing changes forgets it at
 * once on the node where it happened and tells the other nodes by NOTIFY; a node that misses the
 * notice (its LISTEN connection reconnecting) still stops trusting the session when this runs out.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** At most this many sessions are kept per node; the oldest go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** NOTIFY channel: the payload is a user id whose sessions every node must read afresh. */
export const ACCOUNT_CHANGES_CHANNEL = "account_changes";

/** What an actor is made of: the account's id and its admin standing's inputs (the rule is applied on each use). */
export interface CachedSession {
  id: string;
  role: string | null;
  emailVerified: boolean;
  signedInAt: Date;
}

interface Entry {
  session: CachedSession;
  until: number;
}

/** Tells every node (this one included, through its listener) that `userId`'s sessions must be read again. */
export async function announceAccountChange(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${ACCOUNT_CHANGES_CHANNEL}, ${userId})`);
}

export interface SessionCache {
  /** The session behind a verified token, if this node read it within the TTL. */
  get(token: string): CachedSession | null;
  /** A counter that moves on every forget: read it before the session query and hand it to `set`. */
  generation(): number;
  /**
   * Keeps a session read from the database until `notAfter` (or the TTL, whichever is sooner), unless a
   * forget happened since `generation` was read: a read that raced a sign-out must not outlive it.
   */
  set(token: string, session: CachedSession, generation: number, notAfter: number): void;
  /** Forgets `userId`'s sessions on this node at once and on the others by NOTIFY. */
  accountChanged(userId: string): Promise<void>;
  /** Starts hearing other nodes' changes; resolves once listening. */
  listen(database: Database): Promise<void>;
  close(): Promise<void>;
}

export function createSessionCache({ db, ttlMs = SESSION_CACHE_TTL_MS, maxEntries = SESSION_CACHE_MAX_ENTRIES }: { db: Db; ttlMs?: number; maxEntries?: number }): SessionCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening: Promise<() => Promise<void>> | null = null;

  const forget = (userId: string) => {
    generation += 1;
    for (const [token, entry] of entries) if (entry.session.id === userId) entries.delete(token);
  };

  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return null;
      if (entry.until <= Date.now()) {
        entries.delete(token);
        return null;
      }
      return entry.session;
    },
    generation: () => generation,
    set(token, session, readAt, notAfter) {
      if (readAt !== generation || ttlMs <= 0) return;
      const until = Math.min(Date.now() + ttlMs, notAfter);
      if (until <= Date.now()) return;
      entries.delete(token);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { session, until });
    },
    async accountChanged(userId) {
      forget(userId);
      await announceAccountChange(db, userId);
    },
    async listen(database) {
      listening = database.listen(ACCOUNT_CHANGES_CHANNEL, forget);
      await listening;
    },
    async close() {
      entries.clear();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}

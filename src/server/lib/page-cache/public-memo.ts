/**
 * Small values that many public answers share and that cost more than the answers themselves: the
 * listing's figures per filter ("N events in M locations, K categories"), read by every page and sort
 * of that filter. Kept like the pages (issue 21): dropped by every change to the catalogue (this node's
 * at once, the others' by NOTIFY: invalidation.ts; a sale changes places, not which events are listed,
 * so it keeps them), lapsing after the TTL, and nothing kept while this node cannot hear the others' changes.
 */
export interface PublicMemo {
  /** The kept value under `key`, if live (without computing it). */
  peek<T>(key: string): T | undefined;
  /** Keeps a value read when the generation was `since`, unless a change came since (it may be stale). */
  keep(key: string, value: unknown, since: number): void;
  /** The current generation: pass it to `keep` (a change since then means the value may be stale). */
  readonly generation: number;
  setOpen(open: boolean, ttlMs?: number): void;
  invalidate(): void;
}

export const PUBLIC_MEMO_MAX_ENTRIES = 2_000;

export function createPublicMemo({ now = Date.now, maxEntries = PUBLIC_MEMO_MAX_ENTRIES }: { now?: () => number; maxEntries?: number } = {}): PublicMemo {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  let generation = 0;
  let open = false;
  let ttlMs = 0;

  const memo: PublicMemo = {
    get generation() {
      return generation;
    },
    peek<T>(key: string): T | undefined {
      if (!open) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value as T;
    },
    keep(key, value, since) {
      if (!open || since !== generation) return;
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      // Oldest first in a Map: drop the first kept beyond the bound.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    setOpen(value, ttl = ttlMs) {
      ttlMs = ttl;
      open = value && ttl > 0;
      if (!open) memo.invalidate();
    },
    invalidate() {
      generation++;
      entries.clear();
    },
  };
  return memo;
}

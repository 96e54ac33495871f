import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import type { PageCache } from "./page-cache";
import { createPublicMemo, type PublicMemo } from "./public-memo";

/** The NOTIFY channel on which every node hears that public pages changed. */
export const PAGE_CHANGES_CHANNEL = "public_pages_changed";

/**
 * At most one NOTIFY per node in this window, however many sales land in it: a surge's checkouts never
 * queue on NOTIFY's commit-time lock (it is sent after the change's own commit, on its own), and other
 * nodes hear of the change within this window plus the round trip, well under a second.
 */
export const NOTIFY_COALESCE_MS = 150;

/**
 * What a change touched: `places` (a hold, a sale, a refund, a released or lapsed hold) changes what pages
 * show ('Only N left', 'Sold out') but not which events are listed, so the listing's kept figures (how
 * many events, in how many locations and categories) and search's vocabulary stay; `catalogue` (an
 * event's fields or status, an organiser's name) drops them too.
 */
export type PublicChange = "places" | "catalogue";

interface Announcer {
  node: string;
  /** What the next NOTIFY says: `catalogue` if any change in its window touched the catalogue. */
  pending: PublicChange | null;
  /** The caches of the apps on this handle (one, except in tests that build two apps on one handle). */
  caches: Set<PageCache>;
  /** Values shared by public answers on this handle (public-memo.ts), dropped with the pages. */
  memo: PublicMemo;
  timer: NodeJS.Timeout | null;
  lastSentAt: number;
  onError: (error: unknown) => void;
}

/**
 * Per database handle (one per app; tests run two apps, i.e. two nodes, in one process). Kept on
 * globalThis because the pages' build (build/server, React Router's bundle) carries its own copy of this
 * module: a page's loader must read the memo, and a page's action must empty the cache, that the app's
 * copy opened and fills.
 */
const REGISTRY = Symbol.for("eventora.public-changes.announcers");
const announcers = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new WeakMap<Db, Announcer>()) as WeakMap<Db, Announcer>;

function announcerFor(db: Db): Announcer {
  let announcer = announcers.get(db);
  if (!announcer) announcers.set(db, (announcer = { node: randomUUID(), pending: null, caches: new Set(), memo: createPublicMemo(), timer: null, lastSentAt: 0, onError: () => {} }));
  return announcer;
}

/**
 * The one call every service makes AFTER committing a change that a public page or listing shows: an
 * event's fields or status, its places taken (a hold, a sale, a refund, a released hold), an organiser's
 * name, username or picture. This node's cache drops at once; the others hear a NOTIFY within
 * NOTIFY_COALESCE_MS. Pass the root `db`, never a transaction, and what the change touched (PublicChange):
 * the memo's listing figures are dropped only by a change to the catalogue.
 *
 * Every change drops every cached page: listings, categories, profiles and the home page aggregate many
 * events, and an event's page shows similar events' cards ('Only N left', titles), so no page depends on
 * one event alone. Under a rush a hot page is drawn again at most once per change, once for all visitors.
 */
export function publicPagesChanged(db: Db, change: PublicChange = "catalogue"): void {
  const announcer = announcerFor(db);
  dropFor(announcer, change);
  announcer.pending = announcer.pending === "catalogue" ? "catalogue" : change;
  if (announcer.timer) return;
  const wait = Math.max(0, announcer.lastSentAt + NOTIFY_COALESCE_MS - Date.now());
  announcer.timer = setTimeout(() => {
    announcer.timer = null;
    announcer.lastSentAt = Date.now();
    const notice = `${announcer.node} ${announcer.pending}`;
    announcer.pending = null;
    db.execute(sql`select pg_notify(${PAGE_CHANGES_CHANNEL}, ${notice})`).catch(announcer.onError);
  }, wait);
}

function dropFor(announcer: Announcer, change: PublicChange): void {
  for (const cache of announcer.caches) cache.invalidate();
  if (change === "catalogue") announcer.memo.invalidate();
}

/** The values public answers share on this database handle (kept only once its node hears changes). */
export function publicMemoOf(db: Db): PublicMemo {
  return announcerFor(db).memo;
}

/**
 * Joins this node's cache (and its public memo, kept as long as `ttlMs`) to the others: a NOTIFY from another node empties it, and so does a LISTEN
 * connection coming back (what was notified while it was away is lost; the TTL bounds the rest).
 * Resolves to the function that stops listening.
 */
export async function joinPageInvalidation({
  database,
  cache,
  ttlMs,
  onError,
}: {
  database: Database;
  cache: PageCache;
  ttlMs: number;
  onError: (error: unknown) => void;
}): Promise<() => Promise<void>> {
  const announcer = announcerFor(database.db);
  announcer.caches.add(cache);
  announcer.onError = onError;
  const stop = await database.listen(
    PAGE_CHANGES_CHANNEL,
    (notice) => {
      // "<node> <change>"; a bare node id (or anything unknown) is taken as the widest change.
      const [node, change] = notice.split(" ");
      if (node !== announcer.node) dropFor(announcer, change === "places" ? "places" : "catalogue");
    },
    { onReconnect: () => dropFor(announcer, "catalogue") },
  );
  cache.setOpen(true);
  announcer.memo.setOpen(true, ttlMs);
  return async () => {
    cache.setOpen(false);
    announcer.caches.delete(cache);
    if (announcer.caches.size === 0) {
      announcer.memo.setOpen(false);
      if (announcer.timer) clearTimeout(announcer.timer);
      announcer.timer = null;
    }
    await stop();
  };
}

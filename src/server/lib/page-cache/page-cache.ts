import { ByteLru } from "./byte-lru";
import { bodyBytes, type CachedBody } from "./cached-body";

/** One stored answer: its status and headers as rendered, and its body in every form kept. */
export interface CachedAnswer {
  status: number;
  /** Headers to send again (never Set-Cookie, Cache-Control or the CSP: those are per response). */
  headers: [string, string][];
  body: CachedBody;
  bytes: number;
  expiresAt: number;
}

/** What a rendering produced: an answer to keep, or something to send once and forget (a redirect, a 404, a cookie). */
export type Rendered<T> = { keep: Omit<CachedAnswer, "bytes" | "expiresAt">; own?: undefined } | { keep?: undefined; own: T };

export interface PageCacheOptions {
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

/**
 * The in-process cache of public pages and listing answers (issue 21): bounded by bytes, each entry
 * lapsing after the TTL, one rendering per key at a time however many ask at once, and emptied by
 * `invalidate()` whenever anything a public page shows changes (see invalidation.ts).
 *
 * A rendering that was under way when an invalidation came may have read the data before the change:
 * its answer is sent to whoever asked for it but not kept (the generation it started in is gone).
 */
export function createPageCache({ maxBytes, ttlMs, now = Date.now }: PageCacheOptions) {
  const entries = new ByteLru<CachedAnswer>(maxBytes, now);
  const inFlight = new Map<string, Promise<CachedAnswer | null>>();
  let generation = 0;
  // Closed until this node hears the other nodes' changes (joinPageInvalidation opens it).
  let open = false;

  return {
    get enabled() {
      return maxBytes > 0;
    },
    get bytes() {
      return entries.bytes;
    },
    get size() {
      return entries.size;
    },
    /** The stored answer under `key`, if live. */
    peek(key: string): CachedAnswer | undefined {
      return open ? entries.get(key) : undefined;
    },
    /**
     * The stored answer under `key`, or the one a rendering under way will keep, or a new rendering's.
     * The caller whose `render` ran gets `own` when its answer is not to be kept; every other caller
     * then gets null and renders for itself (nothing that is not kept is ever shared).
     */
    async answer<T>(key: string, render: () => Promise<Rendered<T>>): Promise<{ hit: boolean; answer: CachedAnswer } | { hit: false; own: T } | null> {
      const stored = this.peek(key);
      if (stored) return { hit: true, answer: stored };
      const pending = inFlight.get(key);
      if (pending) {
        const shared = await pending;
        return shared ? { hit: true, answer: shared } : null;
      }
      const startedIn = generation;
      let settle!: (answer: CachedAnswer | null) => void;
      const promise = new Promise<CachedAnswer | null>((resolve) => (settle = resolve));
      inFlight.set(key, promise);
      try {
        const rendered = await render();
        if (!rendered.keep) {
          settle(null);
          return { hit: false, own: rendered.own };
        }
        const answer: CachedAnswer = { ...rendered.keep, bytes: bodyBytes(rendered.keep.body) + key.length, expiresAt: now() + ttlMs };
        if (generation === startedIn) {
          if (open) entries.set(key, answer);
          settle(answer);
        } else settle(null);
        return { hit: false, answer };
      } catch (error) {
        settle(null);
        throw error;
      } finally {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      }
    },
    /** Starts keeping answers (when this node hears changes), or stops and forgets them all. */
    setOpen(value: boolean) {
      open = value && maxBytes > 0;
      if (!open) this.invalidate();
    },
    /** Forgets every stored answer and every rendering under way (they may have read what just changed). */
    invalidate() {
      generation++;
      entries.clear();
      inFlight.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

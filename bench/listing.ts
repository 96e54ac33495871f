/**
 * Listing: the featured list (GET /api/events, the home page's query) and the server-rendered /events
 * page, beside a static file served by the same server (@fastify/static, same helmet and compression
 * hooks) under the same autocannon settings.
 *
 * The page is measured twice (issue 21): as visitors get it in a rush, from the page cache (steady state:
 * one URL, drawn once, then served again), and uncached, each request a URL no one asked for before
 * (`/events?visit=N`, the same page drawn afresh: a cache miss as users meet it, not a switch).
 * Every answer's `x-cache` header is counted: a cached run whose answers were more than 1% anything but
 * HIT, or an uncached run with any HIT, is a failed check (`npm run bench` exits 1).
 */
import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  /** Answers by the page cache's `x-cache` header: HIT, MISS, or none (a response the cache does not handle). */
  cache: { hits: number; misses: number; none: number };
}

const ACCEPT = { "accept-encoding": "gzip, br" };

async function load(url: string, connections: number, seconds: number, { uniquePerRequest = false } = {}): Promise<LoadResult> {
  let visit = 0;
  const cache = { hits: 0, misses: 0, none: 0 };
  const { pathname, search } = new URL(url);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: ACCEPT,
    requests: [
      {
        ...(uniquePerRequest ? { setupRequest: (request) => ({ ...request, path: `${pathname}${search ? `${search}&` : "?"}visit=${++visit}` }) } : {}),
        onResponse: (_status, _body, _context, headers) => {
          const said = (headers as Record<string, string | undefined> | undefined)?.["x-cache"];
          if (said === "HIT") cache.hits += 1;
          else if (said === "MISS") cache.misses += 1;
          else cache.none += 1;
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts, cache };
}

/** The share of a cached run's answers that were not cache hits, over which its figure is not the cache's. */
export const MAX_CACHE_MISS_SHARE = 0.01;

/**
 * What is wrong with a run's cache answers: a cached run must be answered from the cache (at most
 * MAX_CACHE_MISS_SHARE otherwise: the first request, a lapse of the TTL), an uncached one never.
 */
export function cacheProblem(name: string, { cache }: LoadResult, expect: "hits" | "misses"): string | null {
  const answers = cache.hits + cache.misses + cache.none;
  if (!answers) return `listing ${name}: no answers`;
  if (expect === "misses") return cache.hits ? `listing ${name}: ${cache.hits} of ${answers} answers were cache hits, so it did not measure a miss` : null;
  const notHits = answers - cache.hits;
  return notHits / answers > MAX_CACHE_MISS_SHARE
    ? `listing ${name}: ${notHits} of ${answers} answers were not cache hits (${cache.misses} MISS, ${cache.none} without x-cache), over ${MAX_CACHE_MISS_SHARE * 100}%`
    : null;
}

export async function benchListing(baseUrl: string, { seconds = 6, connections = 20 } = {}) {
  // Warm-up so the figures do not include JIT and connection set-up.
  await autocannon({ url: `${baseUrl}/api/events?pageSize=50`, connections: 4, duration: 2, headers: ACCEPT });
  await autocannon({ url: `${baseUrl}/events`, connections: 4, duration: 2, headers: ACCEPT });
  const staticFile = await load(`${baseUrl}/favicon.svg`, connections, seconds);
  const api = await load(`${baseUrl}/api/events?pageSize=50`, connections, seconds);
  const page = await load(`${baseUrl}/events`, connections, seconds);
  const pageUncached = await load(`${baseUrl}/events`, connections, seconds, { uniquePerRequest: true });
  const problems = [cacheProblem("API cached", api, "hits"), cacheProblem("SSR /events cached", page, "hits"), cacheProblem("SSR /events uncached", pageUncached, "misses")].filter((problem) => problem !== null);
  return { staticFile, api, page, pageUncached, problems };
}

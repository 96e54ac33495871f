/**
 * Listing: the featured list (GET /api/events, the home page's query) and the server-rendered /events
 * page, beside a static file served by the same server (@fastify/static, same helmet and compression
 * hooks) under the same autocannon settings.
 *
 * The page is measured twice (issue 21): as visitors get it in a rush, from the page cache (steady state:
 * one URL, drawn once, then served again), and uncached, each request a URL no one asked for before
 * (`/events?visit=N`, the same page drawn afresh: a cache miss as users meet it, not a switch).
 */
import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
}

const ACCEPT = { "accept-encoding": "gzip, br" };

async function load(url: string, connections: number, seconds: number, { uniquePerRequest = false } = {}): Promise<LoadResult> {
  let visit = 0;
  const { pathname, search } = new URL(url);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: ACCEPT,
    ...(uniquePerRequest
      ? {
          requests: [
            {
              setupRequest: (request) => ({ ...request, path: `${pathname}${search ? `${search}&` : "?"}visit=${++visit}` }),
            },
          ],
        }
      : {}),
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

export async function benchListing(baseUrl: string, { seconds = 6, connections = 20 } = {}) {
  // Warm-up so the figures do not include JIT and connection set-up.
  await autocannon({ url: `${baseUrl}/api/events?pageSize=50`, connections: 4, duration: 2, headers: ACCEPT });
  await autocannon({ url: `${baseUrl}/events`, connections: 4, duration: 2, headers: ACCEPT });
  const staticFile = await load(`${baseUrl}/favicon.svg`, connections, seconds);
  const api = await load(`${baseUrl}/api/events?pageSize=50`, connections, seconds);
  const page = await load(`${baseUrl}/events`, connections, seconds);
  const pageUncached = await load(`${baseUrl}/events`, connections, seconds, { uniquePerRequest: true });
  return { staticFile, api, page, pageUncached };
}

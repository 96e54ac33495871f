/**
 * Listing: the featured list (GET /api/events, the home page's query) and the server-rendered /events
 * page, beside a static file served by the same server (@fastify/static, same helmet and compression
 * hooks) under the same autocannon settings.
 */
import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, connections: number, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "gzip, br" } });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

export async function benchListing(baseUrl: string, { seconds = 6, connections = 20 } = {}) {
  // Warm-up so the figures do not include JIT and connection set-up.
  await autocannon({ url: `${baseUrl}/api/events?pageSize=50`, connections: 4, duration: 2 });
  await autocannon({ url: `${baseUrl}/events`, connections: 4, duration: 2 });
  const staticFile = await load(`${baseUrl}/favicon.svg`, connections, seconds);
  const api = await load(`${baseUrl}/api/events?pageSize=50`, connections, seconds);
  const page = await load(`${baseUrl}/events`, connections, seconds);
  return { staticFile, api, page };
}

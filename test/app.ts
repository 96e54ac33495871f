import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/server/app";
import type { JobTimings } from "../src/server/jobs/jobs";
import { loadConfig } from "../src/server/config";
import { formatReconcileReport, reconcile } from "../src/server/features/ledger/reconcile";
import { createPaymentGateway } from "../src/server/providers/payments/payments";
import { createTestDatabase } from "./database";

/** Background jobs at test speed: e-mails go out within a second, a lost job is retried after a few. */
export const TEST_JOB_TIMINGS: JobTimings = { expireInSeconds: 3, superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 2 };

/**
 * An API-only app on a fresh database, for `app.inject()` tests; `close()` tears both down. The test
 * stands in for a proxy on this machine (TRUST_PROXY=loopback), so each test client's X-Forwarded-For is
 * its address, as a load balancer would set it; tests of TRUST_PROXY itself pass their own.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { workers?: boolean; realtimeHeartbeatMs?: number; ledgerCheck?: boolean } = {}) {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-data-"));
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "loopback", ...env });
  const app = await buildApp({
    config,
    database,
    web: "none",
    workers: options.workers ?? true,
    jobTimings: TEST_JOB_TIMINGS,
    realtimeHeartbeatMs: options.realtimeHeartbeatMs,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      // Every test file leaves a ledger that balances (decision 027), unless it breaks one on purpose; a
      // reconcile that cannot run fails the file too (after the teardown).
      let failure: Error | null = null;
      if (options.ledgerCheck !== false) {
        try {
          const report = await reconcile(database.db, { gateway: await createPaymentGateway(config, database.db) });
          if (report.problems.length) failure = new Error(`The ledger does not balance after these tests:\n${formatReconcileReport(report)}`);
        } catch (error) {
          failure = new Error("The ledger could not be reconciled after these tests", { cause: error });
        }
      }
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (failure) throw failure;
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * One test app for the whole file: built before the first test, torn down after the last. The object
 * returned is filled in by then (`t.app`, `t.db`, …), so tests use it like createTestApp's own.
 */
export function setUpTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(...args));
  });
  afterAll(async () => t.close());
  return t;
}

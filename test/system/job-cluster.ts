import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, onTestFailed } from "vitest";
import { openPostgres, type Database } from "../../src/server/db/client";
import { freePort, startAppProcess, type AppProcess } from "../app-process";
import { startSmtpReceiver } from "../smtp-receiver";
import { PUBLIC_URL } from "./http";
import { startRestartablePostgres } from "./restartable-postgres";

export interface JobCluster {
  /** A connection of the test's own to the nodes' database. */
  store: Database;
  postgresUrl: string;
  /** The node running now. */
  node: AppProcess;
  /** Starts a new node on the same port, database and data folder (after the last one was killed). */
  startNode(): Promise<AppProcess>;
}

/**
 * For system tests that SIGKILL a node in the middle of a job (decisions 027, 028): one PostgreSQL, one
 * SMTP receiver and app nodes with the local payment provider whose jobs are found lost 8 s after their
 * node dies and retried a second later, so a new node takes the work up. Set up before the file's tests,
 * torn down after; a failing test prints the last node's stderr.
 */
export function setUpJobCluster(name: string): JobCluster {
  let postgres: Awaited<ReturnType<typeof startRestartablePostgres>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), `eventora-${name}-`));
  const authSecret = randomBytes(32).toString("base64url");
  const cluster = {
    async startNode() {
      const env = {
        DATABASE_URL: postgres.url,
        DATA_DIR: dataDir,
        PUBLIC_URL,
        AUTH_SECRET: authSecret,
        PAYMENT_PROVIDER: "local",
        SMTP_URL: smtp.smtpUrl,
        JOBS_EXPIRE_SECONDS: "8",
        JOBS_SUPERVISE_INTERVAL_SECONDS: "1",
        JOBS_POLLING_INTERVAL_SECONDS: "0.5",
        JOBS_RETRY_DELAY_SECONDS: "1",
      };
      cluster.node = await startAppProcess(env, { port, captureStderr: true });
      return cluster.node;
    },
  } as JobCluster;

  beforeAll(async () => {
    [postgres, smtp, port] = await Promise.all([startRestartablePostgres(), startSmtpReceiver(), freePort()]);
    cluster.postgresUrl = postgres.url;
    cluster.store = await openPostgres(postgres.url, 3);
    await cluster.startNode();
  });
  beforeEach(() => {
    onTestFailed(() => {
      console.error(`The app's stderr (last node):\n${cluster.node?.stderr().slice(-20_000)}`);
    });
  });
  afterAll(async () => {
    await cluster.node?.stop();
    await cluster.store?.close();
    await smtp?.stop();
    await postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return cluster;
}

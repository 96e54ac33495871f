import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openPostgres } from "../../src/server/db/client";
import { freePort } from "../app-process";
import { importEmbeddedPostgres } from "../postgres-global-setup";

/**
 * A PostgreSQL server of a test file's own, which the test may stop and start again on the same port
 * and data directory (a restart, as a managed database does for maintenance). One migrated database.
 */
export async function startRestartablePostgres() {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const dir = mkdtempSync(join(tmpdir(), "eventora-system-pg-"));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: "postgres",
    password: "postgres",
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("create database eventora_system");
  await admin.end();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/eventora_system`;
  const migrator = await openPostgres(url, 1);
  await migrator.migrate();
  await migrator.close();
  let running = true;
  return {
    url,
    /** Fast shutdown (SIGINT): open sessions are ended with 57P01, new connections refused. */
    async stop() {
      await server.stop();
      running = false;
    },
    async start() {
      await server.start();
      running = true;
    },
    async destroy() {
      if (running) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

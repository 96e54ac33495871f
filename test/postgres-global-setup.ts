import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../src/server/db/client";
import { startEmbeddedPostgres, THROWAWAY_SERVER_SETTINGS } from "./embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A server URL without database name; test files create their own databases from the template. */
    postgresServerUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = "eventora_template";

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
    const server = await startEmbeddedPostgres({ settings: THROWAWAY_SERVER_SETTINGS });
    serverUrl = server.serverUrl;
    stop = () => server.destroy();
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

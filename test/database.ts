import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";

/** A fresh, migrated database for one test file, cloned from the template the global setup made. */
export async function createTestDatabase(): Promise<Database & { url: string }> {
  const serverUrl = inject("postgresServerUrl");
  const template = inject("templateDatabase");
  const name = `eventora_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

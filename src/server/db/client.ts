import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, "../../../drizzle");

/** node-postgres against a real server when DATABASE_URL is set. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      await migrate(drizzlePg(pool, { schema }), { migrationsFolder });
    },
    async ping() {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL in WebAssembly, stored in dataDir: the default on a fresh machine. */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = resolve(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

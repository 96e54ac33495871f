import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { projectRoot } from "../lib/project-root";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of Db, as `db.transaction(async (tx) => …)` hands it over. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /** The connection string (postgres) or the in-process instance (pglite), for pg-boss's own connection. */
  url?: string;
  pglite?: PGlite;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTEN on a channel; the handler gets each NOTIFY payload. Resolves to an unsubscribe function.
   * `onReconnect` runs when a lost LISTEN connection is back: whatever was notified meanwhile is lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: { onReconnect?: () => void }): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
/** Arbitrary constant naming the migration lock among the app's advisory locks. */
const MIGRATION_LOCK_KEY = 7_245_001;

/**
 * How long a request waits for a pooled connection before it fails with 503 rather than hanging (a
 * server that stopped answering). Long enough for a ticket rush queueing for the pool: at 5 s, 575 of
 * 1000 surge buyers were turned away (`npm run bench -- checkout`); a stopped server fails at once anyway.
 */
const CONNECT_TIMEOUT_MS = 12_000;

/** SQLSTATEs of a server going away: admin/crash shutdown, cannot connect now, too many connections. */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH"]);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /PGlite is closed/,
];

/**
 * Whether an error (or what it wraps: Drizzle and better-auth wrap the driver's) means the database
 * cannot be reached right now, as opposed to a query that is wrong: the request can be retried later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** Whether PostgreSQL broke a deadlock by failing this statement (SQLSTATE 40P01), through Drizzle's wrapping. */
export function isDeadlock(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as { code?: unknown }).code === "40P01") return true;
  }
  return false;
}

const migrationsFolder = resolve(projectRoot, "drizzle");

/**
 * Whether the database already has every migration in drizzle/meta/_journal.json: one query instead of
 * drizzle's migrator reading and hashing every migration file (and, on PostgreSQL, taking the migration
 * lock) at each start. The migrator's own test is the same: it applies the migrations newer than the
 * newest one recorded. A database without the table (a fresh one) is not up to date.
 */
async function migrationsUpToDate(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(resolve(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await query("select max(created_at)::text as newest from drizzle.__drizzle_migrations");
    return Number((rows[0] as { newest: string | null }).newest ?? 0) >= newest;
  } catch {
    return false;
  }
}

/** node-postgres against a real server when DATABASE_URL is set. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection dropped by the server (a restart, a failover) must not crash the process: the
  // pool replaces it on the next query, and requests meanwhile fail cleanly.
  pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    url,
    async migrate() {
      if (await migrationsUpToDate((text) => pool.query(text))) return;
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      // Several nodes may start at once: the lock lets one apply the migrations while the others wait
      // and then find nothing left to do (drizzle's migrator takes no lock of its own).
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrate(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    listen: (channel, onPayload, options) => listenWithReconnect(url, channel, onPayload, options?.onReconnect),
    close: () => pool.end(),
  };
}

/** PostgreSQL in WebAssembly, stored in dataDir: the default on a fresh machine. */
export async function openPglite(dataDir: string): Promise<Database> {
  // Loaded only here: a server on PostgreSQL never pays for the WebAssembly build at start-up.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
  ]);
  const dir = resolve(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  // pg_trgm serves search's partial words and typos (migration 0012 creates the extension).
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    async migrate() {
      if (await migrationsUpToDate((text) => client.query(text))) return;
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query("select 1");
    },
    async listen(channel, onPayload) {
      if (!CHANNEL.test(channel)) throw new Error(`Bad channel name: ${channel}`);
      const unlisten = await client.listen(channel, onPayload);
      return async () => unlisten();
    },
    close: () => client.close(),
  };
}

/**
 * A dedicated connection for LISTEN (a pooled one would be handed to other queries). If the server
 * drops it, it reconnects with backoff, so live updates resume by themselves after a restart.
 */
async function listenWithReconnect(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let lost = false;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on("error", () => {
      next.end().catch(() => {});
      if (client === next) client = null;
      lost = true;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    const reconnected = lost;
    client = next;
    attempt = 0;
    lost = false;
    if (reconnected) onReconnect?.();
  };
  const scheduleReconnect = () => {
    if (stopped) return;
    const delay = Math.min(2_000, 250 * 2 ** attempt++);
    setTimeout(() => connect().catch(scheduleReconnect), delay).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

const madeForDb = new WeakMap<Db, Map<string, unknown>>();

/** What `make` makes for `db` under `key`, made once per database handle (a prepared statement, say). */
export function oncePerDb<T>(db: Db, key: string, make: () => T): T {
  let made = madeForDb.get(db);
  if (!made) madeForDb.set(db, (made = new Map()));
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

/**
 * A raw SQL statement with placeholders (`sql.placeholder`), prepared under `name` on each connection
 * that runs it, as the query builder's `.prepare(name)` does for its queries: the server parses and
 * plans it once per connection instead of on every call, and the text is built once. For statements on
 * a hot path that the query builder cannot express (a data-modifying CTE). Keep one per `db` (oncePerDb).
 */
export function preparedSql<T>(db: Db, name: string, query: SQL): { execute(params: Record<string, unknown>): Promise<T[]> } {
  // Drizzle's own path for db.execute, with a name (its session and dialect are not in its public types).
  const { session, dialect } = db as unknown as {
    session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(params: Record<string, unknown>): Promise<unknown> } };
    dialect: { sqlToQuery(query: SQL): unknown };
  };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return { execute: async (params) => rowsOf<T>(await prepared.execute(params)) };
}

/**
 * Runs independent queries (Drizzle's queries, which run when awaited) at once on a pool, each on its
 * own connection, and one after another in a transaction: its one connection runs one statement at a
 * time, and node-postgres deprecates queueing a second meanwhile (pg 9 refuses it).
 */
export async function queriesTogether<T extends readonly unknown[]>(db: Db | PgTransaction<PgQueryResultHKT, typeof schema>, queries: { [K in keyof T]: PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries)) as unknown as T;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as unknown as T;
}

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

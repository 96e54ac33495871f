import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../src/server/db/client";
import * as schema from "../src/server/db/schema";

/**
 * A Drizzle database on its own pool whose every statement sent to the server, in a transaction or not,
 * is recorded (text and values): for counting round trips and explaining what a function really sends.
 */
export function recordingDb(url: string, max = 2) {
  const pool = new pg.Pool({ connectionString: url, max });
  const sent: { text: string; values: unknown[] }[] = [];
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const config = args[0] as string | { text: string; values?: unknown[] };
      sent.push({ text: typeof config === "string" ? config : config.text, values: (typeof config === "string" ? undefined : config.values) ?? (args[1] as unknown[]) ?? [] });
      return query(...args);
    };
  });
  return { db: drizzle(pool, { schema }) as unknown as Db, sent, pool };
}

import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../src/server/db/client";

/**
 * Evaluates a domain rule's SQL form over sample rows, as PostgreSQL would over a table's rows: each
 * sample is a row of `table` (so the real Drizzle columns, which name their table, read it) with the
 * `columns` given (a column definition list, snake_case like the sample's keys). Runs in London's time
 * zone, so arithmetic that depended on the session's zone would show on the clock-change days. Answers
 * one row per sample, in the samples' order.
 */
export async function selectOverSamples<T>(db: Db, { table, columns, samples, select }: { table: string; columns: string; samples: readonly Record<string, unknown>[]; select: SQL }): Promise<T[]> {
  const numbered = samples.map((sample, ord) => ({ ...sample, ord }));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'Europe/London'`);
    const result = await tx.execute(
      sql`select ${select} from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as ${sql.identifier(table)}(ord int, ${sql.raw(columns)}) order by ord`,
    );
    return rowsOf<T>(result);
  });
}

import { sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../../db/client";
import { orderLines, orders } from "../../db/schema";

/**
 * Order lines whose hold is not their order's (the reconcile's check of decision 031): a line holds its
 * places until its order's expiry while the order is pending, and not at all after.
 */
export async function heldLineProblems(db: Db | Tx): Promise<{ lineId: string; orderId: string; status: string; heldUntil: string | null; expected: string | null }[]> {
  // What migration 0016's triggers give a line: its order's expiry while the order is pending.
  const ordersHold = sql`(case when o.status = 'pending' then o.expires_at end)`;
  const rows = rowsOf<{ line_id: string; order_id: string; status: string; held_until: string | null; expected: string | null }>(
    await db.execute(sql`
      select l.id as line_id, o.id as order_id, o.status, l.held_until::text, ${ordersHold}::text as expected
      from ${orderLines} l join ${orders} o on o.id = l.order_id
      where l.held_until is distinct from ${ordersHold}`),
  );
  return rows.map((row) => ({ lineId: row.line_id, orderId: row.order_id, status: row.status, heldUntil: row.held_until, expected: row.expected }));
}

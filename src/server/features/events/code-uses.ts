import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { normaliseCode } from "../../../domain";
import { rowsOf, type Db, type Tx } from "../../db/client";
import { bookings, codes, orderLines, orders } from "../../db/schema";
import { holdsPlaces, liveHeldLine } from "./places";

export type CodeRow = typeof codes.$inferSelect;

/**
 * A code's uses, per ticket, counted as places are (docs/decisions/031, 042): the valid tickets of confirmed
 * bookings whose line it priced, and the tickets of live holds' lines it priced. Nothing is stored, so a hold
 * that lapses or is cancelled, or a ticket refunded, gives its uses back with no counter to drift.
 * `exceptOrderId` leaves one order out (a late payment counts the others).
 */
export async function codeUses(tx: Tx | Db, codeIds: string[], exceptOrderId?: string): Promise<Map<string, { held: number; confirmed: number }>> {
  const uses = new Map(codeIds.map((id) => [id, { held: 0, confirmed: 0 }]));
  if (!codeIds.length) return uses;
  const otherOrder = exceptOrderId ? sql` and ${orderLines.orderId} <> ${exceptOrderId}` : sql``;
  const rows = rowsOf<{ code_id: string; held: number; confirmed: number }>(await tx.execute(sql`
    select ${orderLines.codeId} as code_id,
      coalesce(sum(${orderLines.quantity}) filter (where ${liveHeldLine}), 0)::int as held,
      coalesce(sum(${bookings.ticketQuantity}) filter (where ${holdsPlaces}), 0)::int as confirmed
    from ${orderLines} left join ${bookings} on ${bookings.orderLineId} = ${orderLines.id}
    where ${orderLines.codeId} in (${sql.join(
      codeIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})${otherOrder}
    group by ${orderLines.codeId}`));
  for (const row of rows) uses.set(row.code_id, { held: Number(row.held), confirmed: Number(row.confirmed) });
  return uses;
}

/** The key of one buyer's uses of one code in buyerCodeUses' answer. */
export const buyerUseKey = (codeId: string, userId: string) => `${codeId}/${userId}`;

/** Each buyer's own uses of each code (the per-buyer limit): their live holds' tickets and their confirmed valid tickets, counted as codeUses. */
export async function buyerCodeUses(tx: Tx, codeIds: string[], userIds: string[], exceptOrderId?: string): Promise<Map<string, number>> {
  const uses = new Map<string, number>();
  if (!codeIds.length || !userIds.length) return uses;
  const otherOrder = exceptOrderId ? sql` and ${orderLines.orderId} <> ${exceptOrderId}` : sql``;
  const rows = rowsOf<{ code_id: string; user_id: string; n: number }>(await tx.execute(sql`
    select ${orderLines.codeId} as code_id, ${orders.userId} as user_id,
      (coalesce(sum(${orderLines.quantity}) filter (where ${liveHeldLine}), 0) + coalesce(sum(${bookings.ticketQuantity}) filter (where ${holdsPlaces}), 0))::int as n
    from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId} left join ${bookings} on ${bookings.orderLineId} = ${orderLines.id}
    where ${orderLines.codeId} in (${sql.join(
      codeIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${orders.userId} in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})${otherOrder}
    group by ${orderLines.codeId}, ${orders.userId}`));
  for (const row of rows) uses.set(buyerUseKey(row.code_id, row.user_id), Number(row.n));
  return uses;
}

/**
 * The codes a batch of checkouts names, locked (after their events: every sale locks its events first, then
 * its codes, each in id order, so two checkouts never wait on each other in a circle). A code is its
 * organiser's, so a text names at most one code per organiser; the caller matches each line to its event's.
 * Their uses are counted only after this lock is taken (pretix PR #6067: a count read before the lock let
 * racing orders pass the limit).
 */
export function lockCodes(tx: Tx, organiserIds: string[], texts: string[]): Promise<CodeRow[]> {
  if (!organiserIds.length || !texts.length) return Promise.resolve([]);
  return tx
    .select()
    .from(codes)
    .where(and(inArray(codes.organiserId, organiserIds), inArray(sql`lower(${codes.code})`, texts.map((text) => normaliseCode(text).toLowerCase()))))
    .orderBy(asc(codes.id))
    .for("no key update");
}

/** Locks codes by id, in id order (a late payment's re-count). */
export function lockCodesById(tx: Tx, codeIds: string[]): Promise<CodeRow[]> {
  if (!codeIds.length) return Promise.resolve([]);
  return tx.select().from(codes).where(inArray(codes.id, codeIds)).orderBy(asc(codes.id)).for("no key update");
}

/** The organiser's code of that text that covers the event (their code for it, or for all their events), or null: what a buyer's code means on its page. */
export async function findEventCode(db: Db, event: { id: string; userId: string }, text: string): Promise<CodeRow | null> {
  const [code] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.organiserId, event.userId), eq(sql`lower(${codes.code})`, normaliseCode(text).toLowerCase()), or(isNull(codes.eventId), eq(codes.eventId, event.id))))
    .limit(1);
  return code ?? null;
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { summariseLedger, type LedgerKind, type MoneySummary } from "../../../domain";
import type { Db } from "../../db/client";
import { ledgerEntries } from "../../db/schema";
import type { Tx } from "../checkout/capacity";

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert & { kind: LedgerKind };

/**
 * Appends entries to the money ledger (decision 027). Each entry's key names the movement (`sale:{booking}`,
 * `refund:{refund}:ticket`, …), so writing it again — a retried job, a second node, a replayed webhook —
 * adds nothing. Zero amounts are not movements and are left out.
 */
export async function recordLedger(tx: Tx | Db, entries: NewLedgerEntry[]): Promise<void> {
  const moving = entries.filter((entry) => entry.amountPence > 0);
  if (!moving.length) return;
  await tx.insert(ledgerEntries).values(moving).onConflictDoNothing({ target: ledgerEntries.entryKey });
}

/** The charge of one booking: its tickets and its booking fees, tied to the provider's payment. */
export function bookingChargeEntries(input: {
  orderId: string;
  bookingId: string;
  eventId: string;
  unitPricePence: number;
  feePerTicketPence: number;
  quantity: number;
  providerRef: string;
}): NewLedgerEntry[] {
  const common = { orderId: input.orderId, bookingId: input.bookingId, eventId: input.eventId, providerRef: input.providerRef };
  return [
    { ...common, entryKey: `sale:${input.bookingId}`, kind: "ticket_sale", amountPence: input.unitPricePence * input.quantity },
    { ...common, entryKey: `fee:${input.bookingId}`, kind: "booking_fee", amountPence: input.feePerTicketPence * input.quantity },
  ];
}

/** Sums of the ledger per booking (for lists of bookings: My Tickets, attendees, CSV). */
export async function bookingMoney(db: Tx | Db, bookingIds: string[]): Promise<Map<string, MoneySummary>> {
  const result = new Map<string, MoneySummary>();
  if (!bookingIds.length) return result;
  const rows = await db
    .select({ bookingId: ledgerEntries.bookingId, kind: ledgerEntries.kind, amountPence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number) })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.bookingId, bookingIds))
    .groupBy(ledgerEntries.bookingId, ledgerEntries.kind);
  for (const id of bookingIds) result.set(id, summariseLedger(rows.filter((row) => row.bookingId === id)));
  return result;
}

/** One order's money from the ledger. */
export async function orderMoney(db: Tx | Db, orderId: string): Promise<MoneySummary> {
  const rows = await db
    .select({ kind: ledgerEntries.kind, amountPence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId)))
    .groupBy(ledgerEntries.kind);
  return summariseLedger(rows);
}

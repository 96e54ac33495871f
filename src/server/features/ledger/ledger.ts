import { inArray, sql, type SQL } from "drizzle-orm";
import { organiserFee, summariseLedger, type LedgerKind, type MoneySummary } from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { ledgerEntries } from "../../db/schema";

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert & { kind: LedgerKind };

/**
 * Appends entries to the money ledger (decision 027). Each entry's key names the movement (`sale:{booking}`,
 * `refund:{refund}:ticket`, …), so writing it again — a retried job, a second node, a replayed webhook —
 * adds nothing. Zero amounts are not movements and are left out.
 */
export async function recordLedger(tx: Tx | Db, entries: NewLedgerEntry[]): Promise<void> {
  await ledgerInsert(tx, entries);
}

/** recordLedger's statement, for a caller that sends it together with others (a CTE); null when nothing moves. */
export function ledgerInsert(tx: Tx | Db, entries: NewLedgerEntry[]) {
  const moving = entries.filter((entry) => entry.amountPence > 0);
  return moving.length ? tx.insert(ledgerEntries).values(moving).onConflictDoNothing({ target: ledgerEntries.entryKey }) : null;
}

/**
 * The charge of one booking, tied to the provider's payment: its tickets and the booking fees its buyer
 * paid, and what its organiser owes out of their share (D22): the organiser fee and, when they absorb
 * it, the booking fee. (Zero amounts are left out by recordLedger.)
 */
export function bookingChargeEntries(input: {
  orderId: string;
  bookingId: string;
  eventId: string;
  unitPricePence: number;
  /** The booking fee the buyer paid per ticket (order_lines.fee_per_ticket_pence). */
  feePerTicketPence: number;
  /** The booking fee per ticket the organiser absorbed (order_lines.absorbed_fee_per_ticket_pence). */
  absorbedFeePerTicketPence: number;
  quantity: number;
  providerRef: string;
}): NewLedgerEntry[] {
  const common = { orderId: input.orderId, bookingId: input.bookingId, eventId: input.eventId, providerRef: input.providerRef };
  return [
    { ...common, entryKey: `sale:${input.bookingId}`, kind: "ticket_sale", amountPence: input.unitPricePence * input.quantity },
    { ...common, entryKey: `fee:${input.bookingId}`, kind: "booking_fee", amountPence: input.feePerTicketPence * input.quantity },
    { ...common, entryKey: `orgfee:${input.bookingId}`, kind: "organiser_fee", amountPence: organiserFee(input.unitPricePence, input.quantity) },
    { ...common, entryKey: `absorbed:${input.bookingId}`, kind: "absorbed_fee", amountPence: input.absorbedFeePerTicketPence * input.quantity },
  ];
}

/**
 * A completed refund's movements: its tickets and its fee paid back under the provider's refund id, the
 * commission it takes back, and the organiser fee and absorbed booking fee it takes off what the organiser
 * owes (D22). `keyPrefix` names them (`refund:{id}` unless one provider refund is shared out over several
 * bookings), so writing them again adds nothing.
 */
export function refundEntries(
  refund: {
    id: string;
    orderId: string;
    bookingId: string | null;
    eventId: string | null;
    ticketPence: number;
    feePence: number;
    commissionPence: number;
    organiserFeePence: number;
    absorbedFeePence: number;
    affiliateId: string | null;
  },
  providerRef: string | null,
  keyPrefix = `refund:${refund.id}`,
): NewLedgerEntry[] {
  const common = { orderId: refund.orderId, bookingId: refund.bookingId, eventId: refund.eventId, refundId: refund.id, providerRef };
  return [
    { ...common, entryKey: `${keyPrefix}:ticket`, kind: "ticket_refund", amountPence: refund.ticketPence },
    { ...common, entryKey: `${keyPrefix}:fee`, kind: "fee_refund", amountPence: refund.feePence },
    { ...common, entryKey: `${keyPrefix}:commission`, kind: "commission_reversal", amountPence: refund.commissionPence, affiliateId: refund.affiliateId },
    { ...common, entryKey: `${keyPrefix}:orgfee`, kind: "organiser_fee_reversal", amountPence: refund.organiserFeePence },
    { ...common, entryKey: `${keyPrefix}:absorbed`, kind: "absorbed_fee_reversal", amountPence: refund.absorbedFeePence },
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
  const byBooking = new Map<string, typeof rows>();
  for (const row of rows) {
    const lines = byBooking.get(row.bookingId!);
    if (lines) lines.push(row);
    else byBooking.set(row.bookingId!, [row]);
  }
  for (const id of bookingIds) result.set(id, summariseLedger(byBooking.get(id) ?? []));
  return result;
}

/**
 * The ledger summed per group (`key`: an SQL expression over ledger_entries) for the rows `where` picks.
 * (The dashboard reads its money from the sales tally instead, which the ledger's trigger keeps: decision 030.)
 */
async function ledgerBy(db: Tx | Db, key: SQL, where: SQL): Promise<Map<string, MoneySummary>> {
  const rows = await db
    .select({ key: sql<string>`${key}`, kind: ledgerEntries.kind, amountPence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number) })
    .from(ledgerEntries)
    .where(where)
    .groupBy(sql`1`, ledgerEntries.kind);
  const grouped = new Map<string, { kind: string; amountPence: number }[]>();
  for (const row of rows) grouped.set(String(row.key), [...(grouped.get(String(row.key)) ?? []), row]);
  return new Map([...grouped].map(([group, lines]) => [group, summariseLedger(lines)]));
}

/** What these affiliate accounts have earned: commission less what refunds took back. */
export async function affiliateEarnings(db: Tx | Db, affiliateIds: string[]): Promise<number> {
  if (!affiliateIds.length) return 0;
  const byAffiliate = await ledgerBy(db, sql`${ledgerEntries.affiliateId}::text`, inArray(ledgerEntries.affiliateId, affiliateIds));
  return [...byAffiliate.values()].reduce((sum, money) => sum + money.commissionPence, 0);
}

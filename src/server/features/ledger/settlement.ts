import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { kindsOf, summariseLedger, type MoneySummary, type Pence } from "../../../domain";
import { queriesTogether, type Db, type Tx } from "../../db/client";
import { bookings, events, ledgerEntries, orderLines, payouts, tickets, ticketTypes } from "../../db/schema";

/** One affiliate's commission on an event, and what has been paid of it. */
export interface AffiliateSettlement {
  affiliateId: string;
  duePence: Pence;
  transferredPence: Pence;
}

/**
 * An event's money as its organiser is paid it (D22, D23): the one place the payout, the statements and
 * reconcile read it from.
 * - `grossSalesPence`: ticket money the buyers paid; `bookingFeesPence`: booking fees they paid on top.
 * - `ticketRefundsPence`, `feeRefundsPence`: paid back to buyers.
 * - `organiserFeesPence`, `absorbedFeesPence`: owed to the platform out of the organiser's share (net of
 *   what refunds took off).
 * - `disputedSharePence`: the share of bookings whose payment the buyer's bank disputed: withheld;
 *   `disputedFeesPence`: the fees those bookings paid or owed, which left with the dispute (not the platform's).
 * - `organiserDuePence`: what the organiser is owed in all (may fall below what was paid after a late
 *   refund or dispute: the difference is reversed); `organiserTransferredPence`: paid, less reversals.
 * - `commissionPence`: affiliate commission (paid by the platform from its booking fee, never by the organiser).
 */
export interface EventSettlement {
  eventId: string;
  grossSalesPence: Pence;
  bookingFeesPence: Pence;
  ticketRefundsPence: Pence;
  feeRefundsPence: Pence;
  organiserFeesPence: Pence;
  absorbedFeesPence: Pence;
  disputedSharePence: Pence;
  disputedFeesPence: Pence;
  commissionPence: Pence;
  organiserDuePence: Pence;
  organiserTransferredPence: Pence;
  affiliates: AffiliateSettlement[];
}

const TRANSFER_KINDS = ["transfer", "transfer_reversal"];

/** A ledger entry's UK calendar month (YYYY-MM). */
export const ukMonthOf = (createdAt: typeof ledgerEntries.createdAt) => sql<string>`to_char(${createdAt} at time zone 'Europe/London', 'YYYY-MM')`;

/**
 * The settlement of each of these events from the ledger (events with no money are left out).
 * `month` (YYYY-MM) counts only the entries made in that UK month: what was charged then (the monthly
 * platform-fee statement), not what is owed in all.
 */
export async function eventSettlements(db: Tx | Db, eventIds: string[], { month }: { month?: string } = {}): Promise<Map<string, EventSettlement>> {
  const result = new Map<string, EventSettlement>();
  if (!eventIds.length) return result;
  const inMonth = month ? sql`${ukMonthOf(ledgerEntries.createdAt)} = ${month}` : undefined;
  const moneyOf = and(inArray(ledgerEntries.eventId, eventIds), notInArray(ledgerEntries.kind, TRANSFER_KINDS), inMonth);
  // The ledger summed per event without a join (the index on event, kind, affiliate and amount answers it
  // alone); the disputed bookings' lines, few, summed apart by way of their bookings.
  const [moneyRows, disputedRows, transferRows] = await queriesTogether(db, [
    db
      .select({
        eventId: sql<string>`${ledgerEntries.eventId}`,
        affiliateId: ledgerEntries.affiliateId,
        kind: ledgerEntries.kind,
        amountPence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number),
      })
      .from(ledgerEntries)
      .where(moneyOf)
      .groupBy(ledgerEntries.eventId, ledgerEntries.affiliateId, ledgerEntries.kind),
    db
      .select({
        eventId: sql<string>`${ledgerEntries.eventId}`,
        kind: ledgerEntries.kind,
        amountPence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number),
      })
      .from(bookings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.bookingId, bookings.id))
      .where(and(inArray(bookings.eventId, eventIds), eq(bookings.status, "disputed"), moneyOf))
      .groupBy(ledgerEntries.eventId, ledgerEntries.kind),
    db
      .select({
        eventId: sql<string>`${payouts.eventId}::text`,
        payeeKind: payouts.payeeKind,
        affiliateId: payouts.affiliateId,
        kind: ledgerEntries.kind,
        amountPence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number),
      })
      .from(ledgerEntries)
      .innerJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
      .where(and(inArray(payouts.eventId, eventIds), inArray(ledgerEntries.kind, TRANSFER_KINDS), inMonth))
      .groupBy(payouts.eventId, payouts.payeeKind, payouts.affiliateId, ledgerEntries.kind),
  ]);
  // Grouped once: an organiser's statements read hundreds of events in one call.
  const linesByEvent = groupByEvent(moneyRows);
  const disputedByEvent = groupByEvent(disputedRows);
  const transfersByEvent = groupByEvent(transferRows);
  for (const eventId of new Set([...linesByEvent.keys(), ...transfersByEvent.keys()])) {
    const lines = linesByEvent.get(eventId) ?? [];
    const all: MoneySummary = summariseLedger(lines);
    const disputed = summariseLedger(disputedByEvent.get(eventId) ?? []);
    const transfers = transfersByEvent.get(eventId) ?? [];
    const transferred = (payeeKind: string, affiliateId: string | null) =>
      summariseLedger(transfers.filter((row) => row.payeeKind === payeeKind && row.affiliateId === affiliateId)).transferredPence;
    const affiliateIds = new Set([...lines.map((row) => row.affiliateId), ...transfers.map((row) => row.affiliateId)].filter((id): id is string => Boolean(id)));
    result.set(eventId, {
      eventId,
      grossSalesPence: all.ticketsPence,
      bookingFeesPence: all.feesPence,
      ticketRefundsPence: all.ticketsRefundedPence,
      feeRefundsPence: all.feesRefundedPence,
      organiserFeesPence: all.organiserFeesPence,
      absorbedFeesPence: all.absorbedFeesPence,
      disputedSharePence: disputed.organiserSharePence,
      disputedFeesPence: disputed.feesPence - disputed.feesRefundedPence + disputed.organiserFeesPence + disputed.absorbedFeesPence,
      commissionPence: all.commissionPence,
      organiserDuePence: all.organiserSharePence - disputed.organiserSharePence,
      organiserTransferredPence: transferred("organiser", null),
      affiliates: [...affiliateIds].map((affiliateId) => ({
        affiliateId,
        duePence: summariseLedger(lines.filter((row) => row.affiliateId === affiliateId)).commissionPence,
        transferredPence: transferred("affiliate", affiliateId),
      })),
    });
  }
  return result;
}

/** What one ticket type of an event sold (issue 36): its share of the event's settlement's ticket figures. */
export interface TicketTypeSales {
  /** Null for ledger money tied to no booking (never written today: a sale's money is its booking's). */
  ticketTypeId: string | null;
  name: string;
  /** Tickets issued of the type (a row of `tickets` each), refunded ones included. */
  ticketsSold: number;
  ticketsRefunded: number;
  grossSalesPence: Pence;
  ticketRefundsPence: Pence;
  /** What codes took off its price on the tickets sold (issue 37). */
  discountsPence: Pence;
}

/**
 * Each event's sales per ticket type, in the event's order, types that sold nothing left out. The money is
 * the ledger eventSettlements sums (the same entries, by way of their bookings' types), so an event's types
 * add up to its grossSalesPence and ticketRefundsPence; a sale's entry holds what its order line was sold at.
 */
export async function ticketTypeSales(db: Tx | Db, eventIds: string[]): Promise<Map<string, TicketTypeSales[]>> {
  const result = new Map<string, TicketTypeSales[]>();
  if (!eventIds.length) return result;
  const ticketKinds = [...kindsOf("ticketsPence"), ...kindsOf("ticketsRefundedPence")];
  const [moneyRows, ticketRows, typeRows] = await queriesTogether(db, [
    db
      .select({
        eventId: sql<string>`${ledgerEntries.eventId}`,
        ticketTypeId: bookings.ticketTypeId,
        kind: ledgerEntries.kind,
        amountPence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number),
      })
      .from(ledgerEntries)
      .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
      .where(and(inArray(ledgerEntries.eventId, eventIds), notInArray(ledgerEntries.kind, TRANSFER_KINDS), inArray(ledgerEntries.kind, ticketKinds)))
      .groupBy(ledgerEntries.eventId, bookings.ticketTypeId, ledgerEntries.kind),
    db
      .select({
        ticketTypeId: tickets.ticketTypeId,
        sold: sql<number>`count(*)::int`.mapWith(Number),
        refunded: sql<number>`(count(*) filter (where ${tickets.status} = 'refunded'))::int`.mapWith(Number),
        // What codes took off the type's price, per ticket sold (issue 37): given away, so in no ledger sum.
        discount: sql<number>`coalesce(sum(${orderLines.discountPerTicketPence}), 0)::int`.mapWith(Number),
      })
      .from(tickets)
      .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
      .innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
      .where(inArray(tickets.eventId, eventIds))
      .groupBy(tickets.ticketTypeId),
    db
      .select({ id: ticketTypes.id, eventId: ticketTypes.eventId, name: ticketTypes.name })
      .from(ticketTypes)
      .where(inArray(ticketTypes.eventId, eventIds))
      .orderBy(asc(ticketTypes.eventId), asc(ticketTypes.position), asc(ticketTypes.createdAt)),
  ]);
  const counts = new Map(ticketRows.map((row) => [row.ticketTypeId, row]));
  const moneyByEvent = groupByEvent(moneyRows);
  const moneyOfType = (eventId: string, ticketTypeId: string | null) => summariseLedger((moneyByEvent.get(eventId) ?? []).filter((row) => row.ticketTypeId === ticketTypeId));
  for (const type of typeRows) {
    const money = moneyOfType(type.eventId, type.id);
    const count = counts.get(type.id);
    if (!count && !money.ticketsPence && !money.ticketsRefundedPence) continue;
    const sales = result.get(type.eventId) ?? [];
    sales.push({
      ticketTypeId: type.id,
      name: type.name,
      ticketsSold: count?.sold ?? 0,
      ticketsRefunded: count?.refunded ?? 0,
      grossSalesPence: money.ticketsPence,
      ticketRefundsPence: money.ticketsRefundedPence,
      discountsPence: count?.discount ?? 0,
    });
    result.set(type.eventId, sales);
  }
  for (const [eventId, rows] of moneyByEvent) {
    if (!rows.some((row) => row.ticketTypeId === null)) continue;
    const money = moneyOfType(eventId, null);
    result.set(eventId, [
      ...(result.get(eventId) ?? []),
      { ticketTypeId: null, name: "Not tied to a ticket", ticketsSold: 0, ticketsRefunded: 0, grossSalesPence: money.ticketsPence, ticketRefundsPence: money.ticketsRefundedPence, discountsPence: 0 },
    ]);
  }
  return result;
}

/** The organiser of each event (the payee of its organiser payout). */
export async function eventOrganisers(db: Tx | Db, eventIds: string[]): Promise<Map<string, string>> {
  if (!eventIds.length) return new Map();
  const rows = await db.select({ id: events.id, userId: events.userId }).from(events).where(inArray(events.id, eventIds));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

function groupByEvent<Row extends { eventId: string }>(rows: Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const group = grouped.get(row.eventId);
    if (group) group.push(row);
    else grouped.set(row.eventId, [row]);
  }
  return grouped;
}

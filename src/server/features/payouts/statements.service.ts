import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  AppError,
  eventEndsAt,
  payoutDueAt,
  statementStatusText,
  csvFile,
  csvPounds,
  toCsv,
  type EventStatement,
  type EventTimes,
  type PayoutView,
  type StatementStatus,
  type Statements,
} from "../../../domain";
import type { Db } from "../../db/client";
import { events, ledgerEntries, payoutAccounts, payouts } from "../../db/schema";
import type { Actor } from "../auth/session";
import { findManagedEvent, managedBy } from "../events/managed-events";
import { payoutViews } from "../ledger/payout-views";
import { eventSettlements, ticketTypeSales, type EventSettlement } from "../ledger/settlement";
import { feeStatementMonths } from "./fee-statements.service";

type PayoutRow = typeof payouts.$inferSelect;

/** Where an event's organiser payout stands; its date is the payout's own once it exists, else the rule's. */
export function statementStatus({
  settlement,
  payout,
  event,
  accountReady,
  now,
}: {
  settlement: EventSettlement;
  payout: PayoutRow | undefined;
  event: EventTimes;
  accountReady: boolean;
  now: Date;
}): StatementStatus {
  if (payout?.status === "paid" && payout.paidAt) return { kind: "paid", date: payout.paidAt.toISOString() };
  if (now < eventEndsAt(event)) return { kind: "awaiting-event-end" };
  if (settlement.organiserDuePence - settlement.organiserTransferredPence <= 0) return { kind: "nothing-due" };
  if (!accountReady) return { kind: "waiting-for-account" };
  return {
    kind: "scheduled",
    date: (payout?.dueAt ?? payoutDueAt(event)).toISOString(),
  };
}

/** The organiser payouts of the events the actor manages (their own; an admin: everyone's), newest first, with reversals. */
async function organiserPayouts(db: Db, actor: Actor): Promise<PayoutView[]> {
  const rows = await db
    .select({ payout: payouts, eventTitle: events.title })
    .from(payouts)
    .innerJoin(events, eq(events.id, payouts.eventId))
    .where(and(eq(payouts.payeeKind, "organiser"), managedBy(actor)))
    .orderBy(desc(payouts.createdAt));
  return payoutViews(db, rows);
}

export interface StatementOptions {
  now: Date;
  /** config.paymentProvider: with `local`, a missing payout account is made at payout time, so nothing waits for one. */
  paymentProvider: string;
}

/** Each managed event with money (or just this one), latest first: its settlement figures and payout status. */
async function eventStatements(
  db: Db,
  actor: Actor,
  { now, paymentProvider, onlyEventId }: StatementOptions & { onlyEventId?: string },
): Promise<EventStatement[]> {
  const managed = await db
    .select({
      id: events.id,
      title: events.title,
      dateTime: events.dateTime,
      endTime: events.endTime,
      userId: events.userId,
      accountReady: payoutAccounts.ready,
    })
    .from(events)
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, events.userId))
    .where(
      and(
        managedBy(actor),
        onlyEventId ? eq(events.id, onlyEventId) : undefined,
        sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.eventId} = ${events.id})`,
      ),
    )
    .orderBy(desc(events.dateTime));
  if (!managed.length) return [];
  const ids = managed.map((event) => event.id);
  const [settlements, typeSales, payoutRows] = await Promise.all([
    eventSettlements(db, ids),
    ticketTypeSales(db, ids),
    db
      .select()
      .from(payouts)
      .where(and(inArray(payouts.eventId, ids), eq(payouts.payeeKind, "organiser"))),
  ]);
  return managed.flatMap((event) => {
    const settlement = settlements.get(event.id);
    if (!settlement) return [];
    const payout = payoutRows.find((row) => row.eventId === event.id);
    const endsAt = eventEndsAt(event);
    return [
      {
        eventId: event.id,
        title: event.title,
        startsAt: event.dateTime.toISOString(),
        endsAt: endsAt.toISOString(),
        grossSalesPence: settlement.grossSalesPence,
        bookingFeesPence: settlement.bookingFeesPence,
        organiserFeesPence: settlement.organiserFeesPence,
        absorbedFeesPence: settlement.absorbedFeesPence,
        ticketRefundsPence: settlement.ticketRefundsPence,
        feeRefundsPence: settlement.feeRefundsPence,
        commissionPence: settlement.commissionPence,
        disputedPence: settlement.disputedSharePence,
        discountsPence: (typeSales.get(event.id) ?? []).reduce((sum, type) => sum + type.discountsPence, 0),
        netDuePence: settlement.organiserDuePence,
        paidPence: settlement.organiserTransferredPence,
        transferId: payout?.providerTransferId ?? null,
        paidAt: payout?.paidAt?.toISOString() ?? null,
        payoutDueAt: (payout?.dueAt ?? payoutDueAt(event)).toISOString(),
        // The local provider's payout run makes a payee's simulated account when it has none (payouts.service).
        status: statementStatus({
          settlement,
          payout,
          event,
          accountReady: Boolean(event.accountReady) || paymentProvider === "local",
          now,
        }),
        ticketTypes: typeSales.get(event.id) ?? [],
      },
    ];
  });
}

/** The Payouts tab: a statement per event, each transfer, and the months with a fee statement. */
export async function getStatements({ db, actor, ...options }: { db: Db; actor: Actor } & StatementOptions): Promise<Statements> {
  const [eventRows, payoutRows, feeStatements] = await Promise.all([
    eventStatements(db, actor, options),
    organiserPayouts(db, actor),
    feeStatementMonths(db, actor.userId, options.now),
  ]);
  return { events: eventRows, payouts: payoutRows, feeStatements };
}

/**
 * One event's statement, for its organiser or an admin; another's event is EVENT_NOT_FOUND, as a missing
 * one is. An event of theirs with no sales yet has no statement (NOT_FOUND).
 */
export async function getEventStatement({
  db,
  actor,
  eventId,
  ...options
}: {
  db: Db;
  actor: Actor;
  eventId: string;
} & StatementOptions): Promise<EventStatement> {
  const event = await findManagedEvent(db, actor, eventId);
  const [statement] = await eventStatements(db, actor, {
    ...options,
    onlyEventId: event.id,
  });
  if (!statement) throw new AppError("NOT_FOUND", "This event has no sales yet, so it has no statement.");
  return statement;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

export const STATEMENT_CSV_COLUMNS = [
  "Event",
  "Event date",
  "Gross sales",
  "Booking fees (paid by buyers)",
  "Organiser fees",
  "Absorbed booking fees",
  "Ticket refunds",
  "Booking fee refunds",
  "Affiliate commission",
  "Disputed (withheld)",
  "Net due",
  "Paid so far",
  "Transfer",
  "Paid on",
  "Status",
  "Discounts given (codes)",
] as const;

export const STATEMENT_TYPE_CSV_COLUMNS = ["Event", "Event date", "Ticket type", "Tickets sold", "Tickets refunded", "Gross sales", "Ticket refunds", "Discounts given (codes)"] as const;

/**
 * One row per event (amounts as numbers of pounds, dates as YYYY-MM-DD, for spreadsheets), its columns as
 * they always were. When any event sells several ticket types (issue 36), a second table follows after an
 * empty line: STATEMENT_TYPE_CSV_COLUMNS, one row per type that sold, whose Gross sales and Ticket refunds
 * add up to its event's row. An event with one type is its own row already, so it has none there, and a
 * file with no such event is exactly as before. A second table rather than type rows among the events':
 * a spreadsheet summing the first table's columns would otherwise count every such event twice.
 */
export async function statementsCsv({ db, actor, ...options }: { db: Db; actor: Actor } & StatementOptions): Promise<string> {
  const rows = await eventStatements(db, actor, options);
  const typeRows = rows
    .filter((row) => row.ticketTypes.length > 1)
    .flatMap((row) =>
      row.ticketTypes.map((type) => [
        row.title,
        day(row.startsAt),
        type.name,
        type.ticketsSold,
        type.ticketsRefunded,
        csvPounds(type.grossSalesPence),
        csvPounds(type.ticketRefundsPence),
        csvPounds(type.discountsPence),
      ]),
    );
  const events = csvFile([
    [...STATEMENT_CSV_COLUMNS],
    ...rows.map((row) => [
      row.title,
      day(row.startsAt),
      csvPounds(row.grossSalesPence),
      csvPounds(row.bookingFeesPence),
      csvPounds(row.organiserFeesPence),
      csvPounds(row.absorbedFeesPence),
      csvPounds(row.ticketRefundsPence),
      csvPounds(row.feeRefundsPence),
      csvPounds(row.commissionPence),
      csvPounds(row.disputedPence),
      csvPounds(row.netDuePence),
      csvPounds(row.paidPence),
      row.transferId,
      day(row.paidAt),
      statementStatusText(row.status),
      csvPounds(row.discountsPence),
    ]),
  ]);
  return typeRows.length ? events + toCsv([[], [...STATEMENT_TYPE_CSV_COLUMNS], ...typeRows]) : events;
}

export const PAYOUT_CSV_COLUMNS = ["Event", "Amount", "Status", "Transfer", "Due", "Paid on", "Reversed", "Reversals"] as const;

/** One row per transfer, its reversals summed and listed by id. */
export async function payoutsCsv({ db, actor }: { db: Db; actor: Actor }): Promise<string> {
  const rows = await organiserPayouts(db, actor);
  return csvFile([
    [...PAYOUT_CSV_COLUMNS],
    ...rows.map((row) => [
      row.eventTitle,
      csvPounds(row.amountPence),
      row.status,
      row.transferId,
      day(row.dueAt),
      day(row.paidAt),
      csvPounds(row.reversals.filter((reversal) => reversal.status === "succeeded").reduce((sum, reversal) => sum + reversal.amountPence, 0)),
      row.reversals.map((reversal) => reversal.reversalId ?? "pending").join(" "),
    ]),
  ]);
}

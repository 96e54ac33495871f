import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  AppError,
  BRAND,
  eventEndsAt,
  formatEventDate,
  formatPounds,
  formatStatementMonth,
  payoutDueAt,
  statementStatusText,
  csvFile,
  csvPounds,
  type EventStatement,
  type EventTimes,
  type LedgerKind,
  type PayoutView,
  type StatementStatus,
  type Statements,
} from "../../../domain";
import type { Db } from "../../db/client";
import { events, ledgerEntries, payoutAccounts, payouts, profiles } from "../../db/schema";
import { renderPdf } from "../../lib/pdf";
import type { Actor } from "../auth/session";
import { findManagedEvent, managedBy } from "../events/managed-events";
import { payoutViews } from "../ledger/payout-views";
import { eventSettlements, ukMonthOf, type EventSettlement } from "../ledger/settlement";

type PayoutRow = typeof payouts.$inferSelect;

/** The platform's fees out of an organiser's share (D22): what the monthly fee statement lists. */
const PLATFORM_FEE_KINDS = ["organiser_fee", "organiser_fee_reversal", "absorbed_fee", "absorbed_fee_reversal"] as const satisfies readonly LedgerKind[];

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
  const [settlements, payoutRows] = await Promise.all([
    eventSettlements(db, ids),
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
      },
    ];
  });
}

/** UK months in which this organiser's own events were charged platform fees, newest first. */
async function feeStatementMonths(db: Db, organiserId: string): Promise<string[]> {
  const month = ukMonthOf(ledgerEntries.createdAt);
  const rows = await db
    .selectDistinct({ month })
    .from(ledgerEntries)
    .innerJoin(events, eq(events.id, ledgerEntries.eventId))
    .where(and(eq(events.userId, organiserId), inArray(ledgerEntries.kind, PLATFORM_FEE_KINDS)))
    .orderBy(desc(month));
  return rows.map((row) => row.month);
}

/** The Payouts tab: a statement per event, each transfer, and the months with a fee statement. */
export async function getStatements({ db, actor, ...options }: { db: Db; actor: Actor } & StatementOptions): Promise<Statements> {
  const [eventRows, payoutRows, months] = await Promise.all([
    eventStatements(db, actor, options),
    organiserPayouts(db, actor),
    feeStatementMonths(db, actor.userId),
  ]);
  return { events: eventRows, payouts: payoutRows, feeStatementMonths: months };
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
] as const;

/** One row per event (amounts as numbers of pounds, dates as YYYY-MM-DD, for spreadsheets). */
export async function statementsCsv({ db, actor, ...options }: { db: Db; actor: Actor } & StatementOptions): Promise<string> {
  const rows = await eventStatements(db, actor, options);
  return csvFile([
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
    ]),
  ]);
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

export interface FeeStatementLine {
  eventId: string;
  title: string;
  startsAt: Date;
  organiserFeesPence: number;
  absorbedFeesPence: number;
}

/** The platform fees charged on an organiser's events in one UK month (net of that month's reversals), per event. */
export async function feeStatementLines(db: Db, organiserId: string, month: string): Promise<FeeStatementLine[]> {
  const charged = await db
    .selectDistinct({
      id: events.id,
      title: events.title,
      dateTime: events.dateTime,
    })
    .from(ledgerEntries)
    .innerJoin(events, eq(events.id, ledgerEntries.eventId))
    .where(and(eq(events.userId, organiserId), inArray(ledgerEntries.kind, PLATFORM_FEE_KINDS), sql`${ukMonthOf(ledgerEntries.createdAt)} = ${month}`))
    .orderBy(asc(events.dateTime), asc(events.id));
  const settlements = await eventSettlements(
    db,
    charged.map((event) => event.id),
    { month },
  );
  return charged.map((event) => ({
    eventId: event.id,
    title: event.title,
    startsAt: event.dateTime,
    organiserFeesPence: settlements.get(event.id)?.organiserFeesPence ?? 0,
    absorbedFeesPence: settlements.get(event.id)?.absorbedFeesPence ?? 0,
  }));
}

/** Organisers whose events were charged platform fees in this UK month (who gets the monthly e-mail). */
export async function organisersWithFees(db: Db, month: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: events.userId })
    .from(ledgerEntries)
    .innerJoin(events, eq(events.id, ledgerEntries.eventId))
    .where(and(inArray(ledgerEntries.kind, PLATFORM_FEE_KINDS), sql`${ukMonthOf(ledgerEntries.createdAt)} = ${month}`));
  return rows.map((row) => row.userId);
}

export const FEE_STATEMENT_NOT_FOUND = "There are no platform fees for that month.";

/**
 * The monthly platform-fee statement (issue 20): per event, the organiser fees and absorbed booking fees
 * charged in that UK month, and their totals, as a PDF. Only the signed-in organiser's own events; a month
 * without fees has no statement.
 */
export async function feeStatementPdf({ db, actor, month }: { db: Db; actor: Actor; month: string }): Promise<{ pdf: Buffer; filename: string }> {
  const lines = await feeStatementLines(db, actor.userId, month);
  if (!lines.length) throw new AppError("NOT_FOUND", FEE_STATEMENT_NOT_FOUND);
  const [profile] = await db
    .select({
      businessName: profiles.businessName,
      displayName: profiles.displayName,
      businessAddress: profiles.businessAddress,
    })
    .from(profiles)
    .where(eq(profiles.userId, actor.userId));
  const organiser = profile?.businessName || profile?.displayName || "Organiser";
  const monthName = formatStatementMonth(month);
  const totals = lines.reduce(
    (sum, line) => ({
      organiser: sum.organiser + line.organiserFeesPence,
      absorbed: sum.absorbed + line.absorbedFeesPence,
    }),
    { organiser: 0, absorbed: 0 },
  );
  const pdf = await renderPdf({ title: `Platform fee statement, ${monthName}`, author: BRAND.name }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(18).text(`${BRAND.name} platform fee statement`);
    doc.moveDown(0.3).font("Helvetica").fontSize(12).text(monthName);
    doc.moveDown(0.8).fontSize(10).text(`For: ${organiser}`);
    if (profile?.businessAddress) doc.text(profile.businessAddress);
    doc
      .moveDown(0.5)
      .fillColor("#475569")
      .text("The fees charged on your events this month (UK time), less any taken back by refunds. They are deducted from your payouts.");
    doc.fillColor("#000000").moveDown(1);
    const columns = [
      { label: "Event", x: 50, width: 215, align: "left" as const },
      { label: "Event date", x: 270, width: 85, align: "left" as const },
      { label: "Organiser fees", x: 355, width: 60, align: "right" as const },
      {
        label: "Absorbed booking fees",
        x: 420,
        width: 60,
        align: "right" as const,
      },
      { label: "Total", x: 485, width: 60, align: "right" as const },
    ];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
      const heights = cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width }));
      if (y + Math.max(...heights) > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      cells.forEach((cell, index) =>
        doc.text(cell, columns[index]!.x, top, {
          width: columns[index]!.width,
          align: columns[index]!.align,
        }),
      );
      doc.x = 50;
      doc.y = top + Math.max(...heights) + 6;
    };
    row(
      columns.map((column) => column.label),
      true,
    );
    doc
      .moveTo(50, doc.y - 2)
      .lineTo(545, doc.y - 2)
      .strokeColor("#94a3b8")
      .stroke();
    for (const line of lines) {
      row([
        line.title,
        formatEventDate(line.startsAt) ?? "",
        formatPounds(line.organiserFeesPence),
        formatPounds(line.absorbedFeesPence),
        formatPounds(line.organiserFeesPence + line.absorbedFeesPence),
      ]);
    }
    doc
      .moveTo(50, doc.y - 2)
      .lineTo(545, doc.y - 2)
      .strokeColor("#94a3b8")
      .stroke();
    row(["Total", "", formatPounds(totals.organiser), formatPounds(totals.absorbed), formatPounds(totals.organiser + totals.absorbed)], true);
  });
  return { pdf, filename: `${BRAND.name.toLowerCase()}-fees-${month}.pdf` };
}

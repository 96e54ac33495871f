import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  AppError,
  BRAND,
  formatEventDate,
  formatFeeStatementNumber,
  formatLongDate,
  formatPounds,
  formatStatementMonth,
  formatVatRate,
  ukMonthEnd,
  VAT_STANDARD_RATE_BASIS_POINTS,
  vatIncludedIn,
  type FeeStatementMonth,
  type FeeStatementRecipient,
  type IssuedFeeStatementLine,
  type LedgerKind,
} from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { events, feeStatements, ledgerEntries, profiles, users } from "../../db/schema";
import type { PlatformCompany } from "../../config";
import { renderPdf, type PdfDocument } from "../../lib/pdf";
import type { Actor } from "../auth/session";
import { nextDocumentNumbers, PLATFORM_ISSUER } from "../ledger/document-numbers";
import { eventSettlements, ukMonthOf } from "../ledger/settlement";

/** The platform's fees out of an organiser's share (D22): what the monthly fee statement lists. */
const PLATFORM_FEE_KINDS = ["organiser_fee", "organiser_fee_reversal", "absorbed_fee", "absorbed_fee_reversal"] as const satisfies readonly LedgerKind[];

/** The platform's series of fee statement numbers (document_sequences). */
const FEE_STATEMENT_SERIES = "fee-statement";

export type IssuedFeeStatement = typeof feeStatements.$inferSelect;

export interface FeeStatementLine {
  eventId: string;
  title: string;
  startsAt: Date;
  organiserFeesPence: number;
  absorbedFeesPence: number;
}

/**
 * The platform fees charged on an organiser's events in one UK month (net of that month's reversals), per
 * event. Each ledger entry counts in the UK month it was written, so a refund that takes fees back after a
 * month's statement was issued counts in its own month, on a later statement.
 */
export async function feeStatementLines(db: Db | Tx, organiserId: string, month: string): Promise<FeeStatementLine[]> {
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

/** Organisers whose events were charged platform fees in this UK month (whose statements the monthly run issues). */
export async function organisersWithFees(db: Db, month: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: events.userId })
    .from(ledgerEntries)
    .innerJoin(events, eq(events.id, ledgerEntries.eventId))
    .where(and(inArray(ledgerEntries.kind, PLATFORM_FEE_KINDS), sql`${ukMonthOf(ledgerEntries.createdAt)} = ${month}`))
    .orderBy(asc(events.userId));
  return rows.map((row) => row.userId);
}

/** The UK months in which this organiser's events were charged platform fees, newest first, each with its statement's number once issued. */
export async function feeStatementMonths(db: Db, organiserId: string, now: Date): Promise<FeeStatementMonth[]> {
  const month = ukMonthOf(ledgerEntries.createdAt);
  const [charged, issued] = await Promise.all([
    db
      .selectDistinct({ month })
      .from(ledgerEntries)
      .innerJoin(events, eq(events.id, ledgerEntries.eventId))
      .where(and(eq(events.userId, organiserId), inArray(ledgerEntries.kind, PLATFORM_FEE_KINDS)))
      .orderBy(desc(month)),
    db.select({ month: feeStatements.month, number: feeStatements.number }).from(feeStatements).where(eq(feeStatements.organiserId, organiserId)),
  ]);
  const numbers = new Map(issued.map((row) => [row.month, formatFeeStatementNumber(row.number)]));
  return charged.map((row) => ({ month: row.month, number: numbers.get(row.month) ?? null, open: now < ukMonthEnd(row.month) }));
}

/**
 * A statement is issued only once its month is over (409 before): an issued document never changes, and
 * fees are still being charged in the current month. The month so far is on the Payouts tab's statements.
 */
function requireClosedMonth(month: string, now: Date): void {
  const end = ukMonthEnd(month);
  if (now < end) {
    throw new AppError("CONFLICT", `This month is not over yet: the fee statement for ${formatStatementMonth(month)} is issued on ${formatLongDate(end)}.`);
  }
}

async function findIssued(db: Db, organiserId: string, month: string): Promise<IssuedFeeStatement | undefined> {
  const [row] = await db
    .select()
    .from(feeStatements)
    .where(and(eq(feeStatements.organiserId, organiserId), eq(feeStatements.month, month)));
  return row;
}

/** The organiser as their profile says now: the name printed as for a sale's seller (order-sellers.ts). */
async function recipientOf(tx: Tx, organiserId: string): Promise<FeeStatementRecipient> {
  const [row] = await tx
    .select({
      name: sql<string>`coalesce(${profiles.businessName}, ${profiles.displayName}, ${users.name})`,
      address: profiles.businessAddress,
      sellerKind: profiles.sellerKind,
      companyNumber: profiles.companyNumber,
      vatNumber: profiles.vatNumber,
      vatTreatment: profiles.vatTreatment,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, organiserId));
  return {
    name: row?.name ?? "Organiser",
    address: row?.address ?? null,
    sellerKind: row?.sellerKind ?? null,
    companyNumber: row?.companyNumber ?? null,
    vatNumber: row?.vatNumber ?? null,
    vatTreatment: row?.vatTreatment ?? null,
  };
}

/**
 * The fees already charged were VAT-inclusive: the split leaves every amount as charged. A month whose
 * refunds gave back more fees than it charged has a negative line, whose VAT is given back likewise.
 */
function issuedLine(line: FeeStatementLine, vatRateBasisPoints: number | null): IssuedFeeStatementLine {
  const grossPence = line.organiserFeesPence + line.absorbedFeesPence;
  const vatPence = vatRateBasisPoints === null ? null : Math.sign(grossPence) * vatIncludedIn(Math.abs(grossPence), vatRateBasisPoints);
  return {
    eventId: line.eventId,
    title: line.title,
    startsAt: line.startsAt.toISOString(),
    organiserFeesPence: line.organiserFeesPence,
    absorbedFeesPence: line.absorbedFeesPence,
    grossPence,
    netPence: vatPence === null ? null : grossPence - vatPence,
    vatPence,
  };
}

class AlreadyIssued extends Error {}

/**
 * An organiser's fee statement for a closed UK month, issued now if it has not been (issue 34): numbered
 * from the platform's series, with the platform's company and the organiser's details as they are now and
 * the month's lines, in one transaction. Null when the organiser was charged no fees that month. Repeating
 * it, even at the same moment elsewhere, answers the one statement: a second writer finds the first's row
 * under the unique (organiser, month) and rolls back, giving its number back.
 */
export async function issueFeeStatement({
  db,
  organiserId,
  month,
  company,
  now,
}: {
  db: Db;
  organiserId: string;
  month: string;
  company: PlatformCompany;
  now: Date;
}): Promise<IssuedFeeStatement | null> {
  requireClosedMonth(month, now);
  const existing = await findIssued(db, organiserId, month);
  if (existing) return existing;
  try {
    return await db.transaction(async (tx) => {
      const lines = await feeStatementLines(tx, organiserId, month);
      if (!lines.length) return null;
      const recipient = await recipientOf(tx, organiserId);
      const vatRateBasisPoints = company.vatNumber ? VAT_STANDARD_RATE_BASIS_POINTS : null;
      // Last, since the series stays locked until commit.
      const number = await nextDocumentNumbers(tx, PLATFORM_ISSUER, FEE_STATEMENT_SERIES);
      const [row] = await tx
        .insert(feeStatements)
        .values({
          organiserId,
          month,
          number,
          issuer: { name: company.name, number: company.number, address: company.address, vatNumber: company.vatNumber },
          recipient,
          vatRateBasisPoints,
          lines: lines.map((line) => issuedLine(line, vatRateBasisPoints)),
        })
        .onConflictDoNothing({ target: [feeStatements.organiserId, feeStatements.month] })
        .returning();
      if (!row) throw new AlreadyIssued();
      return row;
    });
  } catch (error) {
    if (error instanceof AlreadyIssued) return (await findIssued(db, organiserId, month))!;
    throw error;
  }
}

/** Issues every organiser's statement for a closed month (the run on the 1st), one transaction each; answers them. */
export async function issueFeeStatements({ db, month, company, now }: { db: Db; month: string; company: PlatformCompany; now: Date }): Promise<IssuedFeeStatement[]> {
  const issued: IssuedFeeStatement[] = [];
  for (const organiserId of await organisersWithFees(db, month)) {
    const statement = await issueFeeStatement({ db, organiserId, month, company, now });
    if (statement) issued.push(statement);
  }
  return issued;
}

/** "VAT invoice" when the platform was VAT-registered at issue, else "Fee statement". */
export function feeStatementTitle(statement: Pick<IssuedFeeStatement, "vatRateBasisPoints">): string {
  return statement.vatRateBasisPoints === null ? "Fee statement" : "VAT invoice";
}

export function feeStatementTotals(lines: IssuedFeeStatementLine[]) {
  return lines.reduce(
    (sum, line) => ({
      organiserFeesPence: sum.organiserFeesPence + line.organiserFeesPence,
      absorbedFeesPence: sum.absorbedFeesPence + line.absorbedFeesPence,
      grossPence: sum.grossPence + line.grossPence,
      netPence: sum.netPence + (line.netPence ?? 0),
      vatPence: sum.vatPence + (line.vatPence ?? 0),
    }),
    { organiserFeesPence: 0, absorbedFeesPence: 0, grossPence: 0, netPence: 0, vatPence: 0 },
  );
}

export const FEE_STATEMENT_NOT_FOUND = "There are no platform fees for that month.";

/**
 * The signed-in organiser's fee statement for a month as a PDF (issues 20 and 34), issued on first request
 * when the monthly run has not yet issued it. 409 for a month not over; 404 for a month without fees.
 */
export async function feeStatementPdf({
  db,
  actor,
  month,
  company,
  now,
}: {
  db: Db;
  actor: Actor;
  month: string;
  company: PlatformCompany;
  now: Date;
}): Promise<{ pdf: Buffer; filename: string }> {
  const statement = await issueFeeStatement({ db, organiserId: actor.userId, month, company, now });
  if (!statement) throw new AppError("NOT_FOUND", FEE_STATEMENT_NOT_FOUND);
  return { pdf: await renderFeeStatementPdf(statement), filename: `${BRAND.name.toLowerCase()}-fees-${month}-${formatFeeStatementNumber(statement.number)}.pdf` };
}

interface Column {
  label: string;
  x: number;
  width: number;
  align: "left" | "right";
}

function drawTable(doc: PdfDocument, columns: Column[], body: string[][], total: string[]) {
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width })));
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    cells.forEach((cell, index) => doc.text(cell, columns[index]!.x, top, { width: columns[index]!.width, align: columns[index]!.align }));
    doc.x = 50;
    doc.y = top + height + 6;
  };
  const rule = () =>
    doc
      .moveTo(50, doc.y - 2)
      .lineTo(545, doc.y - 2)
      .strokeColor("#94a3b8")
      .stroke();
  row(
    columns.map((column) => column.label),
    true,
  );
  rule();
  for (const cells of body) row(cells);
  rule();
  row(total, true);
}

/** The PDF of an issued statement, drawn from its record alone. */
export async function renderFeeStatementPdf(statement: IssuedFeeStatement): Promise<Buffer> {
  const { issuer, recipient, lines } = statement;
  const title = feeStatementTitle(statement);
  const number = formatFeeStatementNumber(statement.number);
  const monthName = formatStatementMonth(statement.month);
  const totals = feeStatementTotals(lines);
  const vatRate = statement.vatRateBasisPoints;
  return renderPdf({ title: `${title} ${number}, ${monthName}`, author: issuer.name }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(18).text(title);
    doc.moveDown(0.3).font("Helvetica").fontSize(11);
    doc.text(`Number: ${number}`);
    doc.text(`Date of issue: ${formatLongDate(statement.issuedAt)}`);
    doc.text(`Platform fees charged in ${monthName} (UK time)`);

    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(10).text("From");
    doc.font("Helvetica").text(issuer.name);
    doc.text(issuer.address);
    doc.text(`Company number ${issuer.number}`);
    if (issuer.vatNumber) doc.text(`VAT number ${issuer.vatNumber}`);

    doc.moveDown(0.6).font("Helvetica-Bold").text("To");
    doc.font("Helvetica").text(recipient.name);
    if (recipient.address) doc.text(recipient.address);
    if (recipient.companyNumber) doc.text(`Company number ${recipient.companyNumber}`);
    if (recipient.vatNumber) doc.text(`VAT number ${recipient.vatNumber}`);

    doc
      .moveDown(0.6)
      .fillColor("#475569")
      .text(
        `${BRAND.name}'s fees on your events' ticket sales this month: organiser fees and any booking fees you absorbed, less those taken back by refunds. They were deducted from your payouts, so there is nothing to pay. Fees charged or taken back after this document was issued appear on a later month's.`,
      );
    if (vatRate === null) doc.moveDown(0.4).text(`This is not a VAT invoice: ${issuer.name} is not registered for VAT, so these fees include no VAT.`);
    doc.fillColor("#000000").moveDown(1);

    const money = formatPounds;
    if (vatRate === null) {
      drawTable(
        doc,
        [
          { label: "Event", x: 50, width: 215, align: "left" },
          { label: "Event date", x: 270, width: 85, align: "left" },
          { label: "Organiser fees", x: 355, width: 60, align: "right" },
          { label: "Absorbed booking fees", x: 420, width: 60, align: "right" },
          { label: "Total", x: 485, width: 60, align: "right" },
        ],
        lines.map((line) => [line.title, formatEventDate(line.startsAt) ?? "", money(line.organiserFeesPence), money(line.absorbedFeesPence), money(line.grossPence)]),
        ["Total", "", money(totals.organiserFeesPence), money(totals.absorbedFeesPence), money(totals.grossPence)],
      );
      return;
    }
    const rate = formatVatRate(vatRate);
    drawTable(
      doc,
      [
        { label: "Event", x: 50, width: 125, align: "left" },
        { label: "Event date", x: 178, width: 72, align: "left" },
        { label: "Organiser fees", x: 250, width: 55, align: "right" },
        { label: "Absorbed booking fees", x: 309, width: 55, align: "right" },
        { label: "Net", x: 368, width: 55, align: "right" },
        { label: `VAT at ${rate}`, x: 427, width: 55, align: "right" },
        { label: "Total", x: 490, width: 55, align: "right" },
      ],
      lines.map((line) => [
        line.title,
        formatEventDate(line.startsAt) ?? "",
        money(line.organiserFeesPence),
        money(line.absorbedFeesPence),
        money(line.netPence ?? 0),
        money(line.vatPence ?? 0),
        money(line.grossPence),
      ]),
      ["Total", "", money(totals.organiserFeesPence), money(totals.absorbedFeesPence), money(totals.netPence), money(totals.vatPence), money(totals.grossPence)],
    );
    doc.moveDown(0.6).font("Helvetica").fontSize(9).fillColor("#475569").text(`The fees include VAT at ${rate}: ${money(totals.netPence)} net and ${money(totals.vatPence)} VAT.`);
  });
}

import { asc, eq, sql } from "drizzle-orm";
import { AppError, formatPounds, formatReceiptNumber, formatVatInvoiceNumber, offersVatInvoice, VAT_STANDARD_RATE_BASIS_POINTS, vatIncludedIn } from "../../../domain";
import { VatInvoiceRequest, type VatInvoice, type VatInvoiceLine, type VatInvoices } from "../../../domain/receipt-shapes";
import type { Db } from "../../db/client";
import { orders, vatInvoices } from "../../db/schema";
import { parseInput } from "../../lib/parse-input";
import type { Actor } from "../auth/session";
import { nextDocumentNumbers, PLATFORM_ISSUER } from "../ledger/document-numbers";
import { orderMoney, readableReceiptOrder, soldLinesOf } from "./receipts.service";
import { creditNotesOf, issueCreditNotes } from "./vat-credit-notes.service";

/** Each VAT-registered seller numbers their invoices in their own series (issuer: their user id). */
export const SELLER_INVOICE_SERIES = "invoice";
/** The platform's full VAT invoices for booking fees, a series of their own. */
export const PLATFORM_INVOICE_SERIES = "booking-fee-invoice";

type StoredInvoice = typeof vatInvoices.$inferSelect;
type DraftInvoice = Omit<typeof vatInvoices.$inferInsert, "number" | "orderId" | "buyerName" | "buyerAddress" | "netPence" | "vatPence" | "grossPence"> & { lines: VatInvoiceLine[] };

export const vatInvoicePdfPath = (orderId: string, invoiceId: string) => `/api/receipts/${orderId}/vat-invoices/${invoiceId}.pdf`;

function invoiceLine(description: string, supplyDate: Date, quantity: number, grossPence: number, vatRateBasisPoints: number): VatInvoiceLine {
  const vatPence = vatIncludedIn(grossPence, vatRateBasisPoints);
  return { description, supplyDate: supplyDate.toISOString(), quantity, vatRateBasisPoints, netPence: grossPence - vatPence, vatPence, grossPence };
}

function totals(lines: VatInvoiceLine[]) {
  return {
    netPence: lines.reduce((sum, line) => sum + line.netPence, 0),
    vatPence: lines.reduce((sum, line) => sum + line.vatPence, 0),
    grossPence: lines.reduce((sum, line) => sum + line.grossPence, 0),
  };
}

function shapeOf(orderId: string, row: StoredInvoice): VatInvoice {
  return {
    id: row.id,
    invoiceNumber: formatVatInvoiceNumber(row.number),
    issuerKind: row.issuer === PLATFORM_ISSUER ? "platform" : "seller",
    issuedAt: row.issuedAt.toISOString(),
    seller: { name: row.sellerName, address: row.sellerAddress, vatNumber: row.sellerVatNumber, companyNumber: row.sellerCompanyNumber },
    buyer: { name: row.buyerName, address: row.buyerAddress },
    lines: row.lines as VatInvoiceLine[],
    netPence: row.netPence,
    vatPence: row.vatPence,
    grossPence: row.grossPence,
    pdfPath: vatInvoicePdfPath(orderId, row.id),
  };
}

async function storedInvoices(db: Db, orderId: string): Promise<StoredInvoice[]> {
  // The sellers' invoices first (by number within each series), the platform's last, as the receipt lists them.
  return db
    .select()
    .from(vatInvoices)
    .where(eq(vatInvoices.orderId, orderId))
    .orderBy(sql`${vatInvoices.issuer} = ${PLATFORM_ISSUER}`, asc(vatInvoices.issuer));
}

/**
 * An order's full VAT invoices (issue 34), for the readers of its receipt (its buyer, admins; 404 for anyone
 * else): none until the buyer asks for them, and only an order over £250 may have them.
 */
export async function getVatInvoices({ db, actor, orderId }: { db: Db; actor: Actor; orderId: string }): Promise<VatInvoices> {
  const order = await readableReceiptOrder({ db, actor, orderId });
  const money = await orderMoney(db, order.id);
  return {
    orderId: order.id,
    receiptNumber: formatReceiptNumber(order.receiptNumber),
    offered: offersVatInvoice(money.chargedPence),
    invoices: (await storedInvoices(db, order.id)).map((row) => shapeOf(order.id, row)),
    creditNotes: await creditNotesOf(db, order.id),
  };
}

/** One invoice per VAT-registered issuer of the order, as recorded when it was paid (order_sellers, the order's platform columns). */
async function draftInvoices(db: Db, order: Awaited<ReturnType<typeof readableReceiptOrder>>): Promise<(DraftInvoice & ReturnType<typeof totals>)[]> {
  const sold = await soldLinesOf(db, order.id);
  const sellers = new Map<string, DraftInvoice>();
  for (const { line, event, seller, ticketsPence } of sold) {
    if (seller.vatNumber === null || seller.vatRateBasisPoints === null || ticketsPence <= 0) continue;
    const draft = sellers.get(seller.organiserId) ?? {
      issuer: seller.organiserId,
      series: SELLER_INVOICE_SERIES,
      sellerName: seller.name,
      sellerAddress: seller.address,
      sellerVatNumber: seller.vatNumber,
      sellerCompanyNumber: seller.companyNumber,
      lines: [],
    };
    draft.lines.push(invoiceLine(`Tickets: ${event.title}, ${line.quantity} × ${formatPounds(line.unitPricePence)}`, event.dateTime, line.quantity, ticketsPence, seller.vatRateBasisPoints));
    sellers.set(seller.organiserId, draft);
  }
  const drafts = [...sellers.values()].sort((a, b) => (a.issuer < b.issuer ? -1 : a.issuer > b.issuer ? 1 : 0));
  if (order.platformVatNumber) {
    // The booking fee is the platform's service of booking, supplied when the order was paid.
    const lines = sold
      .filter(({ line, feesPence }) => line.feePerTicketPence > 0 && feesPence > 0)
      .map(({ line, event, feesPence }) => invoiceLine(`Booking & processing fee: ${event.title}, ${line.quantity} × ${formatPounds(line.feePerTicketPence)}`, order.paidAt, line.quantity, feesPence, VAT_STANDARD_RATE_BASIS_POINTS));
    if (lines.length) {
      drafts.push({
        issuer: PLATFORM_ISSUER,
        series: PLATFORM_INVOICE_SERIES,
        sellerName: order.platformName,
        sellerAddress: order.platformAddress,
        sellerVatNumber: order.platformVatNumber,
        sellerCompanyNumber: order.platformCompanyNumber,
        lines,
      });
    }
  }
  return drafts.map((draft) => ({ ...draft, ...totals(draft.lines) }));
}

/**
 * Issues the order's full VAT invoices (issue 34; HMRC allows a simplified invoice, the receipt, only up to
 * £250): one from each VAT-registered seller of its tickets, numbered in that seller's own series, and one
 * from the platform for its booking fee when the platform was VAT-registered, made out to the name and
 * address the buyer gives. Issued once: a second request answers the invoices already issued, to the name
 * and address first given. The order's row is locked meanwhile, so two requests at once issue one set.
 * An invoice records the supply as made (decision 036): what was refunded before it was asked for is credited
 * at once, by credit notes issued with it.
 */
export async function issueVatInvoices({ db, actor, orderId, input: raw }: { db: Db; actor: Actor; orderId: string; input: unknown }): Promise<VatInvoices> {
  const input = parseInput(VatInvoiceRequest, raw, { whole: "body" });
  const order = await readableReceiptOrder({ db, actor, orderId });
  const money = await orderMoney(db, order.id);
  if (!offersVatInvoice(money.chargedPence)) {
    throw new AppError(
      "CONFLICT",
      `A full VAT invoice is only for orders over £250; this order came to ${formatPounds(money.chargedPence)}, so its receipt is its VAT invoice (HMRC allows a simplified invoice up to £250).`,
    );
  }
  const drafts = await draftInvoices(db, order);
  if (!drafts.length) throw new AppError("CONFLICT", "No seller of this order was VAT-registered when it was paid, so there is no VAT to invoice: the receipt is the record of the sale.");

  await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("no key update");
    const [already] = await tx.select({ id: vatInvoices.id }).from(vatInvoices).where(eq(vatInvoices.orderId, order.id)).limit(1);
    if (already) return;
    // Numbers last, each issuer's in the drafts' order (sellers by id, then the platform), so two orders never wait on each other in a circle.
    const rows: (typeof vatInvoices.$inferInsert)[] = [];
    for (const draft of drafts) {
      rows.push({ ...draft, orderId: order.id, buyerName: input.buyerName, buyerAddress: input.buyerAddress, number: await nextDocumentNumbers(tx, draft.issuer, draft.series) });
    }
    await tx.insert(vatInvoices).values(rows);
    await issueCreditNotes(tx, order.id);
  });
  return getVatInvoices({ db, actor, orderId: order.id });
}

/** One of the order's VAT invoices, for its PDF (the same readers as the receipt; 404 for anyone else). */
export async function getVatInvoice({ db, actor, orderId, invoiceId }: { db: Db; actor: Actor; orderId: string; invoiceId: string }) {
  const invoices = await getVatInvoices({ db, actor, orderId });
  const invoice = invoices.invoices.find((candidate) => candidate.id === invoiceId.toLowerCase());
  if (!invoice) throw new AppError("NOT_FOUND", "VAT invoice not found");
  return { invoice, receiptNumber: invoices.receiptNumber };
}

/** One of the order's credit notes, for its PDF (the same readers as the receipt; 404 for anyone else). */
export async function getVatCreditNote({ db, actor, orderId, creditNoteId }: { db: Db; actor: Actor; orderId: string; creditNoteId: string }) {
  const invoices = await getVatInvoices({ db, actor, orderId });
  const creditNote = invoices.creditNotes.find((candidate) => candidate.id === creditNoteId.toLowerCase());
  if (!creditNote) throw new AppError("NOT_FOUND", "Credit note not found");
  return { creditNote, receiptNumber: invoices.receiptNumber };
}

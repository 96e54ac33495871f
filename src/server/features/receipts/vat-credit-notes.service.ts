import { and, asc, eq, isNotNull } from "drizzle-orm";
import { formatCreditNoteNumber, formatVatInvoiceNumber, plural, vatIncludedIn, type RefundSource } from "../../../domain";
import type { VatCreditNote, VatCreditNoteLine, VatInvoiceLine } from "../../../domain/receipt-shapes";
import type { Db, Tx } from "../../db/client";
import { bookings, events, orders, orderSellers, refunds, vatCreditNotes, vatInvoices } from "../../db/schema";
import { nextDocumentNumbers, PLATFORM_ISSUER } from "../ledger/document-numbers";

/** Every issuer of VAT invoices numbers their credit notes in a series of their own (issuer: their user id, or the platform). */
export const CREDIT_NOTE_SERIES = "credit-note";

/** A credit note's line as stored: what the buyer reads, and the order line it credits (so the notes on one line add up to its VAT exactly). */
type StoredCreditNoteLine = VatCreditNoteLine & { orderLineId: string };
type StoredCreditNote = typeof vatCreditNotes.$inferSelect;
type StoredInvoice = typeof vatInvoices.$inferSelect;

export const vatCreditNotePdfPath = (orderId: string, creditNoteId: string) => `/api/receipts/${orderId}/vat-credit-notes/${creditNoteId}.pdf`;

const REFUNDED_BECAUSE: Record<RefundSource, string> = {
  organiser: "Refunded by the organiser",
  "buyer-request": "Refunded at the buyer's request",
  cancellation: "The event was cancelled",
  postponement: "The event was postponed",
  unfulfilled: "The tickets could not be issued",
  provider: "Refunded through the payment provider",
};

/** The reason a credit note gives: why the refund was made, in the words its source recorded. */
function reasonOf(refund: { source: string; reason: string }): string {
  const reason = refund.reason.trim();
  // A refund made in the provider's dashboard already says so, with the provider's refund id.
  if (refund.source === "provider" && reason) return reason;
  const because = REFUNDED_BECAUSE[refund.source as RefundSource] ?? "Refunded";
  if (!reason || reason.replace(/\.$/, "").toLowerCase() === because.toLowerCase()) return because;
  return `${because}: ${reason}`;
}

/**
 * The rate an invoice charged: an issuer's invoice has one, the seller's rate recorded when the order was paid
 * (order_sellers) or, for the platform's booking fee, the standard rate (vat-invoices.service.ts draftInvoices).
 */
function rateOf(invoice: StoredInvoice): number {
  const lines = invoice.lines as VatInvoiceLine[];
  const rate = lines[0]?.vatRateBasisPoints;
  if (rate === undefined || lines.some((line) => line.vatRateBasisPoints !== rate)) throw new Error(`VAT invoice ${invoice.id} has no single rate to credit at`);
  return rate;
}

/**
 * Issues the credit notes an order's refunds owe its issued VAT invoices (VAT Notice 700 §19.2, decision 036):
 * for every succeeded refund of its tickets, one from each invoiced issuer whose supply it paid back (the
 * seller of its tickets, for their price; the platform, for the booking fee it returned) that has none for it
 * yet, made out as that invoice, naming it, numbered in the issuer's own `credit-note` series. Each line's
 * VAT is at the invoice's rate, and is what brings the VAT credited on that order line so far to the VAT in
 * the gross credited so far, so a line refunded in parts is credited exactly its invoiced VAT in the end.
 *
 * Call it in the transaction that records the refunds (or that issues the invoices): it locks the order's row
 * (as issuing the invoices does), so a refund and the invoices' issue never both miss each other's record,
 * and takes numbers last, sellers by id and then the platform (the invoices' order), so two transactions never
 * wait on each other's counters in a circle. Repeating it issues nothing more.
 */
export async function issueCreditNotes(tx: Tx, orderId: string): Promise<void> {
  // NO KEY UPDATE: it still queues behind another refund's or the invoices' lock on the order, but not a refund
  // starting on one of its bookings, whose new row refers to the order (a key-share lock), while this one
  // waits for that booking: the two would wait on each other in a circle (a deadlock under concurrent refunds).
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("no key update");
  const invoices = await tx.select().from(vatInvoices).where(eq(vatInvoices.orderId, orderId));
  if (!invoices.length) return;
  const paidBack = await tx
    .select({ refund: refunds, orderLineId: bookings.orderLineId, eventTitle: events.title })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "succeeded"), isNotNull(bookings.orderLineId)))
    .orderBy(asc(refunds.completedAt), asc(refunds.createdAt), asc(refunds.id));
  if (!paidBack.length) return;
  const notes = await tx.select().from(vatCreditNotes).where(eq(vatCreditNotes.orderId, orderId));
  const sellers = await tx.select({ organiserId: orderSellers.organiserId, eventIds: orderSellers.eventIds }).from(orderSellers).where(eq(orderSellers.orderId, orderId));
  const sellerOf = (eventId: string | null) => sellers.find((seller) => eventId !== null && seller.eventIds.includes(eventId))?.organiserId ?? null;

  const drafts: (Omit<typeof vatCreditNotes.$inferInsert, "number"> & { lines: StoredCreditNoteLine[] })[] = [];
  const ordered = [...invoices].sort((a, b) => Number(a.issuer === PLATFORM_ISSUER) - Number(b.issuer === PLATFORM_ISSUER) || (a.issuer < b.issuer ? -1 : a.issuer > b.issuer ? 1 : 0));
  for (const invoice of ordered) {
    const rate = rateOf(invoice);
    const credited = (notes.filter((note) => note.invoiceId === invoice.id).flatMap((note) => note.lines) as StoredCreditNoteLine[]).slice();
    for (const { refund, orderLineId, eventTitle } of paidBack) {
      const fee = invoice.issuer === PLATFORM_ISSUER;
      const grossPence = fee ? refund.feePence : sellerOf(refund.eventId) === invoice.issuer ? refund.ticketPence : 0;
      if (grossPence <= 0 || notes.some((note) => note.refundId === refund.id && note.invoiceId === invoice.id)) continue;
      const before = credited.filter((line) => line.orderLineId === orderLineId);
      const grossBefore = before.reduce((sum, line) => sum + line.grossPence, 0);
      const vatBefore = before.reduce((sum, line) => sum + line.vatPence, 0);
      const vatPence = vatIncludedIn(grossBefore + grossPence, rate) - vatBefore;
      const tickets = refund.quantity > 0 ? plural(refund.quantity, "ticket") : null;
      const description = fee
        ? `Booking & processing fee refunded: ${eventTitle}${tickets ? `, ${tickets}` : ""}`
        : tickets
          ? `Tickets refunded: ${eventTitle}, ${tickets}`
          : `Part of the ticket price refunded: ${eventTitle}`;
      const line: StoredCreditNoteLine = { description, quantity: refund.quantity, vatRateBasisPoints: rate, netPence: grossPence - vatPence, vatPence, grossPence, orderLineId: orderLineId! };
      credited.push(line);
      drafts.push({
        orderId,
        invoiceId: invoice.id,
        refundId: refund.id,
        issuer: invoice.issuer,
        series: CREDIT_NOTE_SERIES,
        reason: reasonOf(refund),
        sellerName: invoice.sellerName,
        sellerAddress: invoice.sellerAddress,
        sellerVatNumber: invoice.sellerVatNumber,
        sellerCompanyNumber: invoice.sellerCompanyNumber,
        buyerName: invoice.buyerName,
        buyerAddress: invoice.buyerAddress,
        lines: [line],
        netPence: line.netPence,
        vatPence: line.vatPence,
        grossPence: line.grossPence,
      });
    }
  }
  if (!drafts.length) return;
  // Numbers last: each issuer's run at once, in the refunds' order.
  const rows: (typeof vatCreditNotes.$inferInsert)[] = [];
  for (const invoice of ordered) {
    const mine = drafts.filter((draft) => draft.invoiceId === invoice.id);
    if (!mine.length) continue;
    const first = await nextDocumentNumbers(tx, invoice.issuer, CREDIT_NOTE_SERIES, mine.length);
    mine.forEach((draft, index) => rows.push({ ...draft, number: first + index }));
  }
  await tx.insert(vatCreditNotes).values(rows);
}

function shapeOf(row: StoredCreditNote, invoice: StoredInvoice): VatCreditNote {
  return {
    id: row.id,
    creditNoteNumber: formatCreditNoteNumber(row.number),
    issuerKind: row.issuer === PLATFORM_ISSUER ? "platform" : "seller",
    issuedAt: row.issuedAt.toISOString(),
    invoiceId: invoice.id,
    invoiceNumber: formatVatInvoiceNumber(invoice.number),
    invoiceDate: invoice.issuedAt.toISOString(),
    reason: row.reason,
    seller: { name: row.sellerName, address: row.sellerAddress, vatNumber: row.sellerVatNumber, companyNumber: row.sellerCompanyNumber },
    buyer: { name: row.buyerName, address: row.buyerAddress },
    lines: (row.lines as StoredCreditNoteLine[]).map(({ description, quantity, vatRateBasisPoints, netPence, vatPence, grossPence }) => ({ description, quantity, vatRateBasisPoints, netPence, vatPence, grossPence })),
    netPence: row.netPence,
    vatPence: row.vatPence,
    grossPence: row.grossPence,
    pdfPath: vatCreditNotePdfPath(row.orderId, row.id),
  };
}

/** An order's credit notes, oldest first (each issuer's in number order), as its VAT invoices page and API show them. */
export async function creditNotesOf(db: Db, orderId: string): Promise<VatCreditNote[]> {
  const rows = await db
    .select({ note: vatCreditNotes, invoice: vatInvoices })
    .from(vatCreditNotes)
    .innerJoin(vatInvoices, eq(vatInvoices.id, vatCreditNotes.invoiceId))
    .where(eq(vatCreditNotes.orderId, orderId))
    .orderBy(asc(vatCreditNotes.issuedAt), asc(vatCreditNotes.issuer), asc(vatCreditNotes.number));
  return rows.map(({ note, invoice }) => shapeOf(note, invoice));
}

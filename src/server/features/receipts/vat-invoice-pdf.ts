import { BRAND, formatLongDate, formatPounds, formatVatRate } from "../../../domain";
import type { VatCreditNote, VatInvoice } from "../../../domain/receipt-shapes";
import { renderPdf, type PdfDocument } from "../../lib/pdf";

const INK = "#111827";
const MUTED = "#4b5563";
const LEFT = 50;
const WIDTH = 495;
/** Description, date of supply, then net, VAT rate, VAT and gross: the columns' left edges and widths. */
const COLUMNS = [
  { x: LEFT, width: 175 },
  { x: 230, width: 75 },
  { x: 305, width: 60, align: "right" as const },
  { x: 365, width: 45, align: "right" as const },
  { x: 410, width: 60, align: "right" as const },
  { x: 470, width: 75, align: "right" as const },
];

function tableRow(doc: PdfDocument, cells: string[], bold = false) {
  const y = doc.y;
  let bottom = y;
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fillColor(INK);
  cells.forEach((text, i) => {
    const column = COLUMNS[i]!;
    doc.text(text, column.x, y, { width: column.width, align: column.align ?? "left" });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 4;
  doc.x = LEFT;
}

function issuerSlug(seller: { name: string }): string {
  return seller.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "seller";
}

/** The file a browser saves a VAT invoice as. */
export function vatInvoiceFilename(invoice: Pick<VatInvoice, "invoiceNumber" | "seller">): string {
  return `vat-invoice-${issuerSlug(invoice.seller)}-${invoice.invoiceNumber}.pdf`;
}

/** The file a browser saves a credit note as. */
export function vatCreditNoteFilename(note: Pick<VatCreditNote, "creditNoteNumber" | "seller">): string {
  return `credit-note-${issuerSlug(note.seller)}-${note.creditNoteNumber}.pdf`;
}

/** The issuer (with their VAT number) and the buyer, as an invoice and its credit notes print them. */
function parties(doc: PdfDocument, { seller, buyer }: Pick<VatInvoice, "seller" | "buyer">) {
  doc.moveDown(0.8).font("Helvetica-Bold").fillColor(INK).text("From");
  doc.font("Helvetica").fillColor(INK).text(seller.name);
  if (seller.address) doc.text(seller.address.replace(/\n/g, ", "));
  doc.text(`VAT number: ${seller.vatNumber}`);
  if (seller.companyNumber) doc.text(`Company number: ${seller.companyNumber}`);

  doc.moveDown(0.8).font("Helvetica-Bold").text("To");
  doc.font("Helvetica").text(buyer.name);
  doc.text(buyer.address.replace(/\n/g, ", "));
}

function rule(doc: PdfDocument) {
  doc.moveTo(LEFT, doc.y).lineTo(LEFT + WIDTH, doc.y).lineWidth(0.5).strokeColor("#d1d5db").stroke();
  doc.moveDown(0.3);
}

/** A full VAT invoice as a PDF (issue 34): the seller and their VAT number, the buyer, and per line net, VAT rate, VAT and gross. */
export function vatInvoicePdf(invoice: VatInvoice, { receiptNumber }: { receiptNumber: string }): Promise<Buffer> {
  return renderPdf({ title: `VAT invoice ${invoice.invoiceNumber}`, author: invoice.seller.name }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(20).fillColor(INK).text("VAT invoice", LEFT);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).moveDown(0.3);
    doc.text(`Invoice number: ${invoice.invoiceNumber}`);
    doc.text(`Invoice date: ${formatLongDate(invoice.issuedAt) ?? invoice.issuedAt}`);
    doc.text(`For ${BRAND.name} receipt ${receiptNumber}`);

    parties(doc, invoice);

    doc.moveDown(1).fontSize(9);
    tableRow(doc, ["Description", "Date of supply", "Net", "VAT rate", "VAT", "Gross"], true);
    rule(doc);
    for (const line of invoice.lines) {
      tableRow(doc, [line.description, formatLongDate(line.supplyDate) ?? line.supplyDate, formatPounds(line.netPence), formatVatRate(line.vatRateBasisPoints), formatPounds(line.vatPence), formatPounds(line.grossPence)]);
    }
    rule(doc);
    tableRow(doc, ["Total", "", formatPounds(invoice.netPence), "", formatPounds(invoice.vatPence), formatPounds(invoice.grossPence)], true);

    doc.moveDown(1.5).font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(`Paid in full. Questions? Write to ${BRAND.supportEmail}.`, LEFT, doc.y, { width: WIDTH });
  });
}

/**
 * A credit note as a PDF (VAT Notice 700 §19.2, decision 036), in the invoice's style: its number and date, the
 * invoice it corrects (number and date), the issuer and their VAT number, the buyer, the reason, and per line the
 * net, VAT rate, VAT and gross credited.
 */
export function vatCreditNotePdf(note: VatCreditNote, { receiptNumber }: { receiptNumber: string }): Promise<Buffer> {
  return renderPdf({ title: `Credit note ${note.creditNoteNumber}`, author: note.seller.name }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(20).fillColor(INK).text("Credit note", LEFT);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).moveDown(0.3);
    doc.text(`Credit note number: ${note.creditNoteNumber}`);
    doc.text(`Credit note date: ${formatLongDate(note.issuedAt) ?? note.issuedAt}`);
    doc.text(`Corrects VAT invoice ${note.invoiceNumber} of ${formatLongDate(note.invoiceDate) ?? note.invoiceDate}`);
    doc.text(`For ${BRAND.name} receipt ${receiptNumber}`);

    parties(doc, note);

    doc.moveDown(0.8).font("Helvetica-Bold").fillColor(INK).text("Reason");
    doc.font("Helvetica").text(note.reason, LEFT, doc.y, { width: WIDTH });

    doc.moveDown(1).fontSize(9);
    tableRow(doc, ["Description", "Quantity", "Net", "VAT rate", "VAT", "Gross"], true);
    rule(doc);
    for (const line of note.lines) {
      tableRow(doc, [line.description, String(line.quantity), formatPounds(line.netPence), formatVatRate(line.vatRateBasisPoints), formatPounds(line.vatPence), formatPounds(line.grossPence)]);
    }
    rule(doc);
    tableRow(doc, ["Total credited", "", formatPounds(note.netPence), "", formatPounds(note.vatPence), formatPounds(note.grossPence)], true);

    doc.moveDown(1.5).font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(`Refunded to the card that paid. Questions? Write to ${BRAND.supportEmail}.`, LEFT, doc.y, { width: WIDTH });
  });
}

import { BRAND, formatDateTime, formatLongDate, formatPounds, receiptSellerLine, receiptVatLine } from "../../../domain";
import type { Receipt } from "../../../domain/receipt-shapes";
import { renderPdf, type PdfDocument } from "../../lib/pdf";

const INK = "#111827";
const MUTED = "#4b5563";
const LEFT = 50;
const WIDTH = 495;
const AMOUNT_WIDTH = 110;

/** The file a browser saves the receipt as. */
export function receiptFilename(receipt: Pick<Receipt, "receiptNumber">): string {
  return `${BRAND.name.toLowerCase()}-receipt-${receipt.receiptNumber}.pdf`;
}

function row(doc: PdfDocument, label: string, amount: string, options: { bold?: boolean; muted?: boolean } = {}) {
  const y = doc.y;
  doc.font(options.bold ? "Helvetica-Bold" : "Helvetica").fillColor(options.muted ? MUTED : INK);
  doc.text(label, LEFT, y, { width: WIDTH - AMOUNT_WIDTH - 10 });
  const after = doc.y;
  doc.text(amount, LEFT + WIDTH - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: "right" });
  doc.y = Math.max(after, doc.y);
  doc.x = LEFT;
}

function rule(doc: PdfDocument) {
  doc.moveDown(0.4);
  doc.moveTo(LEFT, doc.y).lineTo(LEFT + WIDTH, doc.y).lineWidth(0.5).strokeColor("#d1d5db").stroke();
  doc.moveDown(0.5);
}

function heading(doc: PdfDocument, text: string) {
  doc.moveDown(0.6).font("Helvetica-Bold").fontSize(12).fillColor(INK).text(text, LEFT);
  doc.fontSize(10).moveDown(0.2);
}

/** The receipt as a PDF (issue 20): the same figures as the page, laid out for printing and keeping. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  return renderPdf({ title: `Receipt ${receipt.receiptNumber}`, author: receipt.platform.name }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(20).fillColor(INK).text(`${BRAND.name} receipt`, LEFT);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).moveDown(0.3);
    doc.text(`Receipt number: ${receipt.receiptNumber}`);
    doc.text(`Date paid: ${formatLongDate(receipt.paidAt) ?? receipt.paidAt}`);
    doc.text(`Billed to: ${receipt.buyer.name} (${receipt.buyer.email})`);
    rule(doc);

    for (const seller of receipt.sellers) {
      heading(doc, `Tickets sold by ${seller.name}`);
      doc.font("Helvetica").fillColor(MUTED);
      if (seller.address) doc.text(seller.address.replace(/\n/g, ", "));
      const who = receiptSellerLine(seller);
      if (who) doc.text(`${who}.`);
      if (seller.vatNumber) doc.text(`VAT number: ${seller.vatNumber}`);
      doc.moveDown(0.3);
      for (const line of seller.lines) {
        row(doc, `${line.eventTitle} (${formatDateTime(line.eventDateTime)}): ${line.quantity} × ${formatPounds(line.unitPricePence)}`, formatPounds(line.totalPence));
      }
      const vat = receiptVatLine(seller);
      if (vat) row(doc, vat, "", { muted: true });
    }

    if (receipt.platform.lines.length) {
      heading(doc, `Booking & processing fee sold by ${receipt.platform.name}`);
      doc.font("Helvetica").fillColor(MUTED).text(`${receipt.platform.address}. Company number ${receipt.platform.companyNumber}.`);
      if (receipt.platform.vatNumber) doc.text(`VAT number: ${receipt.platform.vatNumber}`);
      doc.moveDown(0.3);
      for (const fee of receipt.platform.lines) {
        row(doc, `Booking & processing fee, ${fee.eventTitle}: ${fee.quantity} × ${formatPounds(fee.unitPricePence)}`, formatPounds(fee.totalPence));
      }
      const vat = receiptVatLine(receipt.platform);
      if (vat) row(doc, vat, "", { muted: true });
    }

    rule(doc);
    row(doc, "Total paid", formatPounds(receipt.totalPaidPence), { bold: true });
    if (receipt.paymentReference) row(doc, `Payment reference: ${receipt.paymentReference}`, "", { muted: true });

    if (receipt.credits.length) {
      heading(doc, "Refunds");
      for (const credit of receipt.credits) {
        row(doc, `${formatLongDate(credit.date) ?? credit.date}: ${credit.description}`, `-${formatPounds(credit.totalPence)}`);
      }
      rule(doc);
      row(doc, "Refunded so far", `-${formatPounds(receipt.refundedPence)}`, { bold: true });
      row(doc, "Paid after refunds", formatPounds(receipt.netPaidPence), { bold: true });
    }

    doc.moveDown(1.5).font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(
      `Tickets are sold by each event's organiser; ${receipt.platform.name} sells them on the organiser's behalf, takes the payment and charges the booking & processing fee. Questions? Write to ${BRAND.supportEmail}.`,
      LEFT,
      doc.y,
      { width: WIDTH },
    );
  });
}

import { formatPounds } from "./money";
import { formatVatRate } from "./vat";

/** An order's receipt page (issue 20): linked from the ticket e-mail (on the app's public URL) and My Tickets. */
export function receiptPath(orderId: string): string {
  return `/receipts/${encodeURIComponent(orderId)}`;
}

/**
 * A receipt's number as printed: its place in the platform's one series of receipts (issue 34), and nothing
 * else about the order, e.g. R-000123.
 */
export function formatReceiptNumber(sequence: number): string {
  return `R-${String(sequence).padStart(6, "0")}`;
}

/** A full VAT invoice's number as printed: INV- and its place in its issuer's own series, e.g. INV-000042. */
export function formatVatInvoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(6, "0")}`;
}

/** A credit note's number as printed: CN- and its place in its issuer's own series of credit notes, e.g. CN-000003. */
export function formatCreditNoteNumber(sequence: number): string {
  return `CN-${String(sequence).padStart(6, "0")}`;
}

/**
 * HMRC allows a simplified VAT invoice (a receipt showing the VAT) only up to £250 including VAT (VAT Notice 700,
 * section 16.7.1): above it, the buyer may ask for a full VAT invoice.
 */
export const VAT_INVOICE_THRESHOLD_PENCE = 25_000;

/** Whether an order of this total (pence paid) may have a full VAT invoice: over £250 only. */
export function offersVatInvoice(totalPaidPence: number): boolean {
  return totalPaidPence > VAT_INVOICE_THRESHOLD_PENCE;
}

/** The order's full VAT invoices page (issue 34). */
export function vatInvoicesPath(orderId: string): string {
  return `${receiptPath(orderId)}/vat-invoices`;
}

/**
 * How a receipt states the VAT in a seller's (or the platform's) total, as recorded when the order was paid:
 * "VAT included at 20%: £8.00" (zero-rated: "at 0%: £0.00"), "Exempt from VAT", or nothing when not VAT-registered.
 */
export function receiptVatLine(seller: { vatTreatment?: string | null; vatRateBasisPoints: number | null; vatIncludedPence: number | null }): string | null {
  if (seller.vatRateBasisPoints !== null && seller.vatIncludedPence !== null) return `VAT included at ${formatVatRate(seller.vatRateBasisPoints)}: ${formatPounds(seller.vatIncludedPence)}`;
  if (seller.vatTreatment === "exempt") return "Exempt from VAT";
  return null;
}

/** Who the seller is, as a receipt says it: "Business, company number 01234567", "Private individual", or nothing when not recorded. */
export function receiptSellerLine(seller: { sellerKind: "business" | "individual" | null; companyNumber: string | null }): string | null {
  if (seller.sellerKind === "individual") return "Private individual";
  if (seller.sellerKind === "business") return seller.companyNumber ? `Business, company number ${seller.companyNumber}` : "Business";
  return seller.companyNumber ? `Company number ${seller.companyNumber}` : null;
}

import { z } from "zod";
import { printableName } from "./printable-text";

/** One event's tickets on a receipt: sold by its organiser at the price on the order line. */
export const ReceiptTicketLine = z.object({
  eventId: z.string(),
  eventTitle: z.string(),
  eventDateTime: z.string(),
  quantity: z.number().int(),
  unitPricePence: z.number().int(),
  totalPence: z.number().int(),
});
export type ReceiptTicketLine = z.infer<typeof ReceiptTicketLine>;

/**
 * An organiser as the seller of their tickets (issue 20): with the VAT included when VAT-registered. Name,
 * address, VAT number and rate are as they were when the order was paid (issue 33).
 */
export const ReceiptSeller = z.object({
  name: z.string(),
  address: z.string().nullable(),
  /** 'business' or 'individual' (a private person), as recorded when the order was paid; null when not recorded. */
  sellerKind: z.enum(["business", "individual"]).nullable(),
  companyNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** The seller's VAT treatment as recorded ('standard', 'reduced', 'zero', 'exempt', 'not-registered'); null when not recorded. */
  vatTreatment: z.string().nullable(),
  /** The VAT rate the prices included, in basis points (2000 is 20%, 0 zero-rated); null when no VAT (exempt, or not VAT-registered). */
  vatRateBasisPoints: z.number().int().nullable(),
  lines: z.array(ReceiptTicketLine),
  totalPence: z.number().int(),
  /** The VAT included in `totalPence` at that rate; null when the seller was not VAT-registered. */
  vatIncludedPence: z.number().int().nullable(),
});
export type ReceiptSeller = z.infer<typeof ReceiptSeller>;

/** The booking & processing fee of one event's tickets, sold by the platform. */
export const ReceiptFeeLine = z.object({
  eventTitle: z.string(),
  quantity: z.number().int(),
  unitPricePence: z.number().int(),
  totalPence: z.number().int(),
});
export type ReceiptFeeLine = z.infer<typeof ReceiptFeeLine>;

/** Money paid back so far (a refund, or a bank's chargeback), shown as a credit. */
export const ReceiptCredit = z.object({
  date: z.string(),
  description: z.string(),
  ticketsPence: z.number().int(),
  feesPence: z.number().int(),
  totalPence: z.number().int(),
});
export type ReceiptCredit = z.infer<typeof ReceiptCredit>;

/** GET /api/receipts/{orderId}: an order's receipt, for its buyer and admins. */
export const Receipt = z.object({
  orderId: z.string(),
  receiptNumber: z.string(),
  paidAt: z.string(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  sellers: z.array(ReceiptSeller),
  /** The platform as it was when the receipt was numbered: the seller of the booking & processing fee. */
  platform: z.object({
    name: z.string(),
    address: z.string(),
    companyNumber: z.string(),
    /** Null when the platform was not VAT-registered: its fee then shows no VAT. */
    vatNumber: z.string().nullable(),
    /** The VAT rate the fee included (the standard rate), in basis points; null when not VAT-registered. */
    vatRateBasisPoints: z.number().int().nullable(),
    lines: z.array(ReceiptFeeLine),
    totalPence: z.number().int(),
    /** The VAT included in `totalPence`; null when not VAT-registered. */
    vatIncludedPence: z.number().int().nullable(),
  }),
  totalPaidPence: z.number().int(),
  paymentReference: z.string().nullable(),
  credits: z.array(ReceiptCredit),
  refundedPence: z.number().int(),
  /** Paid less everything paid back. */
  netPaidPence: z.number().int(),
  /** The PDF of this receipt (GET /api/receipts/{orderId}.pdf). */
  pdfPath: z.string(),
  /** Over £250 the buyer may get a full VAT invoice (issue 34): whether this order may, and whether it has them already. */
  vatInvoice: z.object({ offered: z.boolean(), issued: z.boolean() }),
});
export type Receipt = z.infer<typeof Receipt>;

/** POST /api/receipts/{orderId}/vat-invoices: who the full VAT invoices are made out to. */
export const VatInvoiceRequest = z.object({
  buyerName: z.string().trim().min(1, "Enter the name the invoice is made out to").max(200, "Must be at most 200 characters").superRefine(printableName("Name")),
  buyerAddress: z
    .string()
    .transform((value) => value.split(/\r?\n|\r/).map((line) => line.trim()).filter(Boolean).join("\n"))
    .pipe(z.string().min(1, "Enter the address the invoice is made out to").max(300, "Must be at most 300 characters").refine((value) => value.split("\n").length >= 2 || value.includes(","), "Enter the full address: at least a street and a town or postcode")),
});
export type VatInvoiceRequest = z.infer<typeof VatInvoiceRequest>;

/** One line of a full VAT invoice: what was supplied, when, and its net, VAT and gross amounts (net + VAT = gross). */
export const VatInvoiceLine = z.object({
  description: z.string(),
  /** The date of supply: the event's date (for the booking fee, the event it was paid for). */
  supplyDate: z.string(),
  quantity: z.number().int(),
  /** Basis points: 2000 is 20%, 0 zero-rated. */
  vatRateBasisPoints: z.number().int(),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  grossPence: z.number().int(),
});
export type VatInvoiceLine = z.infer<typeof VatInvoiceLine>;

/** A full VAT invoice from one issuer of an order: a VAT-registered seller for their tickets, or the platform for its fee. */
export const VatInvoice = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  /** 'seller' for an organiser's tickets, 'platform' for the booking & processing fee. */
  issuerKind: z.enum(["seller", "platform"]),
  issuedAt: z.string(),
  seller: z.object({ name: z.string(), address: z.string().nullable(), vatNumber: z.string(), companyNumber: z.string().nullable() }),
  buyer: z.object({ name: z.string(), address: z.string() }),
  lines: z.array(VatInvoiceLine),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  grossPence: z.number().int(),
  /** This invoice as a PDF (GET /api/receipts/{orderId}/vat-invoices/{id}.pdf). */
  pdfPath: z.string(),
});
export type VatInvoice = z.infer<typeof VatInvoice>;

/** One line of a credit note: what was refunded, and the net, VAT and gross credited at the original invoice's rate. */
export const VatCreditNoteLine = z.object({
  description: z.string(),
  /** The tickets refunded (0 for money paid back on tickets that stay valid). */
  quantity: z.number().int(),
  /** The rate of the invoice it corrects, in basis points. */
  vatRateBasisPoints: z.number().int(),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  grossPence: z.number().int(),
});
export type VatCreditNoteLine = z.infer<typeof VatCreditNoteLine>;

/**
 * A credit note (VAT Notice 700 §19.2, decision 036): a refund's correction of one issued VAT invoice, from that
 * invoice's issuer, in their own series of credit notes, naming the invoice it corrects and the reason.
 */
export const VatCreditNote = z.object({
  id: z.string(),
  creditNoteNumber: z.string(),
  issuerKind: z.enum(["seller", "platform"]),
  issuedAt: z.string(),
  /** The invoice it corrects: its id (one of `invoices`), number and date. */
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  reason: z.string(),
  seller: z.object({ name: z.string(), address: z.string().nullable(), vatNumber: z.string(), companyNumber: z.string().nullable() }),
  buyer: z.object({ name: z.string(), address: z.string() }),
  lines: z.array(VatCreditNoteLine),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  grossPence: z.number().int(),
  /** This credit note as a PDF (GET /api/receipts/{orderId}/vat-credit-notes/{id}.pdf). */
  pdfPath: z.string(),
});
export type VatCreditNote = z.infer<typeof VatCreditNote>;

/** GET and POST /api/receipts/{orderId}/vat-invoices: an order's full VAT invoices (none until the buyer asks) and their credit notes. */
export const VatInvoices = z.object({
  orderId: z.string(),
  receiptNumber: z.string(),
  /** Whether the order is over £250, so may have them. */
  offered: z.boolean(),
  invoices: z.array(VatInvoice),
  /** The refunds' corrections of those invoices, oldest first: none until something is refunded after (or before) they are issued. */
  creditNotes: z.array(VatCreditNote),
});
export type VatInvoices = z.infer<typeof VatInvoices>;

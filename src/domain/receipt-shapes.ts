import { z } from "zod";

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
  vatNumber: z.string().nullable(),
  /** The VAT rate the prices included, in basis points (2000 is 20%); null when the seller was not VAT-registered. */
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
  platform: z.object({
    name: z.string(),
    address: z.string(),
    companyNumber: z.string(),
    lines: z.array(ReceiptFeeLine),
    totalPence: z.number().int(),
  }),
  totalPaidPence: z.number().int(),
  paymentReference: z.string().nullable(),
  credits: z.array(ReceiptCredit),
  refundedPence: z.number().int(),
  /** Paid less everything paid back. */
  netPaidPence: z.number().int(),
  /** The PDF of this receipt (GET /api/receipts/{orderId}.pdf). */
  pdfPath: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;

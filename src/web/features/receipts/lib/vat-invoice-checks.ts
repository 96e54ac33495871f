import { VatInvoiceRequest } from "@domain/receipt-shapes";

// The form's check before posting, with the server's own schema. The page imports this module when the form
// is sent, never with the page: zod and the schema are a chunk of their own (issue 35).

export type VatInvoiceField = "buyerName" | "buyerAddress";

/** The first problem with each field, in the server's words; null when the form may be posted. */
export function vatInvoiceRequestErrors(fields: Record<VatInvoiceField, string>): Partial<Record<VatInvoiceField, string>> | null {
  const parsed = VatInvoiceRequest.safeParse(fields);
  if (parsed.success) return null;
  const found: Partial<Record<VatInvoiceField, string>> = {};
  for (const issue of parsed.error.issues) found[issue.path[0] as VatInvoiceField] ??= issue.message;
  return found;
}

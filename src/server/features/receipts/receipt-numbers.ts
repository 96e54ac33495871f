import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { BRAND } from "../../../domain";
import type { Tx } from "../../db/client";
import { orders } from "../../db/schema";
import type { PlatformCompany } from "../../config";
import { nextDocumentNumbers, PLATFORM_ISSUER } from "../ledger/document-numbers";

/** The platform's series of receipts (document_sequences). */
export const RECEIPT_SERIES = "receipt";

/**
 * Gives each of these orders that is confirmed, paid and not yet numbered its receipt number, the next in the
 * platform's series, in the order they were paid (paid_at, then id), and records the platform's details as
 * configured now, so the receipt says what was true when it was made (issue 34). Free orders have no receipt.
 * Call it last in the transaction that confirms the orders (the series' counter stays locked until commit, so
 * confirmations queue here, briefly); a rollback gives the numbers back.
 */
export async function numberReceipts(tx: Pick<Tx, "select" | "update" | "execute">, company: PlatformCompany, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  const due = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.status, "confirmed"), isNotNull(orders.paidAt), gt(orders.totalPence, 0), isNull(orders.receiptNumber)))
    .orderBy(asc(orders.paidAt), asc(orders.id));
  if (!due.length) return;
  const first = await nextDocumentNumbers(tx, PLATFORM_ISSUER, RECEIPT_SERIES, due.length);
  const ids = due.map((order) => order.id);
  await tx
    .update(orders)
    .set({
      receiptNumber: sql`${first - 1}::int + array_position(${`{${ids.join(",")}}`}::uuid[], ${orders.id})::int`,
      platformName: company.name,
      platformCompanyNumber: company.number,
      platformAddress: company.address,
      platformVatNumber: company.vatNumber,
    })
    .where(inArray(orders.id, ids));
}

/** The platform as configured by default (config.ts: COMPANY_* unset), for demo data and test fixtures that confirm orders themselves. */
export const DEFAULT_PLATFORM_COMPANY: PlatformCompany = { name: BRAND.companyName, number: BRAND.companyNumber, address: BRAND.registeredAddress, vatNumber: null };

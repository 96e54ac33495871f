import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { AppError, formatReceiptNumber, isUuid, offersVatInvoice, PAID_BACK_KINDS, plural, summariseLedger, VAT_STANDARD_RATE_BASIS_POINTS, vatIncludedIn } from "../../../domain";
import type { Receipt, ReceiptCredit, ReceiptFeeLine, ReceiptSeller } from "../../../domain/receipt-shapes";
import type { Db } from "../../db/client";
import { bookings, events, ledgerEntries, orderLines, orders, refunds, users, vatInvoices } from "../../db/schema";
import { bookingMoney } from "../ledger/ledger";
import type { Actor } from "../auth/session";
import { orderSellersOf, type OrderSeller } from "../ledger/order-sellers";

const NOT_FOUND = "Receipt not found";

/** Where the receipt's PDF is served. */
export const receiptPdfPath = (orderId: string) => `/api/receipts/${orderId}.pdf`;

/**
 * Whether this actor may see the order's receipt: its buyer (the account that paid, as My Tickets decides
 * whose a booking is), an admin, and, for an order whose account is gone, an account that has confirmed
 * the e-mail address the order was made with.
 */
async function mayRead(db: Db, actor: Actor, order: { userId: string | null; attendeeEmail: string }): Promise<boolean> {
  if (actor.isAdmin || order.userId === actor.userId) return true;
  if (order.userId !== null) return false;
  const [account] = await db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, actor.userId));
  return Boolean(account?.emailVerified && account.email.toLowerCase() === order.attendeeEmail.toLowerCase());
}

/**
 * An order's receipt (issue 20): each organiser named as the seller of their tickets (business name or
 * display name, address, VAT number and the VAT included when VAT-registered), as recorded when the
 * order was paid (order_sellers, issue 33: a later change of profile changes no receipt), the booking &
 * processing fee sold by the platform, the total paid and everything paid back so far, every amount from
 * the ledger. Only a paid, confirmed order has one; anyone but its buyer and admins is told it is not found.
 */
export async function getReceipt({ db, actor, orderId }: { db: Db; actor: Actor; orderId: string }): Promise<Receipt> {
  return buildReceipt({ db, orderId, allowed: (order) => mayRead(db, actor, order) });
}

/**
 * The order's receipt with no reader to check: only for the ticket e-mail job, which sends it to the address on
 * the order. Null for an order of free tickets only (issue 36): nothing was paid, so it has no receipt.
 */
export async function receiptForTicketEmail({ db, orderId }: { db: Db; orderId: string }): Promise<Receipt | null> {
  const [order] = await db.select({ totalPence: orders.totalPence }).from(orders).where(eq(orders.id, orderId));
  if (order?.totalPence === 0) return null;
  return buildReceipt({ db, orderId, allowed: async () => true });
}

/** The order behind a receipt, if it has one and `allowed` lets its reader see it: else NOT_FOUND, whatever the reason. */
async function receiptOrder(db: Db, orderId: string, allowed: (order: typeof orders.$inferSelect) => Promise<boolean>) {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId.toLowerCase()));
  if (!order || order.status !== "confirmed" || !order.paidAt || !(await allowed(order))) throw new AppError("NOT_FOUND", NOT_FOUND);
  const { paidAt, receiptNumber, platformName, platformCompanyNumber, platformAddress } = order;
  if (receiptNumber === null || platformName === null || platformCompanyNumber === null || platformAddress === null) {
    throw new Error(`Order ${order.id} is confirmed and paid but has no receipt number`);
  }
  return { ...order, paidAt, receiptNumber, platformName, platformCompanyNumber, platformAddress };
}

/** The order of a receipt this actor may read (its buyer, admins: the receipt's rule), for its VAT invoices. */
export function readableReceiptOrder({ db, actor, orderId }: { db: Db; actor: Actor; orderId: string }) {
  return receiptOrder(db, orderId, (order) => mayRead(db, actor, order));
}

async function buildReceipt({ db, orderId, allowed }: { db: Db; orderId: string; allowed: (order: typeof orders.$inferSelect) => Promise<boolean> }): Promise<Receipt> {
  const order = await receiptOrder(db, orderId, allowed);

  const sellers = new Map<string, ReceiptSeller>();
  const feeLines: ReceiptFeeLine[] = [];
  for (const { line, event, seller, ticketsPence, feesPence } of await soldLinesOf(db, order.id)) {
    const entry = sellers.get(seller.organiserId) ?? {
      name: seller.name,
      address: seller.address,
      sellerKind: seller.sellerKind === "business" || seller.sellerKind === "individual" ? seller.sellerKind : null,
      companyNumber: seller.companyNumber,
      vatNumber: seller.vatNumber,
      vatTreatment: seller.vatTreatment,
      vatRateBasisPoints: seller.vatRateBasisPoints,
      lines: [],
      totalPence: 0,
      vatIncludedPence: null,
    };
    entry.lines.push({ eventId: event.id, eventTitle: event.title, eventDateTime: event.dateTime.toISOString(), quantity: line.quantity, unitPricePence: line.unitPricePence, totalPence: ticketsPence });
    entry.totalPence += ticketsPence;
    sellers.set(seller.organiserId, entry);
    // What the buyer paid in fee is on the order line (0 when the organiser absorbed it, D22), its money on the ledger.
    if (line.feePerTicketPence > 0 && feesPence > 0) feeLines.push({ eventTitle: event.title, quantity: line.quantity, unitPricePence: line.feePerTicketPence, totalPence: feesPence });
  }
  for (const seller of sellers.values()) seller.vatIncludedPence = seller.vatRateBasisPoints === null ? null : vatIncludedIn(seller.totalPence, seller.vatRateBasisPoints);

  const summary = await orderMoney(db, order.id);
  const feesPence = feeLines.reduce((sum, fee) => sum + fee.totalPence, 0);
  // The platform's VAT number as recorded when the receipt was numbered: its fee includes VAT at the standard rate.
  const platformVatRate = order.platformVatNumber ? VAT_STANDARD_RATE_BASIS_POINTS : null;
  const [issued] = await db.select({ id: vatInvoices.id }).from(vatInvoices).where(eq(vatInvoices.orderId, order.id)).limit(1);

  return {
    orderId: order.id,
    receiptNumber: formatReceiptNumber(order.receiptNumber),
    paidAt: order.paidAt.toISOString(),
    buyer: { name: order.attendeeName, email: order.attendeeEmail },
    sellers: [...sellers.values()],
    platform: {
      name: order.platformName,
      address: order.platformAddress,
      companyNumber: order.platformCompanyNumber,
      vatNumber: order.platformVatNumber,
      vatRateBasisPoints: platformVatRate,
      lines: feeLines,
      totalPence: feesPence,
      vatIncludedPence: platformVatRate === null ? null : vatIncludedIn(feesPence, platformVatRate),
    },
    totalPaidPence: summary.chargedPence,
    paymentReference: order.paymentReference,
    credits: await receiptCredits(db, order.id),
    refundedPence: summary.refundedPence + summary.disputedPence,
    netPaidPence: summary.remainingPence,
    pdfPath: receiptPdfPath(order.id),
    vatInvoice: { offered: offersVatInvoice(summary.chargedPence), issued: Boolean(issued) },
  };
}

/** One event's tickets of an order: who sold them (as recorded when it was paid) and their money from the ledger. */
export interface SoldLine {
  line: typeof orderLines.$inferSelect;
  event: typeof events.$inferSelect;
  seller: OrderSeller;
  ticketsPence: number;
  feesPence: number;
}

/** An order's lines as sold, by event date: the receipt's and the VAT invoices' one reading of them. */
export async function soldLinesOf(db: Db, orderId: string): Promise<SoldLine[]> {
  const lines = await db
    .select({ line: orderLines, event: events, bookingId: bookings.id })
    .from(orderLines)
    .innerJoin(events, eq(events.id, orderLines.eventId))
    .leftJoin(bookings, eq(bookings.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(events.dateTime), asc(orderLines.eventId));
  const money = await bookingMoney(db, lines.flatMap(({ bookingId }) => (bookingId ? [bookingId] : [])));
  const recorded = await orderSellersOf(db, orderId);
  return lines.map(({ line, event, bookingId }) => {
    const booked = bookingId ? money.get(bookingId) : undefined;
    // Confirmation records every seller (migration 0019 those before it): a line without one is a fault, not a reason to read today's profile.
    const seller = recorded.find((candidate) => candidate.eventIds.includes(event.id));
    if (!seller) throw new Error(`Order ${orderId} has no recorded seller for event ${event.id}`);
    return { line, event, seller, ticketsPence: booked?.ticketsPence ?? 0, feesPence: booked?.feesPence ?? 0 };
  });
}

/** The order's money from the ledger: charged, refunded, disputed and what remains. */
export async function orderMoney(db: Db, orderId: string) {
  const orderLedger = await db
    .select({ kind: ledgerEntries.kind, amountPence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.kind);
  return summariseLedger(orderLedger);
}

/** Each refund (and chargeback) of the order as a credit, oldest first, its amounts from the ledger. */
async function receiptCredits(db: Db, orderId: string): Promise<ReceiptCredit[]> {
  const rows = await db
    .select({
      group: sql<string>`coalesce(${ledgerEntries.refundId}::text, ${ledgerEntries.entryKey})`,
      kind: ledgerEntries.kind,
      amountPence: ledgerEntries.amountPence,
      createdAt: ledgerEntries.createdAt,
      quantity: refunds.quantity,
      eventTitle: events.title,
    })
    .from(ledgerEntries)
    .leftJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
    .leftJoin(events, eq(events.id, ledgerEntries.eventId))
    .where(and(eq(ledgerEntries.orderId, orderId), inArray(ledgerEntries.kind, [...PAID_BACK_KINDS])))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.entryKey));
  const groups = new Map<string, typeof rows>();
  for (const row of rows) groups.set(row.group, [...(groups.get(row.group) ?? []), row]);
  return [...groups.values()].map((entries) => {
    const first = entries[0]!;
    const money = summariseLedger(entries);
    const disputed = money.disputedPence > 0;
    const what = disputed ? "Chargeback through your bank" : first.quantity ? `Refund of ${plural(first.quantity, "ticket")}` : "Refund";
    return {
      date: first.createdAt.toISOString(),
      description: first.eventTitle ? `${what}: ${first.eventTitle}` : what,
      ticketsPence: disputed ? 0 : money.ticketsRefundedPence,
      feesPence: disputed ? 0 : money.feesRefundedPence,
      totalPence: money.refundedPence + money.disputedPence,
    };
  });
}

import { randomBytes, randomUUID } from "node:crypto";
import { bookingFeePerTicket } from "../src/domain";
import type { Db } from "../src/server/db/client";
import { bookings, orderLines, orders } from "../src/server/db/schema";
import { ticketTypeIdOf } from "./fixtures";
import { bookingChargeEntries, recordLedger } from "../src/server/features/ledger/ledger";
import { captureOrderSellers } from "../src/server/features/ledger/order-sellers";
import { DEFAULT_PLATFORM_COMPANY, numberReceipts } from "../src/server/features/receipts/receipt-numbers";

const CHUNK = 400;

/**
 * `count` paid bookings of one event, written in bulk as confirmation writes them: a confirmed local order
 * with its payment reference, one line, one booking and the booking's charge on the ledger (so reconcile
 * balances and the local provider accepts their refunds). Quantities cycle 1, 2, 3 unless given.
 */
export async function createPaidBookings(
  db: Db,
  { eventId, pricePence, count, quantity = (i) => (i % 3) + 1, email = (i) => `buyer-${i}-${randomBytes(3).toString("hex")}@example.test` }: { eventId: string; pricePence: number; count: number; quantity?: (i: number) => number; email?: (i: number) => string },
): Promise<{ bookingIds: string[]; totalPence: number }> {
  const fee = bookingFeePerTicket(pricePence);
  const ticketTypeId = await ticketTypeIdOf(db, eventId);
  const bookingIds: string[] = [];
  let totalPence = 0;
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, j) => {
      const i = start + j;
      const q = quantity(i);
      const total = (pricePence + fee) * q;
      totalPence += total;
      const to = email(i);
      const code = `TCKT-2090-${randomBytes(5).toString("hex").toUpperCase()}`;
      return { orderId: randomUUID(), lineId: randomUUID(), bookingId: randomUUID(), q, total, to, code, payment: `pi_local_${randomBytes(12).toString("hex")}`, session: `cs_test_${randomBytes(18).toString("base64url")}` };
    });
    await db.insert(orders).values(
      rows.map((row) => ({
        id: row.orderId,
        sessionId: row.session,
        status: "confirmed",
        provider: "local",
        attendeeName: "Bulk Buyer",
        attendeeEmail: row.to,
        subtotalPence: pricePence * row.q,
        feesPence: fee * row.q,
        totalPence: row.total,
        expiresAt: new Date(),
        paidAt: new Date(),
        paymentReference: row.payment,
        confirmedAt: new Date(),
      })),
    );
    await db.insert(orderLines).values(rows.map((row) => ({ id: row.lineId, orderId: row.orderId, eventId, ticketTypeId, quantity: row.q, unitPricePence: pricePence, feePerTicketPence: fee, totalPence: row.total })));
    await db.insert(bookings).values(
      rows.map((row) => ({
        id: row.bookingId,
        eventId,
        ticketTypeId,
        status: "confirmed",
        attendeeName: "Bulk Buyer",
        attendeeEmail: row.to,
        ticketQuantity: row.q,
        totalAmountPence: row.total,
        ticketCode: row.code,
        qrCode: row.code,
        stripeSessionId: row.session,
        orderLineId: row.lineId,
        // Already e-mailed: the ticket e-mail job is not what these tests are about.
        ticketEmailSentAt: new Date(),
      })),
    );
    await recordLedger(
      db,
      rows.flatMap((row) => bookingChargeEntries({ orderId: row.orderId, bookingId: row.bookingId, eventId, unitPricePence: pricePence, feePerTicketPence: fee, absorbedFeePerTicketPence: 0, quantity: row.q, providerRef: row.payment })),
    );
    await captureOrderSellers(
      db,
      rows.map((row) => row.orderId),
    );
    await numberReceipts(
      db,
      DEFAULT_PLATFORM_COMPANY,
      rows.map((row) => row.orderId),
    );
    bookingIds.push(...rows.map((row) => row.bookingId));
  }
  return { bookingIds, totalPence };
}

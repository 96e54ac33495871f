import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "./app";
import { createEvent } from "./fixtures";
import { signInAs } from "./organiser";
import type { Db } from "../src/server/db/client";
import { bookings, orders } from "../src/server/db/schema";
import { newLocalPaymentId } from "../src/server/providers/payments/local";

/**
 * A booking bought the way a buyer buys one: an organiser's paid event, a signed-in buyer, create-payment
 * and the local test checkout's Pay (so its charge is on the ledger, as every refund test needs).
 */
export async function boughtBooking(
  t: TestApp,
  quantity: number,
  { pricePence = 2000, attendeeName = "Ada Lovelace", absorbsBookingFee = false }: { pricePence?: number; attendeeName?: string; absorbsBookingFee?: boolean } = {},
) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence, absorbsBookingFee, maxAttendees: 10, title: `Bought ${Math.random()}` });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName, eventId: event.id, ticketQuantity: quantity });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  return { organiser, buyer, event, booking: booking! };
}

/**
 * Pending local checkouts paid as the test checkout's Pay pays them (settlePaidSession, before it confirms):
 * each order's paid_at and a `pi_local_…` payment reference. For tests that then confirm orders themselves
 * (confirmOrder, confirmation batches), as the product does only after payment: the provider then has the
 * payment each charge on the ledger is for, as the per-file reconcile checks (test/app.ts).
 */
export async function paidLocally(db: Db, sessionIds: string[]) {
  for (const sessionId of sessionIds) {
    await db
      .update(orders)
      .set({ paidAt: sql`coalesce(${orders.paidAt}, now())`, paymentReference: sql`coalesce(${orders.paymentReference}, ${newLocalPaymentId()})` })
      .where(eq(orders.sessionId, sessionId));
  }
}

import { asc, eq, inArray } from "drizzle-orm";
import type { VerifyPaymentResult } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import type { PaymentGateway } from "../../providers/payments/payments";
import { ticketEmailStatus } from "../tickets/send-ticket-email.service";
import { confirmOrder, findOwnOrder, settlePaidSession, type TicketEmailQueue } from "./checkout.service";
import type { PlatformCompany } from "../../config";

const NO_PAYMENT = "No payment found for this session.";
const NOT_PAID = "The payment has not been completed.";

async function bookingsOf(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(inArray(bookings.id, ids))
    .orderBy(asc(bookings.createdAt));
  return rows.map(({ booking, event }) => ({
    id: booking.id,
    event_id: booking.eventId,
    attendee_name: booking.attendeeName,
    attendee_email: booking.attendeeEmail,
    ticket_quantity: booking.ticketQuantity,
    total_amount_pence: booking.totalAmountPence,
    qr_code: booking.qrCode,
    ticket_code: booking.ticketCode,
    events: { title: event.title, description: event.description, date_time: event.dateTime.toISOString(), venue: event.venue, location: event.location, image_url: event.imageUrl, min_age: event.minAge },
    ticket_email: ticketEmailStatus(booking),
  }));
}

/**
 * verify-payment (spec §7, §4 Payment success): confirms a paid checkout (idempotent) and answers with
 * its bookings — to the order's own buyer only. A session id is no secret (a cart spans organisers, and
 * it travels in URLs), so anyone else gets the same answer as for an unknown session and confirms
 * nothing (docs/decisions/015).
 */
export async function verifyPayment({
  db,
  jobs,
  gateway,
  company,
  userId,
  sessionId,
}: {
  db: Db;
  jobs: TicketEmailQueue;
  gateway: PaymentGateway;
  company: PlatformCompany;
  userId: string;
  sessionId: string;
}): Promise<VerifyPaymentResult> {
  const order = await findOwnOrder({ db, sessionId, userId });
  if (!order) return { success: false, error: NO_PAYMENT };
  let result;
  // Paid, or free tickets only (nothing to pay): confirmed already, or now (idempotent).
  if (order.paidAt || order.totalPence === 0) result = await confirmOrder({ db, jobs, company, sessionId: order.sessionId });
  // Only the provider that opened the session is asked about it (a local one answers 'not paid': its Pay button records payments).
  else if (order.provider === gateway.name) {
    const payment = await gateway.sessionPayment(order.sessionId);
    if (!payment.paid) return { success: false, error: NOT_PAID };
    result = await settlePaidSession({ db, jobs, gateway, company, sessionId: order.sessionId, paymentReference: payment.paymentIntentId });
  } else return { success: false, error: NOT_PAID };
  if (result.status !== "confirmed") return { success: false, error: result.reason };
  const found = await bookingsOf(db, result.bookingIds);
  return { success: true, booking: found[0], bookings: found, message: "Payment confirmed" };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { AppError, CheckoutSessionId, VerifyPaymentInput } from "../../../domain";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { bookings, events, orderLines, orders } from "../../db/schema";
import type { Auth } from "../auth/auth";
import { requireUserId } from "../auth/session";
import type { PaymentGateway } from "../../providers/payments/payments";
import { confirmOrder, getTestCheckout, releaseOrder, settlePaidSession, startCheckout, type TicketEmailQueue } from "./checkout.service";
import { ticketEmailStatus } from "../tickets/send-ticket-email.service";
import { TicketEmailStatus } from "../../../domain";

const VerifiedBooking = z.object({
  id: z.string(),
  event_id: z.string(),
  attendee_name: z.string(),
  attendee_email: z.string(),
  ticket_quantity: z.number().int(),
  total_amount_pence: z.number().int(),
  qr_code: z.string().nullable(),
  ticket_code: z.string(),
  events: z.object({ title: z.string(), description: z.string().nullable(), date_time: z.string(), location: z.string(), image_url: z.string().nullable() }),
  /** Delivery of this booking's ticket e-mail, sent in the background after confirmation. */
  ticket_email: TicketEmailStatus,
});

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
    events: { title: event.title, description: event.description, date_time: event.dateTime.toISOString(), location: event.location, image_url: event.imageUrl },
    ticket_email: ticketEmailStatus(booking),
  }));
}

/** The money path's functions (spec §7 create-payment, verify-payment) and the local test checkout. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: TicketEmailQueue; auth: Auth; config: Config; gateway: PaymentGateway | null }> = async (
  app,
  { db, jobs, auth, config, gateway },
) => {
  app.post(
    "/functions/create-payment",
    {
      schema: {
        tags: ["functions"],
        summary: "Start a checkout for one event or a whole cart; returns the checkout URL",
        body: z.unknown(),
        response: { 200: z.object({ url: z.string(), sessionId: z.string() }) },
      },
    },
    async (request) => {
      const userId = await requireUserId(auth, request);
      return startCheckout({ db, gateway, publicUrl: config.publicUrl, userId, input: request.body });
    },
  );

  app.post(
    "/functions/verify-payment",
    {
      schema: {
        tags: ["functions"],
        summary: "Confirm a paid checkout (idempotent) and return its booking(s)",
        body: VerifyPaymentInput,
        response: {
          200: z.object({
            success: z.boolean(),
            booking: VerifiedBooking.optional(),
            bookings: z.array(VerifiedBooking).optional(),
            message: z.string().optional(),
            error: z.string().optional(),
          }),
        },
      },
    },
    async (request) => {
      const [order] = await db.select().from(orders).where(eq(orders.sessionId, request.body.sessionId));
      if (!order) return { success: false, error: "No payment found for this session." };
      let result;
      if (order.paidAt) result = await confirmOrder({ db, jobs, sessionId: order.sessionId });
      else if (order.provider === "stripe" && gateway) {
        const payment = await gateway.sessionPayment(order.sessionId);
        if (!payment.paid) return { success: false, error: "The payment has not been completed." };
        result = await settlePaidSession({ db, jobs, gateway, sessionId: order.sessionId, paymentReference: payment.paymentIntentId });
      } else return { success: false, error: "The payment has not been completed." };
      if (result.status !== "confirmed") return { success: false, error: result.reason };
      const found = await bookingsOf(db, result.bookingIds);
      return { success: true, booking: found[0], bookings: found, message: "Payment confirmed" };
    },
  );

  /** The local provider's checkout page reads its order here (heading 'Test payment'). */
  app.get(
    "/checkout/test/:sessionId",
    {
      schema: {
        tags: ["checkout"],
        summary: "A local test checkout session (demo payments)",
        params: z.object({ sessionId: CheckoutSessionId }),
        response: {
          200: z.object({
            sessionId: z.string(),
            status: z.string(),
            totalPence: z.number().int(),
            expiresAt: z.string(),
            lines: z.array(z.object({ eventId: z.string(), title: z.string(), quantity: z.number().int(), totalPence: z.number().int() })),
          }),
        },
      },
    },
    async (request) => getTestCheckout({ db, sessionId: request.params.sessionId, userId: await requireUserId(auth, request) }),
  );

  app.post(
    "/checkout/test/:sessionId/pay",
    {
      schema: {
        tags: ["checkout"],
        summary: "Pay a local test checkout; answers where the browser goes next, as Stripe Checkout would",
        params: z.object({ sessionId: CheckoutSessionId }),
        response: { 200: z.object({ redirectUrl: z.string() }) },
      },
    },
    async (request) => {
      const userId = await requireUserId(auth, request);
      const [order] = await db.select().from(orders).where(eq(orders.sessionId, request.params.sessionId));
      if (!order || order.userId !== userId || order.provider !== "local") throw new AppError("NOT_FOUND", "No checkout with that session");
      await settlePaidSession({ db, jobs, gateway: null, sessionId: order.sessionId, paymentReference: null });
      return { redirectUrl: `/payment-success?session_id=${encodeURIComponent(order.sessionId)}` };
    },
  );

  app.post(
    "/checkout/test/:sessionId/cancel",
    {
      schema: {
        tags: ["checkout"],
        summary: "Cancel a local test checkout: its places are released",
        params: z.object({ sessionId: CheckoutSessionId }),
        response: { 200: z.object({ redirectUrl: z.string() }) },
      },
    },
    async (request) => {
      const userId = await requireUserId(auth, request);
      const [order] = await db.select().from(orders).where(eq(orders.sessionId, request.params.sessionId));
      if (!order || order.userId !== userId) throw new AppError("NOT_FOUND", "No checkout with that session");
      await releaseOrder({ db, sessionId: order.sessionId, status: "cancelled" });
      const [first] = await db.select({ eventId: orderLines.eventId }).from(orderLines).where(eq(orderLines.orderId, order.id)).limit(1);
      return { redirectUrl: `/payment-cancel${first ? `?event_id=${first.eventId}` : ""}` };
    },
  );
};

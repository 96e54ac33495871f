import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { AppError, CheckoutRedirect, CheckoutSessionId, CreatePaymentResult, TestCheckout, VerifyPaymentInput, VerifyPaymentResult } from "../../../domain";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { orderLines, orders } from "../../db/schema";
import type { Auth } from "../auth/auth";
import { requireUserId } from "../auth/session";
import type { PaymentGateway } from "../../providers/payments/payments";
import { getTestCheckout, releaseOrder, settlePaidSession, startCheckout, type TicketEmailQueue } from "./checkout.service";
import { verifyPayment } from "./verify-payment.service";

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
        response: { 200: CreatePaymentResult },
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
        summary: "Confirm a paid checkout (idempotent) and return its booking(s), to the order's own buyer only",
        body: VerifyPaymentInput,
        response: {
          200: VerifyPaymentResult,
        },
      },
    },
    // The success page is reached signed in (spec §4): only the order's own buyer is answered.
    async (request) => verifyPayment({ db, jobs, gateway, userId: await requireUserId(auth, request), sessionId: request.body.sessionId }),
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
          200: TestCheckout,
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
        response: { 200: CheckoutRedirect },
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
        response: { 200: CheckoutRedirect },
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

import type { AppContext } from "../../app-context";
import type { FastifyInstance } from "fastify";
import { releaseOrder, settlePaidSession } from "./checkout.service";

/**
 * POST /api/webhooks/stripe: Stripe's signed notices. A completed session confirms its order (the same
 * idempotent path as verify-payment); an expired one releases its holds. The signature is checked over
 * the raw body, so this route reads the body itself.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { db, jobs, gateway }: AppContext) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post("/api/webhooks/stripe", { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers["stripe-signature"];
      let notice: { type: string; sessionId: string | null };
      try {
        if (typeof signature !== "string") throw new Error("missing Stripe-Signature header");
        notice = gateway.parseWebhook(request.body as Buffer, signature);
      } catch (error) {
        return reply.status(400).send({ error: { code: "BAD_REQUEST", message: `Webhook signature verification failed: ${(error as Error).message}` } });
      }
      if (notice.sessionId && (notice.type === "checkout.session.completed" || notice.type === "checkout.session.async_payment_succeeded")) {
        const payment = await gateway.sessionPayment(notice.sessionId);
        if (payment.paid) await settlePaidSession({ db, jobs, gateway, sessionId: notice.sessionId, paymentReference: payment.paymentIntentId });
      } else if (notice.sessionId && notice.type === "checkout.session.expired") {
        await releaseOrder({ db, sessionId: notice.sessionId, status: "expired" });
      }
      return { received: true };
    });
  });
}

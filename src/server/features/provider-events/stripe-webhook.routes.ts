import type { AppContext } from "../../app-context";
import type { FastifyInstance } from "fastify";
import type { ProviderNotice } from "../../providers/payments/payments";
import { handleProviderNotice } from "./provider-events.service";

/**
 * POST /api/webhooks/stripe: Stripe's signed notices (a completed or expired Checkout Session, a refund,
 * a dispute), acted on by the provider-events service. The signature is checked over the raw body, so
 * this route reads the body itself.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { db, jobs, gateway, config }: AppContext) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post("/api/webhooks/stripe", { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers["stripe-signature"];
      let notice: ProviderNotice;
      try {
        if (typeof signature !== "string") throw new Error("missing Stripe-Signature header");
        notice = gateway.parseWebhook(request.body as Buffer, signature);
      } catch (error) {
        return reply.status(400).send({ error: { code: "BAD_REQUEST", message: `Webhook signature verification failed: ${(error as Error).message}` } });
      }
      await handleProviderNotice({ db, jobs, gateway, company: config.company, log: request.log }, notice);
      return { received: true };
    });
  });
}

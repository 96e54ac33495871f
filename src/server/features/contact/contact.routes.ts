import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, BRAND, ContactMessageInput, ContactMessageReceipt } from "../../../domain";
import { hitRateLimit } from "../../lib/rate-limiter";
import type { RouteContext } from "../route-context";
import { submitContactMessage } from "./contact.service";

/** Public form: a few messages an hour from one address, so the support inbox cannot be flooded (decisions.md D7). */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 60 * 60 } as const;

const TOO_MANY = `You have sent several messages in the last hour. Please wait a while before sending another, or email us at ${BRAND.supportEmail}.`;

export const contactRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { db, config, email }) => {
  app.post(
    "/contact",
    {
      schema: {
        tags: ["contact"],
        summary: "Send a message to the support team (stored and e-mailed to the support inbox)",
        body: ContactMessageInput,
        response: { 201: ContactMessageReceipt },
      },
    },
    async (request, reply) => {
      const limit = await hitRateLimit(db, `contact:ip:${request.ip}`, CONTACT_RATE_LIMIT);
      if (!limit.allowed) {
        reply.header("retry-after", String(limit.retryAfterSeconds));
        throw new AppError("RATE_LIMITED", TOO_MANY);
      }
      const receipt = await submitContactMessage({ db, email, supportEmail: config.SUPPORT_EMAIL, input: request.body });
      return reply.status(201).send(receipt);
    },
  );
};

import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ContactMessageInput, ContactMessageReceipt } from "../../../domain";
import { submitContactMessage } from "./contact.service";

export { CONTACT_RATE_LIMIT } from "./contact.service";

export const contactRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, email }) => {
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
    async (request, reply) =>
      reply.status(201).send(await submitContactMessage({ db, email, supportEmail: config.SUPPORT_EMAIL, company: config.company, input: request.body, clientIp: request.ip })),
  );
};

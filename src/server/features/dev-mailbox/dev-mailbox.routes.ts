import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { listMailbox } from "./dev-mailbox.service";

const MailboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  createdAt: z.string(),
});

/** Registered only in demo mode (see isMailboxEnabled): the messages the app would have sent. */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/dev/mailbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Dev outbox: e-mail and SMS the app would have sent (demo mode only)",
        querystring: z.object({ to: z.string().max(320).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ messages: z.array(MailboxMessageSchema) }) },
      },
    },
    async (request) => ({ messages: await listMailbox({ db, to: request.query.to, limit: request.query.limit }) }),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MailboxMessage } from "../../../domain";
import { AppError } from "../../../domain/errors";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isMailboxOpenTo, listMailbox } from "./dev-mailbox.service";

/** Registered only in demo mode (see isMailboxEnabled): the messages the app would have sent, to this machine only. */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    "/dev/mailbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Dev outbox: e-mail and SMS the app would have sent (demo mode only)",
        querystring: z.object({ to: z.string().max(320).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ messages: z.array(MailboxMessage) }) },
      },
    },
    async (request) => {
      if (!isMailboxOpenTo(config, request.socket.remoteAddress)) throw new AppError("NOT_FOUND", "No API route GET /api/dev/mailbox");
      return { messages: await listMailbox({ db, to: request.query.to, limit: request.query.limit }) };
    },
  );
};

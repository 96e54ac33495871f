import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MailboxMessage } from "../../../domain";
import { AppError } from "../../../domain/errors";
import { outboxDir } from "../../providers/email/email";
import { readOutboxAttachment } from "../../providers/email/outbox";
import { isMailboxOpenTo, listMailbox } from "./dev-mailbox.service";

/** Registered only in demo mode (see isMailboxEnabled): the messages the app would have sent, to this machine only. */
export const devMailboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
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
      return { messages: await listMailbox({ db, dir: outboxDir(config), to: request.query.to, limit: request.query.limit }) };
    },
  );

  app.get(
    "/dev/mailbox/:messageId/attachments/:index",
    {
      schema: {
        tags: ["dev"],
        summary: "One attachment of a dev outbox message, as a download (demo mode only)",
        params: z.object({ messageId: z.string().uuid(), index: z.coerce.number().int().min(0).max(99) }),
      },
    },
    async (request, reply) => {
      const notFound = new AppError("NOT_FOUND", `No API route GET /api/dev/mailbox/${request.params.messageId}/attachments/${request.params.index}`);
      if (!isMailboxOpenTo(config, request.socket.remoteAddress)) throw notFound;
      const attachment = await readOutboxAttachment(outboxDir(config), request.params.messageId, request.params.index);
      if (!attachment) throw new AppError("NOT_FOUND", "This message has no such attachment.");
      return reply
        .header("content-type", attachment.contentType)
        .header("content-disposition", contentDisposition(attachment.filename))
        .header("cache-control", "no-store")
        .send(attachment.content);
    },
  );
};

/** `attachment; filename="…"` with a plain-ASCII fallback and the exact name in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MailboxMessage } from "../../../domain";
import { openMailbox, openMailboxAttachment } from "./dev-mailbox.service";

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
    async (request) => openMailbox({ db, config, socketAddress: request.socket.remoteAddress, to: request.query.to, limit: request.query.limit }),
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
      const attachment = await openMailboxAttachment({ config, socketAddress: request.socket.remoteAddress, ...request.params });
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

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { hitRateLimit } from "../../lib/rate-limiter";
import { toHeaders } from "../../lib/web-bridge";
import type { EmailSender } from "../../providers/email/email";
import type { Auth } from "../auth/auth";
import { actorFor, readSessionUserId } from "../auth/session";
import { sendTicketEmail } from "../tickets/send-ticket-email.service";

const TicketEmailResult = z.object({ success: z.boolean(), provider: z.string(), recipient: z.string().nullable(), error: z.string().nullable() });

/** The spec's server functions keep their names and bodies at POST /api/functions/{name} (ARCHITECTURE HTTP API). */
export const functionsRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; email: EmailSender; config: Config }> = async (app, { db, auth, email, config }) => {
  app.post(
    "/functions/send-ticket-email",
    {
      schema: {
        tags: ["functions"],
        summary: "Re-send a ticket to the e-mail on its booking (booking id, TCKT- code or cs_ session)",
        body: z.object({
          bookingId: z.string().trim().min(1, "Please enter a booking ID or ticket code").max(200),
          provider: z.enum(["brevo", "resend"]).optional(),
        }),
        response: { 200: TicketEmailResult },
      },
    },
    async (request) => {
      // Public (decisions D11): limited per address and per ticket so it cannot be used to spam a buyer.
      const perIp = await hitRateLimit(db, `send-ticket-email:ip:${request.ip}`, { limit: 10, windowSeconds: 15 * 60 });
      const perTicket = await hitRateLimit(db, `send-ticket-email:ticket:${request.body.bookingId.toUpperCase()}`, { limit: 3, windowSeconds: 60 * 60 });
      if (!perIp.allowed || !perTicket.allowed) throw new AppError("RATE_LIMITED", "Too many requests. Please wait a few minutes before trying again.");
      const userId = await readSessionUserId(auth, toHeaders(request.headers));
      const actor = userId ? await actorFor(db, userId) : null;
      return sendTicketEmail({ db, email, actor, identifier: request.body.bookingId, publicUrl: config.publicUrl });
    },
  );
};

import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CheckResult, CheckTicketInput, SendTestEmailInput, TICKET_EMAIL_PROVIDERS, TicketEmailResult } from "../../../domain";
import { enforceRateLimit } from "../../lib/rate-limiter";
import { checkTicket } from "../tickets/check-in.service";
import { sendTestEmail } from "../tickets/send-test-email.service";
import { sendTicketEmail } from "../tickets/send-ticket-email.service";

const TOO_MANY = "Too many requests. Please wait a few minutes before trying again.";

/** The spec's server functions keep their names and bodies at POST /api/functions/{name} (ARCHITECTURE HTTP API). */
export const functionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, mailer }) => {
  app.post(
    "/functions/send-ticket-email",
    {
      schema: {
        tags: ["functions"],
        summary: "Re-send a ticket to the e-mail on its booking (booking id, TCKT- code or cs_ session)",
        body: z.object({
          bookingId: z.string().trim().min(1, "Please enter a booking ID or ticket code").max(200),
          provider: z.enum(TICKET_EMAIL_PROVIDERS).optional(),
        }),
        response: { 200: TicketEmailResult },
      },
    },
    async (request) => {
      // Public (decisions D11): the service limits per address and per booking.
      const actor = await session.actor(request);
      return sendTicketEmail(mailer, { actor, identifier: request.body.bookingId, provider: request.body.provider, clientIp: request.ip, log: request.log });
    },
  );

  app.post(
    "/functions/send-test-email",
    {
      schema: {
        tags: ["functions"],
        summary: "Send a test HTML e-mail (non-admins only to their own confirmed address)",
        body: SendTestEmailInput,
        response: { 200: TicketEmailResult },
      },
    },
    async (request) => {
      const actor = await session.requireActor(request);
      await enforceRateLimit(db, [{ key: `send-test-email:user:${actor.userId}`, rule: { limit: 10, windowSeconds: 60 * 60 }, message: TOO_MANY }]);
      return sendTestEmail({ db, email: mailer.email, actor, input: request.body });
    },
  );

  app.post(
    "/functions/check-ticket",
    {
      schema: {
        tags: ["functions"],
        summary: "Validate a scanned ticket and optionally check it in (the event's owner or an admin)",
        body: CheckTicketInput,
        response: { 200: CheckResult },
      },
    },
    async (request) => checkTicket({ db, signer: mailer.signer, actor: await session.requireActor(request), input: request.body }),
  );
};

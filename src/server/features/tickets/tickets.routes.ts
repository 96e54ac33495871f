import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AppError,
  MyTicket,
  SendTestEmailInput,
  TICKET_EMAIL_PROVIDERS,
  TICKET_IDENTIFIER_REQUIRED,
  TicketEmailResult,
  TicketSigningKey,
  TicketView,
} from "../../../domain";
import { listMyTickets, myTicketCalendar, signedTicketForImage } from "./my-tickets.service";
import { sendTestEmail } from "./send-test-email.service";
import { sendTicketEmail } from "./send-ticket-email.service";
import { ticketQrPng } from "./ticket-email";
import { findManagedTicket } from "./ticket-lookup.service";

/** My Tickets, the public signing keys, QR images for e-mail, the ticket viewer, the resender (spec §7 send-ticket-email) and the test e-mail. */
export const ticketsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, signer, mailer, config: { publicUrl } }) => {
  app.get(
    "/me/tickets",
    {
      schema: {
        tags: ["tickets"],
        summary: "The signed-in user's bookings, upcoming (soonest first) then past (latest first), each with its tickets",
        description:
          "One entry per booking (the unit of money: refund requests and resends stay per booking). Its `tickets` are one per attendee (issue 36), by `position`: each with its attendee's name, its type's name, its own code, `status` (`valid` or `refunded`), `checkedInAt`, and its own signed QR payload naming that ticket alone (`ticketQuantity` 1), or null once it admits no one (refunded, or its booking refunded in full or disputed). `qrPayload` is the booking's first ticket's (the one `ticketCode` names).",
        response: { 200: z.object({ tickets: z.array(MyTicket) }) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { tickets: await listMyTickets({ db, signer, userId: (await session.requireActor(request)).userId }) };
    },
  );

  app.get(
    "/me/tickets/:bookingId/calendar.ics",
    {
      schema: {
        tags: ["tickets"],
        summary: "A calendar file (.ics) for one of the signed-in user's own tickets; 404 for anyone else's",
        params: z.object({ bookingId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const userId = (await session.requireActor(request)).userId;
      const { filename, ics } = await myTicketCalendar({ db, userId, bookingId: request.params.bookingId, publicUrl });
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(ics);
    },
  );

  app.get(
    "/tickets/keys",
    { schema: { tags: ["tickets"], summary: "Public Ed25519 keys that verify ticket QR signatures", response: { 200: z.object({ keys: z.array(TicketSigningKey) }) } } },
    async () => ({ keys: await signer.publicKeys() }),
  );

  app.get(
    "/tickets/:code/qr.png",
    {
      schema: {
        tags: ["tickets"],
        summary: "A ticket's QR image, opened by its signature (for mail clients that cannot show inline images)",
        description: "`code` is the ticket's own code (issue 36); a booking's first ticket also opens with the signature of a QR sent before tickets were records, which named the whole booking (decision 041).",
        params: z.object({ code: z.string().max(40) }),
        querystring: z.object({ kid: z.string().max(32), sig: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const payload = await signedTicketForImage({ db, signer, ticketCode: request.params.code, ...request.query });
      if (!payload) throw new AppError("TICKET_NOT_FOUND", "No ticket found with that identifier. Please check and try again.");
      return reply.type("image/png").header("cache-control", "private, max-age=86400").send(await ticketQrPng(payload));
    },
  );

  app.get(
    "/tickets/lookup",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Find a ticket by booking id, ticket code or payment session (own events; admins all)",
        description:
          "Any ticket's code finds that ticket (issue 36); a booking id or payment session finds the booking's first valid ticket (else its first). The answer is the booking, `ticket` (the one found: attendee, type, code, status, check-in), `qrPayload` (that ticket's signed QR, `ticketQuantity` 1) and `tickets`, every ticket of the booking by position.",
        querystring: z.object({ identifier: z.string().trim().min(1, TICKET_IDENTIFIER_REQUIRED.viewer).max(200) }),
        response: { 200: TicketView },
      },
    },
    async (request) => findManagedTicket({ db, signer, actor: await session.requireActor(request), identifier: request.query.identifier }),
  );

  app.post(
    "/functions/send-ticket-email",
    {
      schema: {
        tags: ["functions"],
        summary: "Re-send a ticket to the e-mail on its booking (booking id, TCKT- code or cs_ session)",
        description:
          "Any of the booking's ticket codes names it. The buyer's e-mail is sent again with every valid ticket of the booking, each with its attendee, type, code and own QR code (issue 36); attendees' own e-mails are sent once, when the booking is confirmed, and are not re-sent here.",
        body: z.object({
          bookingId: z.string().trim().min(1, TICKET_IDENTIFIER_REQUIRED.resender).max(200),
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
    async (request) => sendTestEmail({ db, email: mailer.email, actor: await session.requireActor(request), input: request.body }),
  );
};

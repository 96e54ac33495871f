import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, CheckInCounts, CheckInList, MyTicket, OfflineCheckInOutcome, OfflineCheckIns, TicketSigningKey } from "../../../domain";
import { checkInCounts, checkInList, syncOfflineCheckIns } from "./check-in.service";
import { listMyTickets, myTicketCalendar, signedTicketForImage } from "./my-tickets.service";
import { ticketQrPng } from "./ticket-email";

/** My Tickets, the public signing keys, QR images for e-mail, and the offline scanner's list and sync. */
export const ticketsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, signer, config: { publicUrl } }) => {
  app.get(
    "/me/tickets",
    { schema: { tags: ["tickets"], summary: "The signed-in user's tickets, upcoming (soonest first) then past (latest first), with signed QR payloads", response: { 200: z.object({ tickets: z.array(MyTicket) }) } } },
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
    "/events/:id/check-in-list",
    {
      schema: {
        tags: ["tickets"],
        summary: "An event's tickets and signing keys, for offline check-in (owner or admin)",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: CheckInList },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return checkInList({ db, signer, actor: await session.requireActor(request), eventId: request.params.id });
    },
  );

  app.get(
    "/events/:id/check-in-counts",
    {
      schema: {
        tags: ["tickets"],
        summary: "Tickets admitted and tickets sold for an event, for the scanner's counter (owner or admin)",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: CheckInCounts },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return checkInCounts({ db, actor: await session.requireActor(request), eventId: request.params.id });
    },
  );

  app.post(
    "/events/:id/check-ins",
    {
      schema: {
        tags: ["tickets"],
        summary: "Send check-ins made offline; first scan wins, conflicts are reported",
        params: z.object({ id: z.string().max(100) }),
        body: OfflineCheckIns,
        response: { 200: z.object({ results: z.array(OfflineCheckInOutcome) }) },
      },
    },
    async (request) => ({
      results: await syncOfflineCheckIns({ db, actor: await session.requireActor(request), eventId: request.params.id, input: request.body }),
    }),
  );
};

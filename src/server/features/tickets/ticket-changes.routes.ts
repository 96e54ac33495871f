import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChangedTicket, RenameTicketInput, TransferTicketInput } from "../../../domain";
import type { AppContext } from "../../app-context";
import { renameTicket, transferTicket } from "./ticket-changes.service";

const params = z.object({ ticketId: z.string().max(100) });

/** Passing a ticket on (its buyer) and renaming it (its organiser), issue 36. */
export const ticketChangesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, jobs, session }) => {
  app.post(
    "/me/tickets/:ticketId/transfer",
    {
      schema: {
        tags: ["tickets"],
        summary:
          "Pass one of your tickets to someone else: it gets a new code and QR in their name, sent to their e-mail, and the old QR is refused at the door. Not once checked in or refunded, for a cancelled event, or after the organiser's cut-off (409); 404 for anyone else's ticket",
        params,
        body: TransferTicketInput,
        response: { 200: ChangedTicket },
      },
    },
    async (request) => transferTicket({ db, jobs, actor: await session.requireActor(request), ticketId: request.params.ticketId, input: request.body }),
  );

  app.patch(
    "/tickets/:ticketId",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Rename a ticket of your event (organiser or admin): the name it carries and, optionally, the attendee's own e-mail; the code and QR stay",
        params,
        body: RenameTicketInput,
        response: { 200: ChangedTicket },
      },
    },
    async (request) => renameTicket({ db, jobs, actor: await session.requireActor(request), ticketId: request.params.ticketId, input: request.body }),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MyWaitingEntry as MyEntry, OrganiserWaitingList as OrganiserList } from "../../../domain";
import type { AppContext } from "../../app-context";
import { joinWaitingList, leaveWaitingList, myWaitingList, organiserWaitingList, sendOfferByHand, updateWaitingListSettings } from "./waiting-list.service";

const eventParams = z.object({ id: z.string().max(100) });

const RULES_DOC =
  "The waiting list (issue 37, decision 043): when a type (or every shown type) is sold out, signed-in buyers join it; waiting entries and open offers count against places, so a freed place (a refund, a cancelled or lapsed hold, capacity raised, an offer lapsing or declined) is offered to the next person in join order by e-mail, held for the event's offer hours (never past the end of sales or the start), and bought through `create-payment` with `waitingOffer`.";

/** The waiting list's API: a buyer's joining, entries and leaving; the organiser's list, settings and offers by hand. */
export const waitingListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, jobs }) => {
  app.post(
    "/events/:id/waiting-list",
    {
      schema: {
        tags: ["waiting-list"],
        summary: "Join an event's waiting list for a ticket type, or any type (`ticketTypeId` null or absent)",
        description: [
          RULES_DOC,
          "Refusals: 401 when signed out; 404 for an unknown or removed event, or a type that is not shown (hidden types are 404 as elsewhere); 400 VALIDATION_FAILED naming the field; 409 CONFLICT with `details.reason` `WAITING_LIST_NOT_SOLD_OUT` (tickets are still available: buy them now), `WAITING_LIST_CLOSED` (the list is off, sales ended, the event started or was cancelled) or `WAITING_LIST_JOINED` (already on the list for these tickets).",
        ].join("\n\n"),
        params: eventParams,
        body: z.unknown(),
        response: { 201: z.object({ entry: MyEntry }) },
      },
    },
    async (request, reply) => {
      const actor = await session.requireActor(request);
      const entry = await joinWaitingList({ db, jobs, userId: actor.userId, eventId: request.params.id, input: request.body });
      return reply.status(201).send({ entry: entry as z.infer<typeof MyEntry> });
    },
  );

  app.get(
    "/me/waiting-list",
    {
      schema: {
        tags: ["waiting-list"],
        summary: "The signed-in buyer's waiting-list entries, newest event first: position while waiting, and an open offer's link and expiry",
        description: `${RULES_DOC}\n\nRefusals: 401 when signed out.`,
        response: { 200: z.object({ entries: z.array(MyEntry) }) },
      },
    },
    async (request, reply) => {
      const actor = await session.requireActor(request);
      return reply.header("cache-control", "no-store").send({ entries: (await myWaitingList({ db, userId: actor.userId })) as z.infer<typeof MyEntry>[] });
    },
  );

  app.delete(
    "/me/waiting-list/:entryId",
    {
      schema: {
        tags: ["waiting-list"],
        summary: "Leave a waiting list: the entry is left, and an open offer of it declined and passed to the next person at once",
        description: "Refusals: 401 when signed out; 404 for an entry that is not the buyer's. Leaving an entry no longer live (bought, lapsed, closed, left) changes nothing.",
        params: z.object({ entryId: z.string().max(100) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = await session.requireActor(request);
      await leaveWaitingList({ db, jobs, userId: actor.userId, entryId: request.params.entryId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/events/:id/waiting-list",
    {
      schema: {
        tags: ["waiting-list"],
        summary: "The organiser's waiting list of an event: on or off, offer hours, places free for the list, and every entry in join order with its offers",
        description: `${RULES_DOC}\n\nRefusals: 401 when signed out; 404 for an event the user does not manage (an admin manages all).`,
        params: eventParams,
        response: { 200: OrganiserList },
      },
    },
    async (request, reply) => reply.header("cache-control", "no-store").send(await organiserWaitingList({ db, actor: await session.requireActor(request), eventId: request.params.id })),
  );

  app.patch(
    "/events/:id/waiting-list",
    {
      schema: {
        tags: ["waiting-list"],
        summary: "Turn an event's waiting list on or off (`enabled`), or set how many hours an offer holds its place (`offerHours`, 1–168)",
        description: `Off: the list's waiting entries stop counting against places (the public may buy them); offers already sent hold their places until they expire. On again: the places free for the list are offered.\n\nRefusals: 401 when signed out; 400 VALIDATION_FAILED naming the field; 404 for an event the user does not manage.`,
        params: eventParams,
        body: z.unknown(),
        response: { 200: OrganiserList },
      },
    },
    async (request) => updateWaitingListSettings({ db, jobs, actor: await session.requireActor(request), eventId: request.params.id, input: request.body }),
  );

  app.post(
    "/events/:id/waiting-list/:entryId/offer",
    {
      schema: {
        tags: ["waiting-list"],
        summary: "Send an offer now to one waiting entry, out of turn",
        description:
          "Refusals: 401 when signed out; 404 for an event the user does not manage or an entry not of it; 409 CONFLICT with `details.reason` `WAITING_LIST_NO_PLACE` (no place is free to offer), `WAITING_LIST_NOT_WAITING` (the entry was offered, bought, left, lapsed or closed) or `WAITING_LIST_CLOSED`.",
        params: z.object({ id: z.string().max(100), entryId: z.string().max(100) }),
        response: { 200: OrganiserList },
      },
    },
    async (request) => sendOfferByHand({ db, jobs, actor: await session.requireActor(request), eventId: request.params.id, entryId: request.params.entryId }),
  );
};

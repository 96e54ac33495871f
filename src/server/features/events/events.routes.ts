import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CategoryCount, EventDetail, EventListQuery, EventListResult, EventSummary } from "../../../domain";
import { answerPublicJson } from "../../lib/page-cache/cached-json";
import { getCategoryCounts, getEvent, getSimilarEventsOf, listEvents } from "./events.service";

const ErrorResponse = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) });

export const eventsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, pageCache }) => {
  // Everyone gets the same answers here (nothing depends on who asks), so they are kept and shared (issue 21).
  app.get(
    "/events",
    {
      schema: {
        tags: ["events"],
        summary: "Search, filter and sort the listed events",
        querystring: EventListQuery,
        response: { 200: EventListResult, 400: ErrorResponse },
      },
    },
    async (request, reply) => answerPublicJson(request, reply, pageCache, () => listEvents({ db, query: request.query })),
  );

  app.get(
    "/events/:id",
    {
      schema: {
        tags: ["events"],
        summary: "One event, whatever its status; with `?code=`, the types a buyer's code unlocks and the prices with it",
        description:
          "With `code` (a discount or access code, any case; issue 37): `code` says how it stands for this event (`state` not-found, inactive, not-yet, expired, used-up or ok, and `message`, the buyer's words, null when it can be used). When it can be used, `ticketTypes` also lists the hidden types it names, and each type it applies to has `pricePence` and `allInPricePence` (D21) with the code and `discountPence` what it takes off: the prices checkout charges with it. Answered fresh, never from the shared cache.",
        params: z.object({ id: z.string() }),
        querystring: z.object({ code: z.string().trim().max(64).optional() }),
        response: { 200: EventDetail, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { code } = request.query;
      if (!code) return answerPublicJson(request, reply, pageCache, () => getEvent({ db, id: request.params.id }));
      reply.header("cache-control", "private, no-store");
      return getEvent({ db, id: request.params.id, code });
    },
  );

  app.get(
    "/events/:id/similar",
    {
      schema: {
        tags: ["events"],
        summary: "Listed events in the same category",
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ events: z.array(EventSummary) }), 404: ErrorResponse },
      },
    },
    async (request, reply) => answerPublicJson(request, reply, pageCache, () => getSimilarEventsOf({ db, id: request.params.id })),
  );

  app.get(
    "/categories",
    {
      schema: {
        tags: ["events"],
        summary: "Categories of listed events with their counts",
        response: { 200: z.object({ categories: z.array(CategoryCount) }) },
      },
    },
    async (request, reply) => answerPublicJson(request, reply, pageCache, async () => ({ categories: await getCategoryCounts({ db }) })),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CancelEventInput, CancellationProgressView, EventLifecycleView, PostponeEventInput } from "../../../domain";
import type { AppContext } from "../../app-context";
import { cancelEvent, getCancellationProgress, postponeEvent } from "./event-lifecycle.service";

const eventParams = z.object({ id: z.string().max(100) });

/** Cancelling and postponing an event (its organiser or an admin; decision 027). */
export const eventLifecycleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, jobs }) => {
  app.post(
    "/events/:id/cancel",
    {
      schema: {
        tags: ["events"],
        summary:
          "Cancel an event: nothing more can be bought and every buyer gets back all they paid, booking fees kept by earlier refunds included (cancelling again is the same cancellation). An event that has ended cannot be cancelled (409)",
        params: eventParams,
        body: CancelEventInput,
        response: { 200: EventLifecycleView },
      },
    },
    async (request) => (await cancelEvent({ db, jobs, actor: await session.requireActor(request), eventId: request.params.id, input: request.body })).event,
  );

  app.get(
    "/events/:id/cancellation",
    { schema: { tags: ["events"], summary: "How far a cancelled event's refunds have gone", params: eventParams, response: { 200: CancellationProgressView } } },
    async (request) => getCancellationProgress({ db, actor: await session.requireActor(request), eventId: request.params.id }),
  );

  app.post(
    "/events/:id/postpone",
    {
      schema: {
        tags: ["events"],
        summary:
          "Move an event to a later date (at most 3 years ahead); its buyers are e-mailed the new date and, when the start moves at least 3 hours or to another UK day, may have a full refund for 14 days. An event that has ended cannot be postponed (409)",
        params: eventParams,
        body: PostponeEventInput,
        response: { 200: EventLifecycleView },
      },
    },
    async (request) => (await postponeEvent({ db, jobs, actor: await session.requireActor(request), eventId: request.params.id, input: request.body })).event,
  );
};

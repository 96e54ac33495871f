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
        summary: "Cancel an event: nothing more can be bought and every booking is refunded in full (cancelling again is the same cancellation)",
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
        summary: "Move an event to a later date; its buyers are e-mailed the new date and may ask for a full refund for 14 days",
        params: eventParams,
        body: PostponeEventInput,
        response: { 200: EventLifecycleView },
      },
    },
    async (request) => (await postponeEvent({ db, jobs, actor: await session.requireActor(request), eventId: request.params.id, input: request.body })).event,
  );
};

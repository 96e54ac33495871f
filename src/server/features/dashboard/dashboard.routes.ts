import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DashboardEvent, OwnBooking, SalesAnalytics } from "../../../domain";
import { listOwnBookings, listOwnEvents, salesAnalytics } from "./dashboard.service";

/** The organiser's dashboard API (spec §2 Dashboard): own events, sales and bookings (attendees and check-in: check-in/; the ticket viewer: tickets/). */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session }) => {
  app.get(
    "/me/events",
    { schema: { tags: ["dashboard"], summary: "The signed-in user's events with their sales", response: { 200: z.object({ events: z.array(DashboardEvent) }) } } },
    async (request) => ({ events: await listOwnEvents({ db, userId: (await session.requireActor(request)).userId }) }),
  );

  app.get(
    "/me/sales",
    { schema: { tags: ["dashboard"], summary: "Sales analytics over the user's events", response: { 200: SalesAnalytics } } },
    async (request) => salesAnalytics({ db, userId: (await session.requireActor(request)).userId }),
  );

  app.get(
    "/me/bookings",
    { schema: { tags: ["dashboard"], summary: "The signed-in user's own bookings", response: { 200: z.object({ bookings: z.array(OwnBooking) }) } } },
    async (request) => ({ bookings: await listOwnBookings({ db, userId: (await session.requireActor(request)).userId }) }),
  );
};

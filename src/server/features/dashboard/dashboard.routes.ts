import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AttendeeList, CheckInResult, DashboardEvent, OwnBooking, SalesAnalytics, TicketView } from "../../../domain";
import { checkInBooking } from "../attendees/attendees.service";
import { findManagedTicket } from "../tickets/ticket-lookup.service";
import { exportAttendees, listOwnBookings, listOwnEvents, salesAnalytics } from "./dashboard.service";

/** The organiser's dashboard API (spec §2 Dashboard): own events, sales, bookings, attendees, check-in, tickets. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, signer }) => {
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

  app.get(
    "/events/:id/attendees",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Confirmed attendees of an event (owner or admin); ?format=csv downloads them",
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ format: z.enum(["json", "csv"]).default("json") }),
        response: { 200: AttendeeList.or(z.string()) },
      },
    },
    async (request, reply) => {
      const exported = await exportAttendees({ db, actor: await session.requireActor(request), eventId: request.params.id, format: request.query.format });
      if ("list" in exported) return exported.list;
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exported.filename}"`)
        .header("cache-control", "no-store")
        .send(exported.csv);
    },
  );

  app.post(
    "/bookings/:id/check-in",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Check an attendee in (owner or admin); a repeat reports the first check-in",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: CheckInResult },
      },
    },
    async (request) => checkInBooking({ db, actor: await session.requireActor(request), bookingId: request.params.id }),
  );

  app.get(
    "/tickets/lookup",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Find a ticket by booking id, ticket code or payment session (own events; admins all)",
        querystring: z.object({ identifier: z.string().trim().min(1, "Please enter a booking ID, ticket code, or Stripe session ID").max(200) }),
        response: { 200: TicketView },
      },
    },
    async (request) => findManagedTicket({ db, signer, actor: await session.requireActor(request), identifier: request.query.identifier }),
  );
};

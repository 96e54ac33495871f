import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AttendeeList, CheckInCounts, CheckInList, CheckInResult, CheckResult, CheckTicketInput, DoorScanFields, OfflineCheckInOutcome, OfflineCheckIns } from "../../../domain";
import { requireDoor } from "../door/door-access";
import { exportAttendees } from "./attendees.service";
import { admitFoundGuest, checkInAttendeeTicket, checkInBooking, checkInCounts, checkInList, checkTicket, syncOfflineCheckIns } from "./check-in.service";

/** The door: the scan (spec §7 check-ticket), the offline scanner's list and sync, the counter, and the attendee list with its check-in button. */
export const checkInRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, session, signer } = context;
  // The scanner's endpoints take the door (issue 38, D26): an organiser or admin, door staff, or a door link.
  const door = (request: Parameters<typeof requireDoor>[1]) => requireDoor(context, request);
  app.post(
    "/functions/check-ticket",
    {
      schema: {
        tags: ["functions"],
        summary: "Validate a scanned ticket and optionally check it in or out through a check-in list (the event's organiser, an admin, its door staff or door link)",
        body: CheckTicketInput,
        response: { 200: CheckResult },
      },
    },
    async (request) => checkTicket({ db, signer, door: await door(request), input: request.body }),
  );

  app.get(
    "/events/:id/check-in-list",
    {
      schema: {
        tags: ["tickets"],
        summary: "An event's tickets, check-in lists, door window and signing keys, for offline check-in (the event's door)",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: CheckInList },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return checkInList({ db, signer, door: await door(request), eventId: request.params.id });
    },
  );

  app.get(
    "/events/:id/check-in-counts",
    {
      schema: {
        tags: ["tickets"],
        summary: "Tickets admitted and tickets sold for an event, for the scanner's counter (the event's door)",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: CheckInCounts },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return checkInCounts({ db, door: await door(request), eventId: request.params.id });
    },
  );

  app.post(
    "/events/:id/check-ins",
    {
      schema: {
        tags: ["tickets"],
        summary: "Send scans made offline; the first to reach the server wins, conflicts name who admitted the ticket; a repeated nonce records nothing twice",
        params: z.object({ id: z.string().max(100) }),
        body: OfflineCheckIns,
        response: { 200: z.object({ results: z.array(OfflineCheckInOutcome) }) },
      },
    },
    async (request) => ({
      results: await syncOfflineCheckIns({ db, door: await door(request), eventId: request.params.id, input: request.body }),
    }),
  );

  app.post(
    "/door/tickets/:id/check-in",
    {
      schema: {
        tags: ["tickets"],
        summary: "Admit a guest found at the door (by name, e-mail or code) with a tap: the door's list and rules, as a scan (the event's door)",
        params: z.object({ id: z.string().max(100) }),
        body: DoorScanFields,
        response: { 200: CheckResult },
      },
    },
    async (request) => admitFoundGuest({ db, door: await door(request), ticketId: request.params.id, scan: request.body }),
  );

  app.get(
    "/events/:id/attendees",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Confirmed attendees of an event, a row per ticket with its type (owner or admin); ?format=csv downloads them (streamed)",
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
        // A stream is sent as it is read (the schema's string describes the body the client receives).
        .send(exported.csv as unknown as string);
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

  app.post(
    "/tickets/:id/check-in",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Check one ticket in by its id, from the attendee list's row (owner or admin, else 404); a repeat reports the first check-in",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: CheckInResult },
      },
    },
    async (request) => checkInAttendeeTicket({ db, actor: await session.requireActor(request), ticketId: request.params.id }),
  );
};

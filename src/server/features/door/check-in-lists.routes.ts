import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CheckInListsView, CheckInListView, CHECK_IN_LIST_NAME_MAX, DoorFigures, DoorSettingsView, MAX_CHECK_IN_LISTS, MAX_DOOR_OPENS_MINUTES_BEFORE, SCAN_LOG_PAGE_SIZE, ScanLogPage } from "../../../domain";
import type { AppContext } from "../../app-context";
import { createCheckInList, deleteCheckInList, getDoorSettings, listCheckInLists, updateCheckInList, updateDoorSettings } from "./check-in-lists.service";
import { doorFiguresAtDoor } from "./door-figures.service";
import { readScanLog } from "./scan-log.service";

const idParams = z.object({ id: z.string().max(100) });

const LIST_FIELDS_DOC = [
  `Fields: \`name\` (1 to ${CHECK_IN_LIST_NAME_MAX} characters, unique in the event whatever the case), \`ticketTypeIds\` (at least one of the event's types; the default list's are every type, null, and cannot be chosen), \`opensAt\`/\`closesAt\` (optional, ISO 8601 with an offset, opensAt before closesAt: the list's own window inside the event's door window), \`allowMultipleEntries\` (a ticket may enter any number of times), \`allowReentry\` (a ticket may enter again after an exit scan).`,
  `Refusals: 400 VALIDATION_FAILED naming the field; 409 CONFLICT LIST_NAME_TAKEN, TOO_MANY_LISTS (at most ${MAX_CHECK_IN_LISTS} per event); 404 for an event or list the user does not manage (an admin manages all).`,
].join("\n\n");

/**
 * Check-in lists, the door's opening time, the scan log and the door's figures (issue 38): the organiser's
 * or an admin's, except the figures, which whoever is at the door for the event may read too (D26).
 */
export const checkInListsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, session } = context;

  app.get(
    "/events/:id/check-in-lists",
    { schema: { tags: ["door"], summary: "The event's check-in lists (the default first), each with its scans counted, and the event's ticket types", params: idParams, response: { 200: CheckInListsView } } },
    async (request) => listCheckInLists({ db, actor: await session.requireActor(request), eventId: request.params.id }),
  );

  app.post(
    "/events/:id/check-in-lists",
    { schema: { tags: ["door"], summary: "Add a check-in list for some of the event's types (a VIP entrance)", description: LIST_FIELDS_DOC, params: idParams, body: z.unknown(), response: { 201: CheckInListView } } },
    async (request, reply) => reply.status(201).send(await createCheckInList({ db, actor: await session.requireActor(request), eventId: request.params.id, input: request.body })),
  );

  app.patch(
    "/check-in-lists/:id",
    { schema: { tags: ["door"], summary: "Change a check-in list: any of its fields, the rest kept", description: LIST_FIELDS_DOC, params: idParams, body: z.unknown(), response: { 200: CheckInListView } } },
    async (request) => updateCheckInList({ db, actor: await session.requireActor(request), listId: request.params.id, input: request.body }),
  );

  app.delete(
    "/check-in-lists/:id",
    {
      schema: {
        tags: ["door"],
        summary: "Delete a check-in list with no scans; the default list (409 DEFAULT_LIST) and a list with scans (409 LIST_HAS_SCANS, the log names it) stay",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCheckInList({ db, actor: await session.requireActor(request), listId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/events/:id/door",
    { schema: { tags: ["door"], summary: "How long before the start the door opens, and the door window it makes", params: idParams, response: { 200: DoorSettingsView } } },
    async (request) => getDoorSettings({ db, actor: await session.requireActor(request), eventId: request.params.id }),
  );

  app.patch(
    "/events/:id/door",
    {
      schema: {
        tags: ["door"],
        summary: "Set how long before the start the door opens",
        description: `Body: \`doorOpensMinutesBefore\` (0 to ${MAX_DOOR_OPENS_MINUTES_BEFORE} minutes, a week). A ticket scanned outside the door window (from then until the event ends) is not admitted unless staff confirm.`,
        params: idParams,
        body: z.unknown(),
        response: { 200: DoorSettingsView },
      },
    },
    async (request) => updateDoorSettings({ db, actor: await session.requireActor(request), eventId: request.params.id, input: request.body }),
  );

  app.get(
    "/events/:id/scans",
    {
      schema: {
        tags: ["door"],
        summary: `The event's scan log, newest received first, ${SCAN_LOG_PAGE_SIZE} at a time (\`cursor\` from \`nextCursor\`); \`?format=csv\` downloads the whole filtered log (streamed)`,
        description: "Filters: `result` (admitted, exited or refused), `who` (a value from the answer's `who`), `list` (a check-in list's id).",
        params: idParams,
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: ScanLogPage.or(z.string()) },
      },
    },
    async (request, reply) => {
      const read = await readScanLog({ db, actor: await session.requireActor(request), eventId: request.params.id, query: request.query });
      if ("page" in read) return read.page;
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${read.filename}"`)
        .header("cache-control", "no-store")
        // A stream is sent as it is read (the schema's string describes the body the client receives).
        .send(read.csv as unknown as string);
    },
  );

  app.get(
    "/events/:id/door-figures",
    {
      schema: {
        tags: ["door"],
        summary: "Admitted / sold per check-in list and per ticket type: for the organiser, an admin, or door staff and door links granted the event",
        params: idParams,
        response: { 200: DoorFigures },
      },
    },
    async (request) => doorFiguresAtDoor(context, request, request.params.id),
  );
};

import type { AppContext } from "../../app-context";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, EditableEvent } from "../../../domain";
import { assertNoNulCharacters } from "../../lib/nul-characters";
import { IMAGE_MAX_BYTES } from "../images/uploaded-image";
import { createEvent, deleteEvent, getEditableEvent, updateEvent } from "./event-editing.service";

/**
 * The create/edit form posts multipart: a field `event` (JSON of EventInput) and an optional file
 * `image`. A JSON body (EventInput) works too, for API clients without an image.
 */
async function readEventSubmission(request: FastifyRequest): Promise<{ input: unknown; image?: Buffer }> {
  if (!request.isMultipart()) return { input: request.body };
  let input: unknown;
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024 } })) {
      if (part.type === "file") {
        if (part.fieldname !== "image") {
          await part.toBuffer();
          continue;
        }
        image = await part.toBuffer();
        if (part.file.truncated) throw new AppError("IMAGE_TOO_LARGE", "The image is larger than 5 MB. Please choose a smaller one.");
      } else if (part.fieldname === "event") {
        try {
          input = JSON.parse(String(part.value));
        } catch {
          throw new AppError("VALIDATION_FAILED", "Invalid field 'event': it must be JSON");
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("IMAGE_TOO_LARGE", "The image is larger than 5 MB. Please choose a smaller one.");
    throw new AppError("BAD_REQUEST", `The upload could not be read: ${(error as Error).message}`);
  }
  if (input === undefined) throw new AppError("VALIDATION_FAILED", "Invalid field 'event': the event details are missing");
  // The app-wide NUL guard sees only JSON bodies; this field's JSON is parsed here.
  assertNoNulCharacters("event", input);
  return { input, image: image?.length ? image : undefined };
}

const eventParams = z.object({ id: z.string().max(100) });

/** What the event bodies say of ticket types (issue 36), for the OpenAPI description. */
const TICKET_TYPES_DOC = [
  "Ticket types (issue 36): `ticketTypes: [{ id?, name, description?, pricePence, capacity?, salesStart?, salesEnd?, minPerOrder?, maxPerOrder?, hidden? }]`, 1 to 20 of them, in the order buyers see them. Without it, the event sells one type (General Admission) at `pricePence`, under `maxAttendees`, as the spec's form does; an edit without it changes that one type's price.",
  "`maxAttendees` is the capacity every type shares; a type's own `capacity` is a limit within it. `hidden` types are not listed and are sold only through a code. Dates are ISO 8601 with an offset; a type sells from `salesStart` until `salesEnd`.",
  "On an edit the list is the whole of the event's types: an `id` changes that type, a type without one is added, and a type left out is removed unless it has tickets sold or being bought (409 CONFLICT, `details.reason` TICKET_TYPE_SOLD: end its sales with `salesEnd` instead). A new price applies to sales from then on. Names must differ (case aside). Free types (`pricePence` 0) may sit beside paid ones: the event is then a paid event (cards say \"from £0.00\") whose free tickets are booked through create-payment at £0 with no fee; an event whose types are all free is a free event with no booking.",
  "Questions (issue 36): `questions: [{ id?, label, kind, options?, required?, ticketTypes? }]`, at most 10, asked at checkout about each ticket's attendee in this order. `kind` is `text` (an answer of at most 300 characters), `choice` (one of `options`: 2 to 20, each at most 100 characters, none twice) or `checkbox` (a tick box; required means it must be ticked). `ticketTypes` names the types it is asked on (absent or null: every ticket). Labels must differ (case aside). On an edit the list is the whole of the event's questions (an `id` keeps a question, so its answers stay its own); without it the questions are kept. Answers already given keep the question as it was asked.",
].join("\n\n");

export const eventEditingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, storage, jobs }) => {
  const actorOf = (request: FastifyRequest) => session.requireActor(request);

  app.post(
    "/events",
    {
      schema: {
        tags: ["events"],
        summary: "Create an event (multipart: 'event' JSON and optional 'image' file; or a JSON body)",
        description: TICKET_TYPES_DOC,
        consumes: ["multipart/form-data", "application/json"],
        response: { 201: EditableEvent },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { input, image } = await readEventSubmission(request);
      return reply.status(201).send(await createEvent({ db, storage, actor, input, image }));
    },
  );

  app.get(
    "/events/:id/edit",
    { schema: { tags: ["events"], summary: "An event as its owner (or an admin) edits it", params: eventParams, response: { 200: EditableEvent } } },
    async (request) => getEditableEvent({ db, actor: await actorOf(request), eventId: request.params.id }),
  );

  app.patch(
    "/events/:id",
    {
      schema: {
        tags: ["events"],
        summary:
          "Update an event (owner or admin; same format as create). A changed date must be in the future and at most 3 years ahead (400); the start and end of an event with sales, refunds or live holds move only by postponing it (409), and its minAge cannot be raised (409)",
        description: TICKET_TYPES_DOC,
        consumes: ["multipart/form-data", "application/json"],
        params: eventParams,
        response: { 200: EditableEvent },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { input, image } = await readEventSubmission(request);
      return updateEvent({ db, storage, actor, eventId: request.params.id, input, image, jobs });
    },
  );

  app.delete(
    "/events/:id",
    { schema: { tags: ["events"], summary: "Delete an event (owner or admin; not once tickets are sold)", params: eventParams } },
    async (request, reply) => {
      await deleteEvent({ db, storage, actor: await actorOf(request), eventId: request.params.id });
      return reply.status(204).send();
    },
  );
};

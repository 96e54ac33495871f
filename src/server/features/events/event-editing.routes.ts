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

export const eventEditingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, storage }) => {
  const actorOf = (request: FastifyRequest) => session.requireActor(request);

  app.post(
    "/events",
    {
      schema: {
        tags: ["events"],
        summary: "Create an event (multipart: 'event' JSON and optional 'image' file; or a JSON body)",
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
        consumes: ["multipart/form-data", "application/json"],
        params: eventParams,
        response: { 200: EditableEvent },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { input, image } = await readEventSubmission(request);
      return updateEvent({ db, storage, actor, eventId: request.params.id, input, image });
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

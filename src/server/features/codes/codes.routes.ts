import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CodeSummary, MAX_GENERATED_CODES } from "../../../domain";
import type { AppContext } from "../../app-context";
import { codesCsv, createCode, deleteCode, generateCodes, listCodes, updateCode } from "./codes.service";

const codeParams = z.object({ id: z.string().max(100) });

const FIELDS_DOC = [
  "Fields: `code` (3 to 32 letters, digits, '-' or '_'; case-insensitive, stored in upper case, unique among the organiser's codes), `eventId` (null or absent: every event of the organiser's, now and later), `effect` (`percent` off with `value` 1–100, `amount` off per ticket with `value` in pence, `set_price` per ticket with `value` in pence, or `none`: only unlocks hidden types), `ticketTypeIds` (the event's types it applies to; empty: every shown type; a hidden type is sold only with a code that names it), `validFrom`/`validUntil` (ISO 8601 with an offset; valid from the one until the other), `maxUses` (tickets, held and sold, across all buyers), `maxPerBuyer` (tickets per buyer across their orders), `reservedPlaces` (only with `eventId`, at most `maxUses`: places kept back from the public for the code's buyers until used, deactivated or expired, of the event and of its type when it names one type alone; they must be free when reserved), `active`.",
  "The booking fee is never discounted: it is charged on the price paid, so a ticket a code makes free pays none. Uses are counted per ticket from checkouts still held and tickets sold, so a checkout that lapses or is cancelled, or a ticket refunded, gives its uses back.",
  "Refusals: 400 VALIDATION_FAILED naming the field (`Invalid field 'value': A percentage off must be from 1 to 100`); 409 CONFLICT CODE_TAKEN when the organiser already has the code in any case, NOT_ENOUGH_PLACES (`details.remaining`) when fewer places are free than `reservedPlaces` asks (times `count` for generated codes); 404 for an event or code the user does not manage (an admin manages all).",
].join("\n\n");

/** Discount and access codes (issue 37, D25): an organiser's own, managed from the dashboard; admins act for organisers. */
export const codesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session }) => {
  app.get(
    "/codes",
    {
      schema: {
        tags: ["codes"],
        summary: "The codes the user manages (an admin: every organiser's), or with `eventId` those that apply to that event, each with its uses held and sold",
        querystring: z.object({ eventId: z.string().max(100).optional() }),
        response: { 200: z.object({ codes: z.array(CodeSummary) }) },
      },
    },
    async (request) => ({ codes: await listCodes({ db, actor: await session.requireActor(request), eventId: request.query.eventId }) }),
  );

  app.post(
    "/codes",
    { schema: { tags: ["codes"], summary: "Create a discount or access code for one of the user's events, or all of them", description: FIELDS_DOC, body: z.unknown(), response: { 201: CodeSummary } } },
    async (request, reply) => reply.status(201).send(await createCode({ db, actor: await session.requireActor(request), input: request.body })),
  );

  app.patch(
    "/codes/:id",
    {
      schema: {
        tags: ["codes"],
        summary: "Change a code: any of its fields, the rest kept (`active: false` deactivates it). Tickets already held or sold keep their price",
        description: FIELDS_DOC,
        params: codeParams,
        body: z.unknown(),
        response: { 200: CodeSummary },
      },
    },
    async (request) => updateCode({ db, actor: await session.requireActor(request), codeId: request.params.id, input: request.body }),
  );

  app.delete(
    "/codes/:id",
    {
      schema: {
        tags: ["codes"],
        summary: "Delete a code that was never used; a used one is refused (409 CODE_USED): deactivate it instead",
        params: codeParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCode({ db, actor: await session.requireActor(request), codeId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/codes/generate",
    {
      schema: {
        tags: ["codes"],
        summary: `Generate up to ${MAX_GENERATED_CODES} random codes at once (single-use unless \`maxUses\` says otherwise); \`?format=csv\` downloads them as CSV`,
        description: [`Body: \`count\` (1–${MAX_GENERATED_CODES}), optional \`prefix\` (at most 22 letters, digits, '-' or '_'), and the fields of a code except \`code\`.`, FIELDS_DOC].join("\n\n"),
        querystring: z.object({ format: z.enum(["json", "csv"]).default("json") }),
        body: z.unknown(),
        response: { 201: z.object({ codes: z.array(CodeSummary) }).or(z.string()) },
      },
    },
    async (request, reply) => {
      const made = await generateCodes({ db, actor: await session.requireActor(request), input: request.body });
      if (request.query.format === "csv") {
        return reply
          .status(201)
          .headers({ "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="codes.csv"', "cache-control": "no-store" })
          .send(codesCsv(made));
      }
      return reply.status(201).send({ codes: made });
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EventStatement, StatementMonth, Statements } from "../../../domain";
import type { AppContext } from "../../app-context";
import { feeStatementPdf } from "./fee-statements.service";
import { getEventStatement, getStatements, payoutsCsv, statementsCsv } from "./statements.service";

const csvHeaders = (filename: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${filename}"`,
  "cache-control": "no-store",
});

/** What organisers (and admins acting for them) see of their money after the event (issue 20). */
export const statementsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, config }) => {
  const options = () => ({
    now: new Date(),
    paymentProvider: config.paymentProvider,
  });
  app.get(
    "/payouts/statements",
    {
      schema: {
        tags: ["payouts"],
        summary: "Statements of the events the user manages, their payouts and the months with a fee statement",
        response: { 200: Statements },
      },
    },
    async (request) =>
      getStatements({
        db,
        actor: await session.requireActor(request),
        ...options(),
      }),
  );

  app.get(
    "/payouts/statements/:eventId",
    {
      schema: {
        tags: ["payouts"],
        summary: "One event's statement (its organiser or an admin)",
        params: z.object({ eventId: z.string().max(100) }),
        response: { 200: EventStatement },
      },
    },
    async (request) =>
      getEventStatement({
        db,
        actor: await session.requireActor(request),
        eventId: request.params.eventId,
        ...options(),
      }),
  );

  app.get(
    "/payouts/statements.csv",
    {
      schema: {
        tags: ["payouts"],
        summary: "The statements as CSV, one row per event",
      },
    },
    async (request, reply) =>
      reply.headers(csvHeaders("statements.csv")).send(
        await statementsCsv({
          db,
          actor: await session.requireActor(request),
          ...options(),
        }),
      ),
  );

  app.get(
    "/payouts/payouts.csv",
    {
      schema: {
        tags: ["payouts"],
        summary: "The user's payouts as CSV, one row per transfer",
      },
    },
    async (request, reply) => reply.headers(csvHeaders("payouts.csv")).send(await payoutsCsv({ db, actor: await session.requireActor(request) })),
  );

  app.get(
    "/payouts/fee-statements/:file",
    {
      schema: {
        tags: ["payouts"],
        summary:
          "The monthly platform-fee statement of the user's events as a PDF (/payouts/fee-statements/2026-11.pdf): a VAT invoice when the platform is VAT-registered. Issued once the month is over (409 before), on the 1st or at the first request, and the same document ever after",
        params: z.object({
          file: z
            .string()
            .max(20)
            .regex(/\.pdf$/, "Ask for a month's PDF, such as 2026-11.pdf.")
            .transform((file) => file.slice(0, -4))
            .pipe(StatementMonth),
        }),
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await feeStatementPdf({
        db,
        actor: await session.requireActor(request),
        month: request.params.file,
        company: config.company,
        now: new Date(),
      });
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `inline; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, EraseAccountInput, ErasureResult, exportFilename, ukToday } from "../../../domain";
import type { AppContext } from "../../app-context";
import { toHeaders } from "../../lib/web-bridge";
import { eraseAccount } from "./erasure";
import { exportPersonalData } from "./personal-data";

/** The signed-in person's data rights (issue 34, D28): a download of everything about them, and erasure. */
export const dataRightsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, auth, config, storage }) => {
  app.get(
    "/me/export",
    {
      schema: {
        tags: ["account"],
        summary:
          "Everything Eventora holds about the signed-in person, as a JSON file (eventora-data-YYYY-MM-DD.json): account, profile, sessions, orders, tickets, refunds and requests, affiliate, payouts, ledger lines, organised events with their sales totals, contact messages",
        produces: ["application/json"],
      },
    },
    async (request, reply) => {
      const { userId } = await session.requireActor(request);
      const data = await exportPersonalData({ db, userId });
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFilename(ukToday())}"`)
        .header("cache-control", "private, no-store")
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    "/me/erase",
    {
      schema: {
        tags: ["account"],
        summary:
          "Erase the signed-in account (decision 035): type its e-mail address, and the password unless signed in within the last 10 minutes. The account and profile are anonymised and every session ends; paid orders, tickets, refunds and payouts are kept for six years with the least personal data. 409 UPCOMING_EVENTS_WITH_SALES names the upcoming events with tickets sold that must be cancelled first",
        body: EraseAccountInput,
        response: { 200: ErasureResult },
      },
    },
    async (request, reply) => {
      const { userId } = await session.requireActor(request);
      const current = await auth.api.getSession({ headers: toHeaders(request.headers) });
      if (!current) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
      const context = await auth.$context;
      const result = await eraseAccount(
        {
          db,
          verifyPassword: (hash, password) => context.password.verify({ hash, password }),
          dataDir: config.DATA_DIR,
          storage,
          accountChanged: session.accountChanged,
        },
        { userId, signedInAt: new Date(current.session.createdAt), input: request.body },
      );
      // The session is gone on the server; the browser forgets its cookie too.
      const cookie = context.authCookies.sessionToken;
      reply.header("set-cookie", `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? "; Secure" : ""}`);
      return result;
    },
  );
};

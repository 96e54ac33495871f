import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, SessionUser } from "../../../domain";
import { toHeaders } from "../../lib/web-bridge";

/** GET /api/me: who is signed in, as the pages' header shows them. */
export const sessionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { session }) => {
  app.get(
    "/me",
    { schema: { tags: ["account"], summary: "The signed-in user", response: { 200: z.object({ user: SessionUser }) } } },
    async (request) => {
      const user = await session.user(toHeaders(request.headers));
      if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
      return { user };
    },
  );
};

import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SiteStats } from "../../../domain";
import { getSiteStats } from "./stats.service";

export const statsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/stats",
    { schema: { tags: ["site"], summary: "Site figures for the marketing pages", response: { 200: SiteStats } } },
    async () => getSiteStats({ db }),
  );
};

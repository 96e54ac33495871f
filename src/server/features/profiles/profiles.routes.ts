import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PublicProfile, SiteStats } from "../../../domain";
import { getSiteStats } from "../stats/stats.service";
import { getPublicProfile } from "./profiles.service";

export const profilesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/profiles/:username",
    {
      schema: {
        tags: ["profiles"],
        summary: "A public profile with up to 6 listed events",
        params: z.object({ username: z.string() }),
        response: { 200: PublicProfile },
      },
    },
    async (request) => getPublicProfile({ db, username: request.params.username }),
  );

  app.get(
    "/stats",
    { schema: { tags: ["site"], summary: "Site figures for the marketing pages", response: { 200: SiteStats } } },
    async () => getSiteStats({ db }),
  );
};

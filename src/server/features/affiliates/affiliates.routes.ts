import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AffiliateLookup } from "../../../domain";
import type { Db } from "../../db/client";
import { lookupAffiliate } from "./affiliates.service";

export const affiliatesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/affiliates/lookup",
    {
      schema: {
        tags: ["affiliates"],
        summary: "Whether an affiliate code is active, and whose it is",
        querystring: z.object({ code: z.string().trim().min(1, "code is required").max(32, "code is too long") }),
        response: { 200: AffiliateLookup },
      },
    },
    async (request) => lookupAffiliate({ db, code: request.query.code }),
  );
};

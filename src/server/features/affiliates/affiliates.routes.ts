import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AffiliateLookup, OwnAffiliate } from "../../../domain";
import { createAffiliateAccount, generateAffiliateCode, getOwnAffiliate, lookupAffiliate } from "./affiliates.service";

export const affiliatesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session }) => {
  app.get(
    "/me/affiliate",
    { schema: { tags: ["affiliates"], summary: "The signed-in user's affiliate account, if any", response: { 200: z.object({ affiliate: OwnAffiliate.nullable() }) } } },
    async (request) => ({ affiliate: await getOwnAffiliate({ db, userId: (await session.requireActor(request)).userId }) }),
  );

  app.post(
    "/me/affiliate",
    { schema: { tags: ["affiliates"], summary: "Create the user's affiliate account (10% commission)", response: { 201: OwnAffiliate } } },
    async (request, reply) => reply.status(201).send(await createAffiliateAccount({ db, userId: (await session.requireActor(request)).userId })),
  );

  app.post(
    "/me/affiliate/codes",
    { schema: { tags: ["affiliates"], summary: "Generate a new affiliate code (old codes keep working)", response: { 201: OwnAffiliate } } },
    async (request, reply) => reply.status(201).send(await generateAffiliateCode({ db, userId: (await session.requireActor(request)).userId })),
  );

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

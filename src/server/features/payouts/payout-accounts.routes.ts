import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OnboardingLinkShape, PayoutAccountStateShape } from "../../../domain";
import type { AppContext } from "../../app-context";
import { getPayoutAccount, startOnboarding } from "./payout-accounts.service";

/** A payee's (organiser's or affiliate's) connected account for payouts (D23): its state, and onboarding. */
export const payoutAccountsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, gateway, config }) => {
  app.get(
    "/payouts/account",
    {
      schema: {
        tags: ["payouts"],
        summary: "The signed-in user's payout account: null until set up, then whether it is ready and what the provider still needs",
        response: { 200: PayoutAccountStateShape },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getPayoutAccount({ db, gateway, userId: (await session.requireActor(request)).userId });
    },
  );

  app.post(
    "/payouts/account/onboarding",
    {
      schema: {
        tags: ["payouts"],
        summary: "Set up payouts: creates the signed-in user's connected account once and answers the provider's onboarding link",
        response: { 200: OnboardingLinkShape },
      },
    },
    async (request) => startOnboarding({ db, gateway, publicUrl: config.publicUrl, userId: (await session.requireActor(request)).userId }),
  );
};

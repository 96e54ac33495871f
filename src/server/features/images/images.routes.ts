import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GenerateImageInput, GenerateImageResult } from "../../../domain";
import { enforceRateLimit, type RateLimitRule } from "../../lib/rate-limiter";
import { generateImage } from "./images.service";

/** Every image costs seconds of server time (or a paid AI call): a person making posters never needs more. */
export const IMAGE_LIMITS = {
  perUserMinute: { limit: 10, windowSeconds: 60 },
  perUserDay: { limit: 100, windowSeconds: 24 * 60 * 60 },
  perIpMinute: { limit: 30, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

const TOO_MANY_NOW = "You have made a lot of images in the last minute. Please wait a minute before generating another.";
const TOO_MANY_TODAY = "You have reached today's limit of 100 images. Please try again tomorrow.";

/** The AI image creator's function (spec §2 AI Image Creator, §7 generate-image; decisions D19). */
export const imagesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, storage, ai }) => {
  app.post(
    "/functions/generate-image",
    {
      schema: {
        tags: ["functions"],
        summary: "Make a promotional image: the AI service when configured, else the built-in poster generator (signed-in users)",
        description:
          "The spec does not show who may use the image creator (§6). It needs sign-in here: it is an organiser's tool, and each image costs server time or a paid AI call, so it is rate limited per user (10 a minute, 100 a day) and per address.",
        body: GenerateImageInput,
        response: { 200: GenerateImageResult },
      },
    },
    async (request) => {
      const userId = (await session.requireActor(request)).userId;
      await enforceRateLimit(db, [
        { key: `generate-image:user:${userId}:day`, rule: IMAGE_LIMITS.perUserDay, message: TOO_MANY_TODAY },
        { key: `generate-image:user:${userId}:minute`, rule: IMAGE_LIMITS.perUserMinute, message: TOO_MANY_NOW },
        { key: `generate-image:ip:${request.ip}:minute`, rule: IMAGE_LIMITS.perIpMinute, message: TOO_MANY_NOW },
      ]);
      return generateImage({ ai, storage, userId, request: request.body });
    },
  );
};

import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, GenerateImageInput, GenerateImageResult } from "../../../domain";
import { hitRateLimit, type RateLimitRule } from "../../lib/rate-limiter";
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
    async (request, reply) => {
      const userId = (await session.requireActor(request)).userId;
      const checks = await Promise.all([
        hitRateLimit(db, `generate-image:user:${userId}:minute`, IMAGE_LIMITS.perUserMinute),
        hitRateLimit(db, `generate-image:user:${userId}:day`, IMAGE_LIMITS.perUserDay),
        hitRateLimit(db, `generate-image:ip:${request.ip}:minute`, IMAGE_LIMITS.perIpMinute),
      ]);
      const refused = checks.find((check) => !check.allowed);
      if (refused) {
        reply.header("retry-after", String(refused.retryAfterSeconds));
        throw new AppError("RATE_LIMITED", checks[1]!.allowed ? TOO_MANY_NOW : TOO_MANY_TODAY);
      }
      return generateImage({ ai, storage, userId, request: request.body });
    },
  );
};

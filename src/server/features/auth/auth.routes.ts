import type { FastifyInstance } from "fastify";
import { AppError, SERVICE_UNAVAILABLE_MESSAGE } from "../../../domain/errors";
import type { Config } from "../../config";
import { sendWebResponse, toWebRequest } from "../../lib/web-bridge";
import type { Auth } from "./auth";

/** Every auth request is a few small fields; anything larger is refused before it is read. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

/** Mounts better-auth at /api/auth/*, handing it the raw request (its own body parsing and origin checks). */
export async function authRoutes(app: FastifyInstance, { auth, config, ping }: { auth: Auth; config: Config; ping: () => Promise<void> }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      schema: { hide: true },
      handler: async (request, reply) => {
        if (Number(request.headers["content-length"] ?? 0) > MAX_AUTH_BODY_BYTES) {
          return reply.status(413).send({ code: "PAYLOAD_TOO_LARGE", message: "The request is too large." });
        }
        // Fastify has already resolved the client address (trustProxy); better-auth keys its limits on it.
        const webRequest = toWebRequest(request, reply, config.publicUrl, { "x-forwarded-for": request.ip });
        const response = await auth.handler(webRequest);
        // better-auth turns a lost database into a bare 500; say what it is, so clients retry (as the API does).
        if (response.status >= 500 && (await ping().then(() => false, () => true))) throw new AppError("SERVICE_UNAVAILABLE", SERVICE_UNAVAILABLE_MESSAGE);
        return sendWebResponse(reply, response);
      },
    });
  });
}

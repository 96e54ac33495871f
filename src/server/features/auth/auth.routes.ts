import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import { sendWebResponse, toWebRequest } from "../../lib/web-bridge";
import type { Auth } from "./auth";

/** Every auth request is a few small fields; anything larger is refused before it is read. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

/** Mounts better-auth at /api/auth/*, handing it the raw request (its own body parsing and origin checks). */
export async function authRoutes(app: FastifyInstance, { auth, config }: { auth: Auth; config: Config }) {
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
        return sendWebResponse(reply, response);
      },
    });
  });
}

import type { AppContext } from "../../app-context";
import { STATUS_CODES } from "node:http";
import type { FastifyInstance } from "fastify";
import { AppError, SERVICE_UNAVAILABLE_MESSAGE } from "../../../domain/errors";
import { jsonDepthExceeds, tooDeepMessage } from "../../lib/json-depth";
import { nulCharacterPath } from "../../lib/nul-characters";
import { sendWebResponse, toWebRequest } from "../../lib/web-bridge";
import { authRequestState } from "./auth";

/** Every auth request is a few small fields; anything larger is refused before it is read. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

/**
 * What is wrong with a JSON body before better-auth sees it: better-auth's own hooks fail with a 500 on
 * a body that is not an object (`false`, `[]`), and PostgreSQL on a string holding U+0000; a body
 * nested too deeply is refused before the NUL walk recurses through it (issue 16).
 */
export function authBodyProblem(contentType: string | undefined, body: Buffer): string | null {
  if (!body.length || !contentType?.toLowerCase().startsWith("application/json")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return "The request body is not valid JSON.";
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "The request body must be a JSON object.";
  if (jsonDepthExceeds(parsed)) return tooDeepMessage("request body");
  const nul = nulCharacterPath(parsed);
  return nul === null ? null : `Invalid body field '${nul}': contains a NUL character, which is not allowed`;
}

/** Mounts better-auth at /api/auth/*, handing it the raw request (its own body parsing and origin checks). */
export async function authRoutes(app: FastifyInstance, { auth, config, database }: AppContext) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_AUTH_BODY_BYTES }, (_request, body, done) => done(null, body));
    scope.addHook("onRequest", async (request, reply) => {
      if (Number(request.headers["content-length"] ?? 0) > MAX_AUTH_BODY_BYTES) {
        return reply.status(413).send({ code: "PAYLOAD_TOO_LARGE", message: "The request is too large." });
      }
    });
    scope.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      schema: { hide: true },
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        const problem = body ? authBodyProblem(request.headers["content-type"], body) : null;
        // better-auth's own error shape, which its browser client reads.
        if (problem) return reply.status(400).send({ code: "INVALID_REQUEST_BODY", message: problem });
        // toWebRequest passes on the client address Fastify resolved (TRUST_PROXY); better-auth keys its limits on it.
        const webRequest = toWebRequest(request, reply, config.publicUrl, {}, body);
        const state = { databaseAway: false };
        const response = await authRequestState.run(state, () => auth.handler(webRequest));
        // better-auth turns a lost database into a bare 500; say what it is, so clients retry (as the API does).
        if (response.status >= 500 && (state.databaseAway || (await database.ping().then(() => false, () => true)))) {
          throw new AppError("SERVICE_UNAVAILABLE", SERVICE_UNAVAILABLE_MESSAGE);
        }
        if (response.status >= 400 && !response.headers.get("content-type")?.includes("json")) {
          // better-auth answers an unknown path with an empty 404; clients get a reason like any other error.
          if (response.status >= 500) return reply.status(response.status).send({ code: "INTERNAL", message: "Something went wrong. Please try again." });
          const reason = STATUS_CODES[response.status] ?? "Error";
          const message = response.status === 404 ? `No auth endpoint ${request.method} ${request.url.split("?")[0]}` : `The request was refused: ${reason}.`;
          return reply.status(response.status).send({ code: reason.toUpperCase().replace(/[^A-Z]+/g, "_"), message });
        }
        return sendWebResponse(reply, response);
      },
    });
  });
}

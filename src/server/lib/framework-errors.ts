import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError, type ErrorBody } from "../../domain/errors";

/** Long ids must reach our own validation (a 404), not Fastify's 414; only absurd path parts are refused. */
export const MAX_PARAM_LENGTH = 2048;

function refusalFor(error: FastifyError): AppError {
  if (error.code === "FST_ERR_BAD_URL") return new AppError("BAD_URL", "The address is not valid: it has a malformed %-escape (a % must be followed by two hex digits).");
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return new AppError("URL_TOO_LONG", `The address is too long: a part of its path is over ${MAX_PARAM_LENGTH.toLocaleString("en-GB")} characters.`);
  return new AppError("INTERNAL", "Something went wrong. Please try again.");
}

/**
 * Fastify refuses some addresses before any route (or our error handler) sees them: a malformed
 * %-escape, or a path part over the router's limit. Those answers get the API's error shape too.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalFor(error);
  if (refusal.status >= 500) request.log.error({ err: error }, "request failed before routing");
  const body: ErrorBody = { error: { code: refusal.code, message: refusal.message } };
  return reply.status(refusal.status).send(body);
}

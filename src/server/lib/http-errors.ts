import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, SERVICE_UNAVAILABLE_MESSAGE, type ErrorBody } from "../../domain/errors";
import { isDatabaseUnavailable } from "../db/client";
import { RateLimitedError } from "./rate-limiter";

/** One handler: AppErrors keep their code, validation failures name the field, 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    let error = thrown;
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      // A restart or failover: the request was fine and can be retried in a moment (never a 500).
      request.log.warn({ err: error }, "database unavailable");
      error = new AppError("SERVICE_UNAVAILABLE", SERVICE_UNAVAILABLE_MESSAGE);
    }
    if (error instanceof AppError) {
      if (error.code === "SERVICE_UNAVAILABLE") reply.header("retry-after", "5");
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      // An outside service's failure: what it said is kept for us, not sent to the client.
      if (error.status >= 500 && error.cause) request.log.error({ err: error.cause }, error.message);
      const body: ErrorBody = { error: { code: error.code, message: error.message, details: error.details } };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, "").replace(/\//g, ".");
      const where = error.validationContext ?? "request";
      const message = `Invalid ${where}${field ? ` field '${field}'` : ""}: ${first?.message ?? "bad value"}`;
      const body: ErrorBody = {
        error: {
          code: "VALIDATION_FAILED",
          message,
          details: error.validation.map((v) => ({ field: v.instancePath, message: v.message })),
        },
      };
      return reply.status(400).send(body);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      const body: ErrorBody = { error: { code: "INTERNAL", message: "Something went wrong. Please try again." } };
      return reply.status(500).send(body);
    }
    const body: ErrorBody = { error: { code: "BAD_REQUEST", message: error.message } };
    return reply.status(status).send(body);
  });
}

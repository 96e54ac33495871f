import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, SERVICE_UNAVAILABLE_MESSAGE, type ErrorBody } from "../../domain/errors";
import { isDatabaseUnavailable } from "../db/client";

/** One handler: AppErrors keep their code, validation failures name the field, 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError && error.code === "SERVICE_UNAVAILABLE") reply.header("retry-after", "5");
    if (error instanceof AppError) {
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
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", "5");
      const body: ErrorBody = { error: { code: "SERVICE_UNAVAILABLE", message: SERVICE_UNAVAILABLE_MESSAGE } };
      return reply.status(503).send(body);
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

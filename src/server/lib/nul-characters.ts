import type { FastifyRequest } from "fastify";
import { AppError } from "../../domain/errors";
import { jsonDepthExceeds, tooDeepMessage } from "./json-depth";

/**
 * Where in a parsed value a string holds U+0000 ('items.0.name'), or null when none does. Recursive:
 * call it only on a value within MAX_JSON_DEPTH (assertNoNulCharacters checks that first).
 */
export function nulCharacterPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const found = nulCharacterPath(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a value nested too deeply to walk (a 400 naming it, before any recursion), then a value with a
 * NUL character anywhere in it, naming the field like a validation failure does.
 */
export function assertNoNulCharacters(where: string, value: unknown) {
  if (jsonDepthExceeds(value)) throw new AppError("BAD_REQUEST", tooDeepMessage(where === "body" ? "request body" : `field '${where}'`));
  const path = nulCharacterPath(value);
  if (path === null) return;
  throw new AppError("VALIDATION_FAILED", `Invalid ${where}${path ? ` field '${path}'` : ""}: contains a NUL character, which is not allowed`, [
    { field: `/${path.replace(/\./g, "/")}`, message: "contains a NUL character" },
  ]);
}

/**
 * PostgreSQL text cannot hold U+0000, so a string with one fails in the database as a 500 wherever it
 * reaches a query. No field of ours has a use for it: every API request with one is refused up front.
 */
export async function refuseNulCharacters(request: FastifyRequest) {
  assertNoNulCharacters("params", request.params);
  assertNoNulCharacters("querystring", request.query);
  if (!Buffer.isBuffer(request.body)) assertNoNulCharacters("body", request.body);
}

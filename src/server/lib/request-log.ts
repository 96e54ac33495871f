import type { FastifyRequest } from "fastify";

/**
 * Query-string fields whose values never reach the request log. A form submitted before the page's
 * scripts run, or a link carrying a token, puts them in the address (issue 16); compared without case.
 */
const SECRET_FIELDS = new Set(
  ["password", "newPassword", "currentPassword", "confirmPassword", "confirmation", "otp", "code", "token", "secret", "apiKey", "api_key"].map((name) =>
    name.toLowerCase(),
  ),
);

const REDACTED = "[REDACTED]";

function fieldName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ")).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The address with each secret field's value replaced; everything else kept as the client sent it. */
export function redactQuerySecrets(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return url;
  const end = url.indexOf("#", start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const redacted = query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_FIELDS.has(fieldName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${url.slice(0, start + 1)}${redacted}${end < 0 ? "" : url.slice(end)}`;
}

/** Where log lines go instead of standard output (pino's destination: anything with write). */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's default request fields, with the address's secrets redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuerySecrets(request.url),
    version: typeof request.headers["accept-version"] === "string" ? request.headers["accept-version"] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options for buildApp: the configured level, redacted request addresses, and a stream for tests. */
export function requestLogOptions(level: string, stream?: LogStream) {
  return { level, serializers: { req: serializeRequest }, ...(stream ? { stream } : {}) };
}

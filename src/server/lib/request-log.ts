import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * Query-string fields whose values never reach the request log. A form submitted before the page's
 * scripts run, or a link carrying a token, puts them in the address (issue 16); compared without case.
 */
const SECRET_FIELDS = new Set(
  ["password", "newPassword", "currentPassword", "confirmPassword", "confirmation", "otp", "code", "token", "secret", "apiKey", "api_key", "sig", "signature"].map((name) =>
    name.toLowerCase(),
  ),
);

/**
 * Paths whose own segment is a secret (issue 33): better-auth's password-reset link carries the reset
 * token in its path, and works for anyone who reads it until it is used or expires.
 */
const SECRET_PATH_SEGMENTS = [/(\/api\/auth\/reset-password\/)[^/?#\s"'<>]+/gi];

const REDACTED = "[REDACTED]";

function fieldName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ")).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The address with each secret path segment and field value replaced; everything else kept as the client sent it. */
export function redactQuerySecrets(url: string): string {
  return redactQuery(redactPathSecrets(url));
}

function redactPathSecrets(text: string): string {
  return SECRET_PATH_SEGMENTS.reduce((redacted, pattern) => redacted.replace(pattern, `$1${REDACTED}`), text);
}

/**
 * Any text that may quote an address (an error's message or stack, a log message): secret path segments
 * and secret query fields wherever they appear in it.
 */
export function redactSecretsInText(text: string): string {
  return redactPathSecrets(text).replace(/([?&])([^=&#\s"'<>]+)=([^&#\s"'<>]*)/g, (pair, separator: string, name: string) =>
    SECRET_FIELDS.has(fieldName(name)) ? `${separator}${name}=${REDACTED}` : pair,
  );
}

function redactQuery(url: string): string {
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

/**
 * An error's fields as pino's own serializer gives them (type, message, stack, its other own fields, its
 * cause), with any address quoted in the message or stack redacted.
 */
interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: unknown, depth = 0): SerializedError {
  // pino passes on anything logged as `err` that is not an Error as it is.
  if (!(error instanceof Error)) return error as SerializedError;
  const serialized: SerializedError = { type: error.constructor.name, message: redactSecretsInText(error.message), stack: redactSecretsInText(error.stack ?? "") };
  for (const [key, value] of Object.entries(error)) if (!(key in serialized) && key !== "cause") serialized[key] = typeof value === "string" ? redactSecretsInText(value) : value;
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Every string argument of a log call (its message: Fastify logs an error's message as one) redacted. */
const logMethod = {
  logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
    method.apply(this, args.map((arg) => (typeof arg === "string" ? redactSecretsInText(arg) : arg)));
  },
};

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

/**
 * Demo mode's request lines: one readable line per request at debug (LOG_LEVEL=debug shows them), so a
 * browsing session does not scroll the start-up block away. Failed requests still log at error.
 */
class ReadableRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(`${request.method} ${redactQuerySecrets(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }

  // A visitor who leaves mid-download (a closed tab, a live stream ended) is a request's detail, not news.
  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (error.code !== "ERR_STREAM_PREMATURE_CLOSE") return super.streamError(error, request, reply, metadata);
    request.log.debug(`${request.method} ${redactQuerySecrets(request.url)}: the client closed the stream`);
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug(`no route for ${request.method} ${redactQuerySecrets(request.url)}`);
  }
}

/**
 * buildApp's logging: at the configured level, with redacted request addresses, to `stream` if given.
 * A real deployment logs JSON with Fastify's request lines at info (for log collectors); demo mode
 * logs readable lines for the person at the terminal, requests at debug.
 */
export async function loggingOptions({ level, readable, stream }: { level: string; readable: boolean; stream?: LogStream }) {
  const serializers = { req: serializeRequest, err: serializeError };
  if (!readable) return { logger: { level, serializers, hooks: logMethod, ...(stream ? { stream } : {}) } };
  // Demo mode only: a deployment's start-up never loads the pretty-printer.
  const { default: pinoPretty } = await import("pino-pretty");
  const pretty = pinoPretty({
    destination: stream ?? 1,
    // In order with what the process prints itself (the start-up block).
    sync: true,
    colorize: !stream && Boolean(process.stdout.isTTY),
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId",
  });
  return { logger: { level, serializers, hooks: logMethod, stream: pretty }, logController: new ReadableRequestLog() };
}

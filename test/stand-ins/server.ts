import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The HTTP server under every provider stand-in (CONVENTIONS rule 6): a real server on a free loopback
 * port that our real adapters and SDKs talk to through the *_API_URL / OPENAI_BASE_URL settings. Each
 * stand-in records what it was sent and answers with what the provider would answer.
 */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status: number;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as is, with `headers`. */
  body?: Buffer;
  headers?: Record<string, string>;
}

export interface StandInServer {
  /** http://127.0.0.1:{port}, without a trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startStandInServer(handle: (request: RecordedRequest) => Reply | Promise<Reply>): Promise<StandInServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request: RecordedRequest = { method: incoming.method ?? "GET", path: incoming.url ?? "/", headers: incoming.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      Promise.resolve()
        .then(() => handle(request))
        .catch((error: unknown): Reply => ({ status: 500, json: { message: `stand-in failure: ${(error as Error).message}` } }))
        .then((reply) => {
          if (reply.json !== undefined) {
            response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
            response.end(JSON.stringify(reply.json));
          } else {
            response.writeHead(reply.status, reply.headers);
            response.end(reply.body ?? "");
          }
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The request body as JSON, or undefined when it is not JSON. */
export function jsonBody(request: RecordedRequest): unknown {
  try {
    return JSON.parse(request.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Strict base64 (RFC 4648 §4), as the providers decode attachments. */
export const isBase64 = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value);

/** A practical e-mail address check (the providers reject anything without a local part, an @ and a dotted domain). */
export const isEmailAddress = (value: unknown): value is string => typeof value === "string" && /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(value);

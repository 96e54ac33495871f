import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A web-standard Request for a Fastify request (aborted when the client goes away): its body streamed,
 * or `body` when the route has already read it. Its X-Forwarded-For is the one client address Fastify
 * resolved under TRUST_PROXY, so better-auth's limits and the pages never read the header as sent.
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string, extraHeaders: Record<string, string> = {}, body?: Buffer): Request {
  const controller = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set("x-forwarded-for", request.ip);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const method = request.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (body) init.body = new Uint8Array(body);
  else if (method !== "GET" && method !== "HEAD") {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = "half";
  }
  return new Request(new URL(request.url, origin), init);
}

/** Sends a web-standard Response through Fastify, keeping every Set-Cookie header. */
export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/** Fastify's parsed request headers as web Headers (for session lookups). */
export function toHeaders(raw: FastifyRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

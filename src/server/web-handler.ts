import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Config } from "./config";
import type { Db } from "./db/client";

declare module "react-router" {
  interface AppLoadContext {
    db: Db;
    config: Config;
  }
}

export interface WebHandlerOptions {
  mode: "production" | "development";
  /** Returns the current server build (in development, re-read on every request for hot reload). */
  getBuild: () => Promise<ServerBuild>;
  context: { db: Db; config: Config };
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
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
  const method = request.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = "half";
  }
  return new Request(new URL(request.url, origin), init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
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

/**
 * Hands every path that no API or static route claimed to React Router (server rendering).
 * Registered in its own scope with a pass-through body parser so form posts reach React Router intact.
 */
export async function registerWebHandler(app: FastifyInstance, options: WebHandlerOptions) {
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));

    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      handler: async (request, reply) => {
        if (request.url === "/api" || request.url.startsWith("/api/")) {
          return reply.status(404).send({ error: { code: "NOT_FOUND", message: `No API route ${request.method} ${request.url.split("?")[0]}` } });
        }
        const build = await options.getBuild();
        let handle = handlers.get(build);
        if (!handle) handlers.set(build, (handle = createRequestHandler(build, options.mode)));
        const origin = options.context.config.publicUrl;
        const response = await handle(toWebRequest(request, reply, origin), options.context);
        return sendWebResponse(reply, response);
      },
    });
  });
}

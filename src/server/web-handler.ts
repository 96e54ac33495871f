import type { FastifyInstance } from "fastify";
import type { AppContext } from "./app-context";
import { createRequestHandler, type ServerBuild } from "react-router";
import { cacheBody } from "./lib/page-cache/cached-body";
import { classifyPageRequest, PERSONAL_CACHE_CONTROL, SHARED_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from "./lib/page-cache/public-requests";
import { keptHeaders, sendAnswer } from "./lib/page-cache/send-answer";
import { cspNonce } from "./lib/security-headers";
import { sendWebResponse, toWebRequest } from "./lib/web-bridge";

declare module "react-router" {
  /** The pages' loaders and actions get the app's one context (the public forms' posts before hydration use its e-mail; issue 16). */
  interface AppLoadContext extends AppContext {
    /** This response's Content-Security-Policy script nonce, for entry.server.tsx. */
    cspNonce: string;
    /** The TCP peer's address (never a forwarded header): who is really connected, e.g. for the dev mailbox. */
    socketAddress: string | undefined;
    /** The client's address as Fastify resolved it under TRUST_PROXY (the auth limits key on it; never a raw X-Forwarded-For). */
    clientIp: string;
    /** Render the whole document before sending (a page for the cache), not the shell first. */
    wholeDocument?: boolean;
  }
}

export interface WebHandlerOptions {
  mode: "production" | "development";
  /** Returns the current server build (in development, re-read on every request for hot reload). */
  getBuild: () => Promise<ServerBuild>;
  context: AppContext;
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
        const nonce = cspNonce(reply.raw);
        const render = (wholeDocument: boolean) =>
          handle(toWebRequest(request, reply, origin), { ...options.context, cspNonce: nonce, socketAddress: request.socket.remoteAddress, clientIp: request.ip, wholeDocument });

        const { pageCache } = options.context;
        const page = classifyPageRequest({ method: request.method, url: request.url, cookie: request.headers.cookie });
        if (page?.kind === "personal") reply.header("cache-control", PERSONAL_CACHE_CONTROL);
        if (page?.kind !== "cached" || !pageCache.enabled) {
          const response = await render(false);
          if (page?.kind === "cached" && isKeepable(response)) reply.header("cache-control", page.shared ? SHARED_CACHE_CONTROL : VISITOR_CACHE_CONTROL);
          return sendWebResponse(reply, response);
        }

        const cacheControl = page.shared ? SHARED_CACHE_CONTROL : VISITOR_CACHE_CONTROL;
        // The page is rendered with this response's nonce; later responses get their own written over it.
        const result = await pageCache.answer(page.key, async () => {
          const response = await render(true);
          if (request.method !== "GET" || !isKeepable(response)) return { own: response };
          const raw = Buffer.from(await response.arrayBuffer());
          return { keep: { status: response.status, headers: keptHeaders(response.headers), body: await cacheBody(raw, nonce) } };
        });
        if (result && "answer" in result) return sendAnswer(request, reply, result.answer, { cacheControl, vary: "Accept-Encoding, Cookie", nonce, hit: result.hit });
        // Not kept (a redirect, a 404, a cookie set): sent once, to this visitor alone.
        const response = result ? result.own : await render(false);
        return sendWebResponse(reply, response);
      },
    });
  });
}

/** A rendered page anyone may be sent again: a plain 200 HTML page that sets no cookie and no caching of its own. */
function isKeepable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    !response.headers.has("set-cookie") &&
    !response.headers.has("cache-control") &&
    (response.headers.get("content-type") ?? "").startsWith("text/html")
  );
}

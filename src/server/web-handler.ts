import type { FastifyInstance } from "fastify";
import type { AppContext } from "./app-context";
import { createRequestHandler, type ServerBuild } from "react-router";
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
        const context = { ...options.context, cspNonce: cspNonce(reply.raw), socketAddress: request.socket.remoteAddress, clientIp: request.ip };
        const response = await handle(toWebRequest(request, reply, origin), context);
        return sendWebResponse(reply, response);
      },
    });
  });
}

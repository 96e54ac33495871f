import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../domain/errors";
import type { AppContext } from "./app-context";
import { createRequestHandler, type ServerBuild } from "react-router";
import { pageRouterContext } from "./page-context";
import { cacheBody } from "./lib/page-cache/cached-body";
import { classifyPageRequest, PERSONAL_CACHE_CONTROL, SHARED_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from "./lib/page-cache/public-requests";
import { keptHeaders, sendAnswer } from "./lib/page-cache/send-answer";
import { cspNonce } from "./lib/security-headers";
import { sendWebResponse, toWebRequest } from "./lib/web-bridge";

export interface WebHandlerOptions {
  mode: "production" | "development";
  /** Returns the current server build (in development, re-read on every request for hot reload). */
  getBuild: () => Promise<ServerBuild>;
  context: AppContext;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const isApiPath = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

function notAForm(contentType: string | undefined): AppError {
  const sent = contentType?.split(";")[0]?.trim() || "a body without a content type";
  return new AppError("UNSUPPORTED_MEDIA_TYPE", `This page accepts form posts only (${FORM_TYPES.join(" or ")}), not ${sent}.`);
}

/**
 * A posted form, read once here so that no page action meets a body `request.formData()` throws on
 * (a 500 in every action, issue 33): a multipart body that does not parse is a 400, and so is a field
 * holding U+0000, which PostgreSQL text cannot store.
 */
async function checkedForm(request: FastifyRequest, body: Buffer): Promise<Buffer> {
  const contentType = request.headers["content-type"] ?? "";
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("BAD_REQUEST", `The form's body could not be read as ${contentType.split(";")[0]!.trim()}.`);
  }
  for (const [name, value] of form) {
    if (typeof value === "string" && value.includes("\u0000")) {
      throw new AppError("VALIDATION_FAILED", `Invalid form field '${name}': contains a NUL character, which is not allowed`);
    }
  }
  return body;
}

/**
 * Hands every path that no API or static route claimed to React Router (server rendering).
 * Registered in its own scope whose only body parser reads forms (what the pages' actions take); any
 * other body to a page is a 415, and an address with a NUL character a 400, before a page sees either.
 */
export async function registerWebHandler(app: FastifyInstance, options: WebHandlerOptions) {
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(FORM_TYPES, { parseAs: "buffer" }, async (request: FastifyRequest, body: Buffer) =>
      isApiPath(request.url) ? null : checkedForm(request, body),
    );
    // An unknown /api/ route keeps its 404 whatever it was sent.
    scope.addContentTypeParser("*", (request, _payload, done) => (isApiPath(request.url) ? done(null) : done(notAForm(request.headers["content-type"]))));
    scope.addHook("onRequest", async (request) => {
      // A page's loader hands its path and query to PostgreSQL, whose text cannot hold U+0000.
      if (!isApiPath(request.url) && (/%00/.test(request.url) || request.url.includes("\u0000"))) throw new AppError("BAD_REQUEST", "The address is not valid: it contains a NUL character (%00).");
    });
    scope.addHook("preHandler", async (request) => {
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      if (hasBody && !isApiPath(request.url) && !Buffer.isBuffer(request.body)) throw notAForm(request.headers["content-type"]);
    });

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
          handle(toWebRequest(request, reply, origin, {}, Buffer.isBuffer(request.body) ? request.body : undefined), pageRouterContext(build, { ...options.context, cspNonce: nonce, socketAddress: request.socket.remoteAddress, clientIp: request.ip, wholeDocument }));

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

import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { isDatabaseUnavailable } from "../server/db/client";
import { CspNonceContext } from "./lib/csp-nonce";
import { services, type RouterContextReader } from "./lib/page-context.server";
import { hydratesOnInteraction } from "./lib/hydration";
import { renderWithScriptsAfterPaint, type ScriptStart } from "./lib/scripts-after-paint.server";

/** The key the server sets each request's PageContext under (src/server/page-context.ts reads it from the build). */
export { pageContext } from "./lib/page-context.server";

export const streamTimeout = 5_000;

/** Seconds a client should wait before retrying while the database is away (as the API's 503 says). */
const RETRY_AFTER_SECONDS = "5";

/**
 * Requests whose loaders failed because the database is away. React Router hands entry.server only a
 * sanitised error, so the cause is noted here, where the original error still is.
 */
const databaseAway = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isDatabaseUnavailable(error)) {
    databaseAway.add(request);
    return;
  }
  if (!request.signal.aborted) console.error(error);
};

/**
 * When the page's scripts start (decision 039): when the visitor first reaches for them on a page whose
 * route says so, except on a `?ref=` visit, whose affiliate code only the browser keeps (and asks about).
 */
function scriptStart(routerContext: EntryContext, url: URL): ScriptStart {
  const handles = routerContext.staticHandlerContext.matches.map((match) => routerContext.routeModules[match.route.id]?.handle);
  return hydratesOnInteraction(handles) && !url.searchParams.has("ref") ? "on-interaction" : "after-paint";
}

/**
 * React Router's default Node entry, plus the response's CSP nonce (decision 010): ServerRouter hands it
 * to <Scripts>, <ScrollRestoration> and its streamed data scripts, React to its own inline scripts, and
 * CspNonceContext to ours.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextReader,
) {
  // The page shows its own load-failure message; the status tells clients and balancers to retry.
  if (responseStatusCode >= 500 && databaseAway.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", RETRY_AFTER_SECONDS);
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce, wholeDocument } = services(loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Crawlers wait for all content, so they read the whole page at once; so does the page cache (issue 21),
    // which keeps one copy for crawlers and people alike.
    const readyOption: keyof RenderToPipeableStreamOptions =
      wholeDocument || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          // The development server's module scripts (Vite's client, fast refresh) must run in order, at once.
          if (import.meta.env.PROD) renderWithScriptsAfterPaint(pipe, body, scriptStart(routerContext, new URL(request.url)));
          else pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

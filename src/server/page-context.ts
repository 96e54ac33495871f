import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { AppContext } from "./app-context";

/** What the pages' loaders and actions get (React Router 8's context): the app's one context, and this request's facts. */
export interface PageContext extends AppContext {
  /** This response's Content-Security-Policy script nonce, for entry.server.tsx. */
  cspNonce: string;
  /** The TCP peer's address (never a forwarded header): who is really connected, e.g. for the dev mailbox. */
  socketAddress: string | undefined;
  /** The client's address as Fastify resolved it under TRUST_PROXY (the auth limits key on it; never a raw X-Forwarded-For). */
  clientIp: string;
  /** Render the whole document before sending (a page for the cache), not the shell first. */
  wholeDocument?: boolean;
}

/**
 * The router context holding a request's PageContext. Its key is the one the built app's routes read
 * (`pageContext`, exported by entry.server.tsx): the server build bundles its own copy of the web
 * modules, and a key is matched by identity, so it is taken from the build rather than imported.
 */
export function pageRouterContext(build: ServerBuild, value: PageContext): RouterContextProvider {
  const key = (build.entry.module as { pageContext?: RouterContext<PageContext> }).pageContext;
  if (!key) throw new Error("The web build's entry.server does not export pageContext");
  return new RouterContextProvider(new Map([[key, value]]));
}

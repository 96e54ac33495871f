import { redirect } from "react-router";
import type { SessionUser } from "@domain";
import { getSessionUser } from "~/lib/services.server";
import { paths } from "~/paths";
import type { RouterContextReader } from "~/lib/page-context.server";

/**
 * The signed-in user for a page that needs one; anyone else is sent to /auth, which brings them back
 * here after signing in. `url` is the loader's (the page's address; `request.url` of a client navigation
 * is its `.data` request).
 */
export async function requireUser(context: RouterContextReader, request: Request, url: URL): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user) return user;
  throw redirect(`${paths.auth}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

import { redirect, type AppLoadContext } from "react-router";
import type { SessionUser } from "@domain";
import { getSessionUser } from "~/lib/services.server";
import { paths } from "~/paths";

/**
 * The signed-in user for a page that needs one; anyone else is sent to /auth, which brings them back
 * here after signing in.
 */
export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`${paths.auth}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

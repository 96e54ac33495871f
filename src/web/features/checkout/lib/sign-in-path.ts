import { paths } from "~/paths";

/** /auth with the page to come back to; slashes stay readable (/auth?redirect=/events/…). */
export function signInPath(returnTo: string): string {
  return `${paths.auth}?redirect=${encodeURIComponent(returnTo).replace(/%2F/gi, "/")}`;
}

import { cartCookieCount } from "../../../domain";

/**
 * Cache-Control of a public page or listing answer that anyone may be sent: browsers revalidate every
 * time (max-age=0, answered by a 304 while nothing changed); a CDN or proxy keeps it 5 s and may serve it
 * up to 30 s more while it fetches a fresh one. NOTIFY cannot reach a CDN, so s-maxage is the staleness
 * a shared copy may show ('Only N left' a few seconds old; checkout re-checks places under lock), and
 * during a rush 5 s still leaves one request per 5 s per CDN node reaching us.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";
/** A page drawn for one visitor's cart (the header's badge): their browser may keep it, no one else. */
export const VISITOR_CACHE_CONTROL = "private, no-cache";
/** A signed-in visitor's page: never stored anywhere. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * The pages anyone may be served the same copy of: home, the listing (any query), an event, the
 * categories, an organiser's public profile (not /profile/edit).
 */
const PUBLIC_PAGE = /^\/(?:events(?:\/[^/]+)?|categories|profile\/(?!edit$)[^/]+)?$/;

/** better-auth's cookies (session token, its cached data, "don't remember"), with or without __Secure-. */
const AUTH_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\./;

/**
 * How a GET or HEAD of a page may be cached. The pages read two cookies, both in the root loader:
 * better-auth's session (the header's user menu, and per-page bits for organisers and admins) and the
 * cart cookie (the header's badge). So:
 * - `personal`: a better-auth cookie is present (signed in, or was): never cached, `private, no-store`;
 * - a cart cookie with tickets: cached in-process under its count, but `private` on the wire;
 * - otherwise `shared`: one copy for everyone, `public` with s-maxage.
 * Null for anything else (other pages, other methods): left as the page says.
 */
export function classifyPageRequest({ method, url, cookie }: { method: string; url: string; cookie: string | undefined }):
  | { kind: "personal" }
  | { kind: "cached"; key: string; shared: boolean }
  | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!PUBLIC_PAGE.test(path)) return null;
  if (cookie && AUTH_COOKIE.test(cookie)) return { kind: "personal" };
  const cartCount = cartCookieCount(cookie);
  return { kind: "cached", key: `page ${cartCount} ${normalisedUrl(url)}`, shared: cartCount === 0 };
}

/**
 * The path and its query with the parameters sorted (by name, then value), so `?b=1&a=2` and `?a=2&b=1`
 * share an entry; every parameter is kept (a page may read any of them), encoded one way.
 */
export function normalisedUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  const params = [...new URLSearchParams(url.slice(queryAt + 1))];
  if (!params.length) return path;
  params.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 §13.1.2 asks for GET/HEAD). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/** Whether the client takes gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Whether the client takes brotli. */
export function acceptsBrotli(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "br") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

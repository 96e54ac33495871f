import type { FastifyReply, FastifyRequest } from "fastify";
import { brotliBody, gzipBody, identityBody } from "./cached-body";
import type { CachedAnswer } from "./page-cache";
import { acceptsBrotli, acceptsGzip, matchesIfNoneMatch } from "./public-requests";

/** Headers a response makes for itself and never takes from a stored answer. */
const NOT_KEPT = new Set(["set-cookie", "cache-control", "content-length", "content-encoding", "transfer-encoding", "etag", "vary", "connection"]);

export function keptHeaders(headers: Headers): [string, string][] {
  return [...headers].filter(([name]) => !NOT_KEPT.has(name));
}

/**
 * Sends a stored (or just rendered) answer: its headers, the given Cache-Control, its ETag, and a 304 when
 * the client already holds this content. `nonce` is this response's CSP nonce, written into a page's body.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  { cacheControl, vary, nonce, hit }: { cacheControl: string; vary: string; nonce: string | null; hit: boolean },
) {
  const { body } = answer;
  reply.status(answer.status);
  for (const [name, value] of answer.headers) reply.header(name, value);
  reply.header("cache-control", cacheControl).header("etag", body.etag).header("vary", vary).header("x-cache", hit ? "HIT" : "MISS");
  if (matchesIfNoneMatch(request.headers["if-none-match"], body.etag)) {
    // A 304's headers replace those the client (or a CDN) stored with its copy: a new nonce there would no
    // longer match the nonces in the body it keeps, and its scripts would be blocked.
    reply.removeHeader("content-security-policy");
    return reply.status(304).send();
  }
  const acceptEncoding = request.headers["accept-encoding"];
  let payload: Buffer;
  const brotli = acceptsBrotli(acceptEncoding) ? brotliBody(body) : null;
  if (brotli) {
    payload = brotli;
    reply.header("content-encoding", "br");
  } else if (acceptsGzip(acceptEncoding)) {
    payload = gzipBody(body, nonce ?? "");
    reply.header("content-encoding", "gzip");
  } else {
    // Compressed per response (brotli-only clients) or sent as it is, by the compression hook.
    payload = nonce === null ? body.raw : identityBody(body, nonce);
  }
  if (reply.hasHeader("content-encoding")) reply.header("content-length", payload.length);
  return reply.send(payload);
}

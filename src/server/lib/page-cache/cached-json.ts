import type { FastifyReply, FastifyRequest } from "fastify";
import { cacheBody } from "./cached-body";
import type { PageCache } from "./page-cache";
import { normalisedUrl, SHARED_CACHE_CONTROL } from "./public-requests";
import { sendAnswer } from "./send-answer";

/**
 * A public GET answer that is the same for everyone (nothing in it depends on who asks: the listing, an
 * event, the categories), kept in the page cache under its URL and served with an ETag, 304s and
 * `public` Cache-Control. `produce` is the route's own service call; its errors go to the error handler.
 */
export async function answerPublicJson<T>(request: FastifyRequest, reply: FastifyReply, cache: PageCache, produce: () => Promise<T>): Promise<T> {
  const key = `json ${normalisedUrl(request.url)}`;
  const result = cache.enabled
    ? await cache.answer(key, async () => {
        const value = await produce();
        const raw = Buffer.from(reply.serialize(value) as string);
        return { keep: { status: 200, headers: [["content-type", "application/json; charset=utf-8"]], body: await cacheBody(raw, null) } };
      })
    : null;
  if (!result || !("answer" in result)) {
    reply.header("cache-control", SHARED_CACHE_CONTROL);
    return produce();
  }
  // The reply is sent here (the stored bytes, or a 304); Fastify takes the returned reply as that.
  return sendAnswer(request, reply, result.answer, { cacheControl: SHARED_CACHE_CONTROL, vary: "Accept-Encoding", nonce: null, hit: result.hit }) as never;
}

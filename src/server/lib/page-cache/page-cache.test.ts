import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ByteLru } from "./byte-lru";
import { cacheBody, gzipBody, identityBody } from "./cached-body";
import { createPageCache } from "./page-cache";
import { acceptsGzip, classifyPageRequest, matchesIfNoneMatch, normalisedUrl } from "./public-requests";

const nonce = () => randomBytes(16).toString("base64");

describe("ByteLru", () => {
  it("evicts the least recently used entries once the bytes exceed the bound", () => {
    const lru = new ByteLru<{ bytes: number; expiresAt: number }>(100);
    lru.set("a", { bytes: 40, expiresAt: Infinity });
    lru.set("b", { bytes: 40, expiresAt: Infinity });
    lru.get("a");
    lru.set("c", { bytes: 40, expiresAt: Infinity });
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.get("c")).toBeDefined();
    expect(lru.bytes).toBe(80);
    expect(lru.set("huge", { bytes: 101, expiresAt: Infinity })).toBe(false);
    expect(lru.size).toBe(2);
  });

  it("drops an entry once its time is up", () => {
    let now = 0;
    const lru = new ByteLru<{ bytes: number; expiresAt: number }>(100, () => now);
    lru.set("a", { bytes: 10, expiresAt: 5 });
    now = 4;
    expect(lru.get("a")).toBeDefined();
    now = 5;
    expect(lru.get("a")).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });
});

describe("page keys", () => {
  it("sorts the query so the same page shares one entry, and keeps every parameter", () => {
    expect(normalisedUrl("/events?sort=date&category=music&q=jazz")).toBe("/events?category=music&q=jazz&sort=date");
    expect(normalisedUrl("/events?b=2&a=1&a=0")).toBe("/events?a=0&a=1&b=2");
    expect(normalisedUrl("/events?")).toBe("/events");
    expect(normalisedUrl("/events?q=a%20b")).toBe(normalisedUrl("/events?q=a+b"));
  });

  it("caches the public pages only, keyed on the cart's count, and never a signed-in visitor's", () => {
    const id = "0b6f6a52-52b5-4a51-9a3c-6e1f1a1f0f0a";
    expect(classifyPageRequest({ method: "GET", url: "/events?q=x", cookie: undefined })).toEqual({ kind: "cached", key: "page 0 /events?q=x", shared: true });
    for (const url of ["/", "/events", `/events/${id}`, "/categories", "/profile/sam"]) expect(classifyPageRequest({ method: "HEAD", url, cookie: undefined })?.kind).toBe("cached");
    for (const url of ["/profile/edit", "/dashboard", "/cart", "/my-tickets", "/events/x/y", "/auth"]) expect(classifyPageRequest({ method: "GET", url, cookie: undefined })).toBeNull();
    expect(classifyPageRequest({ method: "POST", url: "/events", cookie: undefined })).toBeNull();
    expect(classifyPageRequest({ method: "GET", url: "/events", cookie: "better-auth.session_token=abc.def" })).toEqual({ kind: "personal" });
    expect(classifyPageRequest({ method: "GET", url: "/events", cookie: `cart=${id}:2; __Secure-better-auth.session_token=x` })).toEqual({ kind: "personal" });
    expect(classifyPageRequest({ method: "GET", url: "/events", cookie: `theme=dark; cart=${id}:3` })).toEqual({ kind: "cached", key: "page 3 /events", shared: false });
    expect(classifyPageRequest({ method: "GET", url: "/events", cookie: "cart=rubbish" })).toEqual({ kind: "cached", key: "page 0 /events", shared: true });
  });

  it("matches If-None-Match and Accept-Encoding as HTTP says", () => {
    expect(matchesIfNoneMatch('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch("*", '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
    expect(acceptsGzip("gzip, br")).toBe(true);
    expect(acceptsGzip("br, gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
  });
});

describe("cached bodies", () => {
  const page = (n: string) => `<!DOCTYPE html><html><head><script nonce="${n}">a()</script></head><body>${"<p>Jazz in Brixton</p>".repeat(400)}<script nonce="${n}">b("${n}")</script><script nonce="${n}"></script></body></html>`;

  it("writes each response's own nonce everywhere the rendering's was, in plain and gzip form alike", async () => {
    const rendered = nonce();
    const body = await cacheBody(Buffer.from(page(rendered)), rendered);
    expect(body.nonceAt).toHaveLength(4);
    for (const fresh of [nonce(), nonce()]) {
      expect(identityBody(body, fresh).toString()).toBe(page(fresh));
      expect(gunzipSync(gzipBody(body, fresh)).toString()).toBe(page(fresh));
    }
    // Compressed pieces, not the page again: far smaller than the page.
    expect(gzipBody(body, nonce()).length).toBeLessThan(page(rendered).length / 10);
  });

  it("gives the same content the same ETag whatever its nonce, and other content another", async () => {
    const [a, b] = [nonce(), nonce()];
    expect((await cacheBody(Buffer.from(page(a)), a)).etag).toBe((await cacheBody(Buffer.from(page(b)), b)).etag);
    expect((await cacheBody(Buffer.from(page(a).replace("Brixton", "Brixtn")), a)).etag).not.toBe((await cacheBody(Buffer.from(page(a)), a)).etag);
    expect((await cacheBody(Buffer.from(page(a)), a)).etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it("keeps a body without nonces as one gzip member", async () => {
    const json = Buffer.from(JSON.stringify({ events: Array.from({ length: 50 }, (_, i) => ({ i })) }));
    const body = await cacheBody(json, null);
    expect(gunzipSync(gzipBody(body, "")).equals(json)).toBe(true);
    expect(identityBody(body, "")).toBe(json);
  });
});

describe("the page cache", () => {
  const answer = async (text: string) => ({ keep: { status: 200, headers: [] as [string, string][], body: await cacheBody(Buffer.from(text), null) } });

  it("renders once for any number of visitors asking at once, then serves the copy", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 10_000 });
    cache.setOpen(true);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer("page");
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.answer("k", render)));
    expect(renders).toBe(1);
    expect(results.filter((result) => result && "answer" in result && result.hit)).toHaveLength(9);
    expect(await cache.answer("k", render)).toMatchObject({ hit: true });
    expect(renders).toBe(1);
  });

  it("keeps nothing a rendering under way at an invalidation drew, and shares no answer it will not keep", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 10_000 });
    cache.setOpen(true);
    let release!: () => void;
    const slow = cache.answer("k", async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return answer("old");
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const waiting = cache.answer("k", async () => answer("unused"));
    cache.invalidate();
    release();
    expect(await slow).toMatchObject({ hit: false });
    // The waiter joined before the invalidation: it is told to render for itself, not handed the old page.
    expect(await waiting).toBeNull();
    expect(cache.peek("k")).toBeUndefined();
    const own = await cache.answer("k", async () => ({ own: "a redirect" }));
    expect(own).toEqual({ hit: false, own: "a redirect" });
    expect(cache.size).toBe(0);
  });

  it("keeps nothing until it is opened (this node hears the others' changes)", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 10_000 });
    await cache.answer("k", async () => answer("page"));
    expect(cache.size).toBe(0);
    cache.setOpen(true);
    await cache.answer("k", async () => answer("page"));
    expect(cache.size).toBe(1);
  });
});

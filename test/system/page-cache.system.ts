import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../app-process";
import { createTestDatabase } from "../database";
import { createEvent } from "../fixtures";
import { eventInput } from "../organiser";
import { startSmtpReceiver } from "../smtp-receiver";
import { HttpClient, PUBLIC_URL, signedInPerson, waitFor, type HttpAnswer } from "./http";

/**
 * Issue 21: the in-process cache of public pages, on two built app nodes sharing one PostgreSQL. Nothing
 * personal is ever served from it, every response has its own CSP nonce, and a change made through
 * either node reaches both nodes' cached pages within a second (NOTIFY after commit).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let nodeA: AppProcess;
let nodeB: AppProcess;
const dataDirs: string[] = [];

/** How soon a change must show on every node's cached pages: a correctness bound, not a speed measurement. */
const CHANGE_REACHES_NODES_MS = 1_000;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  const sharedSecret = randomBytes(32).toString("base64url");
  const env = () => {
    const dataDir = mkdtempSync(join(tmpdir(), "eventora-node-"));
    dataDirs.push(dataDir);
    return { DATABASE_URL: database.url, DATA_DIR: dataDir, PUBLIC_URL, AUTH_SECRET: sharedSecret, PAYMENT_PROVIDER: "local", SMTP_URL: smtp.smtpUrl, PAGE_CACHE_TTL_SECONDS: "300" };
  };
  nodeA = await startAppProcess(env());
  nodeB = await startAppProcess(env());
});

afterAll(async () => {
  await Promise.all([nodeA?.stop(), nodeB?.stop()]);
  await smtp?.stop();
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function headerNonce(answer: HttpAnswer): string {
  const nonce = /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];
  if (!nonce) throw new Error("no script nonce in the CSP header");
  return nonce;
}

function bodyNonces(answer: HttpAnswer): string[] {
  return [...answer.text.matchAll(/\snonce="([^"]*)"/g)].map((match) => match[1]!);
}

/** Loads a page until this node answers it from its cache (the first load fills it). */
async function cachedPage(node: AppProcess, path: string, client = new HttpClient()): Promise<HttpAnswer> {
  return waitFor(
    async () => {
      const answer = await client.get(node, path);
      expect(answer.status).toBe(200);
      return answer.headers.get("x-cache") === "HIT" ? answer : undefined;
    },
    { timeoutMs: 10_000, what: `${path} from the cache` },
  );
}

/** Polls `path` on a node until `seen` holds, failing after the deadline that began at `since`. */
async function showsWithin(node: AppProcess, path: string, seen: (html: string) => boolean, since: number, what: string) {
  for (;;) {
    const answer = await new HttpClient().get(node, path);
    if (seen(answer.text)) return;
    if (Date.now() - since > CHANGE_REACHES_NODES_MS) throw new Error(`${what} did not reach ${node.baseUrl}${path} within ${CHANGE_REACHES_NODES_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("cached public pages never carry one visitor's things to another", () => {
  it("a signed-in visitor's pages are private and never cached; a signed-out visitor then gets none of theirs", async () => {
    const signedIn = await signedInPerson(database.db, nodeA);
    for (const path of ["/", "/events", "/categories"]) {
      const own = await signedIn.client.get(nodeA, path);
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      expect(own.headers.get("x-cache")).toBeNull();
      expect(own.text.includes(signedIn.account.email), signedIn.account.email).toBe(true);

      const anonymous = await cachedPage(nodeA, path);
      expect(anonymous.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
      expect(anonymous.headers.get("vary")).toContain("Cookie");
      expect(anonymous.text.includes(signedIn.account.email), "not " + signedIn.account.email).toBe(false);
      expect(anonymous.text.includes(signedIn.account.id), "not " + signedIn.account.id).toBe(false);
      expect(anonymous.text.includes(">Sign In</a>"), "the signed-out header").toBe(true);
      // Signed in again after the page was cached: still their own page, not the cached one.
      const again = await signedIn.client.get(nodeA, path);
      expect(again.headers.get("x-cache")).toBeNull();
      expect(again.text.includes(signedIn.account.email), signedIn.account.email).toBe(true);
    }
  });

  it("two visitors with different carts each see their own count, served from the cache", async () => {
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    const two = new HttpClient();
    two.cookies.set("cart", `${first}:2`);
    const five = new HttpClient();
    five.cookies.set("cart", `${first}:3,${second}:2`);
    for (const round of [1, 2]) {
      const [a, b, none] = await Promise.all([two.get(nodeB, "/events"), five.get(nodeB, "/events"), new HttpClient().get(nodeB, "/events")]);
      expect(a.text.includes('aria-label="Cart, 2 items"'), `round ${round}: the first visitor's count`).toBe(true);
      expect(b.text.includes('aria-label="Cart, 5 items"'), 'aria-label="Cart, 5 items"').toBe(true);
      expect(none.text.includes('aria-label="Cart, 0 items"'), 'aria-label="Cart, 0 items"').toBe(true);
      // A page drawn for one cart is that browser's alone.
      expect(a.headers.get("cache-control")).toBe("private, no-cache");
      expect(b.headers.get("cache-control")).toBe("private, no-cache");
    }
    expect((await cachedPage(nodeB, "/events", two)).text.includes('aria-label="Cart, 2 items"')).toBe(true);
  });

  it("every response of a cached page has its own script nonce, the same in its header and all through its body", async () => {
    const first = await cachedPage(nodeA, "/events");
    const second = await cachedPage(nodeA, "/events");
    expect(headerNonce(first)).not.toBe(headerNonce(second));
    for (const answer of [first, second]) {
      const nonces = bodyNonces(answer);
      expect(nonces.length).toBeGreaterThan(0);
      expect(new Set(nonces)).toEqual(new Set([headerNonce(answer)]));
    }
  });
});

describe("ETags", () => {
  it("answer 304 while the page is unchanged, without a CSP header to replace the kept copy's, and a new ETag once it changes", async () => {
    const organiser = await signedInPerson(database.db, nodeA);
    const event = await createEvent(database.db, { userId: organiser.account.id, title: "ETag Evening", pricePence: 1000, maxAttendees: 30 });
    // The fixtures' own change notices may still drop the first copy (a page drawn again carries its new
    // render time, so a new ETag): revalidate a copy the node has kept.
    const { etag, revalidated } = await waitFor(
      async () => {
        const etag = (await cachedPage(nodeA, `/events/${event.id}`)).headers.get("etag")!;
        const revalidated = await fetch(`${nodeA.baseUrl}/events/${event.id}`, { headers: { "if-none-match": etag } });
        return revalidated.status === 304 ? { etag, revalidated } : undefined;
      },
      { timeoutMs: 10_000, what: "a 304 for the kept page" },
    );
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    const head = await fetch(`${nodeA.baseUrl}/events/${event.id}`, { method: "HEAD", headers: { "if-none-match": etag } });
    expect(head.status).toBe(304);

    const edited = await organiser.client.request(nodeA, "PATCH", `/api/events/${event.id}`, eventInput({ title: "ETag Evening, Encore", pricePence: 1000, maxAttendees: 30 }));
    expect(edited.status).toBe(200);
    const changed = await fetch(`${nodeA.baseUrl}/events/${event.id}`, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await changed.text()).includes("ETag Evening, Encore")).toBe(true);
  });
});

describe("a change reaches the cached pages of both nodes within a second", () => {
  it("an event's edit, a sale that changes 'Only N left', and its organiser's new name", async () => {
    const organiser = await signedInPerson(database.db, nodeA);
    const username = `quartz_${randomBytes(3).toString("hex")}`;
    const named = await organiser.client.request(nodeA, "PUT", "/api/me/profile", { username, displayName: "Quartz Promotions" });
    expect(named.status).toBe(200);
    const event = await createEvent(database.db, { userId: organiser.account.id, title: "Cached Jazz Night", pricePence: 1500, maxAttendees: 10, category: "music" });
    const eventPage = `/events/${event.id}`;
    const listing = "/events?q=Jazz";
    const warm = async () => {
      for (const node of [nodeA, nodeB]) for (const path of [eventPage, listing]) await cachedPage(node, path);
    };

    await warm();
    const before = await new HttpClient().get(nodeB, eventPage);
    expect(before.text.includes("Cached Jazz Night"), "Cached Jazz Night").toBe(true);
    expect(before.text.includes("Only 10 left"), "Only 10 left").toBe(true);
    expect(before.text.includes("Quartz Promotions"), "Quartz Promotions").toBe(true);
    const edit = await organiser.client.request(nodeA, "PATCH", `/api/events/${event.id}`, eventInput({ title: "Cached Jazz Night, Upstairs", category: "music", pricePence: 1500, maxAttendees: 10 }));
    expect(edit.status).toBe(200);
    let since = Date.now();
    for (const node of [nodeA, nodeB]) {
      await showsWithin(node, eventPage, (html) => html.includes("Cached Jazz Night, Upstairs"), since, "the new title");
      await showsWithin(node, listing, (html) => html.includes("Cached Jazz Night, Upstairs"), since, "the new title");
    }

    await warm();
    const buyer = await signedInPerson(database.db, nodeB);
    const hold = await buyer.client.post(nodeB, "/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 3 });
    expect(hold.status).toBe(200);
    since = Date.now();
    for (const node of [nodeA, nodeB]) {
      await showsWithin(node, eventPage, (html) => html.includes("Only 7 left"), since, "the places the checkout holds");
      await showsWithin(node, listing, (html) => html.includes("Only 7 left"), since, "the places the checkout holds");
    }
    const { sessionId } = hold.body as { sessionId: string };
    expect((await buyer.client.post(nodeB, `/api/checkout/test/${sessionId}/pay`)).status).toBe(200);

    await warm();
    const renamed = await organiser.client.request(nodeB, "PUT", "/api/me/profile", { username, displayName: "Quartz Live" });
    expect(renamed.status).toBe(200);
    since = Date.now();
    for (const node of [nodeA, nodeB]) await showsWithin(node, eventPage, (html) => html.includes("Quartz Live") && !html.includes("Quartz Promotions"), since, "the organiser's new name");
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_JOB_TIMINGS, type TestApp } from "../../../../test/app";
import { signedIn } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { eventInput } from "../../../../test/organiser";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { openPostgres, type Database } from "../../db/client";
import { NOTIFY_COALESCE_MS, publicMemoOf } from "./invalidation";

/**
 * Issue 21: the listing API's answers are kept and shared (the same for everyone), revalidated by ETag,
 * and a change made on one node reaches the other node's kept answers within a second (NOTIFY after
 * commit). Two app nodes in this process on one PostgreSQL database.
 */
const CHANGE_REACHES_NODES_MS = 1_000;

let nodeA: TestApp;
let nodeB: FastifyInstance;
let databaseB: Database;
let dataDirB: string;

beforeAll(async () => {
  nodeA = await createTestApp({ PAGE_CACHE_TTL_SECONDS: "300" });
  dataDirB = mkdtempSync(join(tmpdir(), "eventora-data-"));
  databaseB = await openPostgres(nodeA.database.url!, 3);
  nodeB = await buildApp({
    config: loadConfig({ NODE_ENV: "test", DATABASE_URL: nodeA.database.url, DATA_DIR: dataDirB, LOG_LEVEL: "silent", TRUST_PROXY: "loopback", PAGE_CACHE_TTL_SECONDS: "300" }),
    database: databaseB,
    web: "none",
    workers: false,
    jobTimings: TEST_JOB_TIMINGS,
  });
  await nodeB.ready();
});

afterAll(async () => {
  await nodeB?.close();
  await databaseB?.close();
  rmSync(dataDirB, { recursive: true, force: true });
  await nodeA?.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, br", ...headers } });

/** Asks until the node answers from its cache (the first ask fills it; a node keeps nothing until it LISTENs). */
async function kept(app: FastifyInstance, url: string) {
  for (let tries = 0; ; tries++) {
    const answer = await get(app, url, { "accept-encoding": "identity" });
    expect(answer.statusCode).toBe(200);
    if (answer.headers["x-cache"] === "HIT") return answer;
    if (tries > 50) throw new Error(`${url} was never kept`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function within(app: FastifyInstance, url: string, seen: (body: unknown) => boolean, since: number, what: string) {
  for (;;) {
    const answer = await get(app, url, { "accept-encoding": "identity" });
    if (seen(answer.json())) return;
    if (Date.now() - since > CHANGE_REACHES_NODES_MS) throw new Error(`${what} did not reach ${url} within ${CHANGE_REACHES_NODES_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the listing API's kept answers", () => {
  it("are public, carry a strong ETag, answer 304 while unchanged, and come compressed from the cache", async () => {
    const organiser = await signedIn(nodeA);
    await createEvent(nodeA.db, { userId: organiser.account.id, title: "Kept Answer Ceilidh" });
    const url = `/api/events?organiser=${organiser.account.username}`;
    const first = await kept(nodeB, url);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.json().events.map((event: { title: string }) => event.title)).toEqual(["Kept Answer Ceilidh"]);
    const same = await get(nodeB, url, { "if-none-match": String(first.headers.etag) });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    const brotli = await get(nodeB, url);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.etag).toBe(first.headers.etag);
    // The order of the query does not make another entry.
    const reordered = await get(nodeB, `/api/events?pageSize=20&organiser=${organiser.account.username}`);
    const ordered = await get(nodeB, `/api/events?organiser=${organiser.account.username}&pageSize=20`);
    expect(ordered.headers["x-cache"]).toBe("HIT");
    expect(ordered.headers.etag).toBe(reordered.headers.etag);
  });

  it("an edit, a sale and an organiser's new name made on one node reach both nodes' kept answers within a second", async () => {
    const organiser = await signedIn(nodeA);
    const event = await createEvent(nodeA.db, { userId: organiser.account.id, title: "Two Node Reel", pricePence: 1500, maxAttendees: 12, category: "music" });
    const listing = `/api/events?organiser=${organiser.account.username}`;
    const one = `/api/events/${event.id}`;
    const warm = async () => {
      for (const app of [nodeA.app, nodeB]) for (const url of [listing, one]) await kept(app, url);
    };

    await warm();
    const etagBefore = (await get(nodeB, listing)).headers.etag;
    const edited = await organiser.c.request("PATCH", one, eventInput({ title: "Two Node Reel, Second Set", category: "music", pricePence: 1500, maxAttendees: 12 }));
    expect(edited.statusCode).toBe(200);
    let since = Date.now();
    for (const app of [nodeA.app, nodeB]) {
      await within(app, listing, (body) => (body as { events: { title: string }[] }).events[0]?.title === "Two Node Reel, Second Set", since, "the new title");
      await within(app, one, (body) => (body as { title: string }).title === "Two Node Reel, Second Set", since, "the new title");
    }
    expect((await get(nodeB, listing)).headers.etag).not.toBe(etagBefore);

    await warm();
    const buyer = await signedIn(nodeA);
    const hold = await buyer.c.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 3 });
    expect(hold.statusCode).toBe(200);
    since = Date.now();
    for (const app of [nodeA.app, nodeB]) {
      await within(app, one, (body) => (body as { remaining: number }).remaining === 9, since, "the places held");
      await within(app, listing, (body) => (body as { events: { remaining: number }[] }).events[0]?.remaining === 9, since, "the places held");
    }

    await warm();
    const renamed = await organiser.c.request("PUT", "/api/me/profile", { username: organiser.account.username, displayName: "Reel Folk Collective" });
    expect(renamed.statusCode).toBe(200);
    since = Date.now();
    for (const app of [nodeA.app, nodeB]) {
      await within(app, listing, (body) => (body as { events: { organiser: { displayName: string } | null }[] }).events[0]?.organiser?.displayName === "Reel Folk Collective", since, "the new name");
    }
  });

  it("a sale drops both nodes' pages but keeps their listing figures (which events are listed did not change); an edit drops both", async () => {
    const organiser = await signedIn(nodeA);
    const event = await createEvent(nodeA.db, { userId: organiser.account.id, title: "Figures Through A Rush", pricePence: 1500, maxAttendees: 20, category: "music" });
    const listing = `/api/events?organiser=${organiser.account.username}`;
    const memos = [publicMemoOf(nodeA.db), publicMemoOf(databaseB.db)];
    const buyer = await signedIn(nodeA);
    // The setup's own changes (the event, the buyer's profile) reach node B within NOTIFY's window: let them land.
    await new Promise((resolve) => setTimeout(resolve, 3 * NOTIFY_COALESCE_MS));
    for (const app of [nodeA.app, nodeB]) await kept(app, listing);
    const generations = () => memos.map((memo) => memo.generation);
    const before = generations();

    expect((await buyer.c.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 })).statusCode).toBe(200);
    let since = Date.now();
    for (const app of [nodeA.app, nodeB]) await within(app, listing, (body) => (body as { events: { remaining: number }[] }).events[0]?.remaining === 18, since, "the sale");
    expect(generations()).toEqual(before);

    const edited = await organiser.c.request("PATCH", `/api/events/${event.id}`, eventInput({ title: "Figures Through A Rush, Late Show", category: "music", pricePence: 1500, maxAttendees: 20, dateTime: event.dateTime.toISOString(), endTime: null }));
    expect(edited.statusCode).toBe(200);
    since = Date.now();
    for (const [i, memo] of memos.entries()) {
      while (memo.generation === before[i]) {
        if (Date.now() - since > CHANGE_REACHES_NODES_MS) throw new Error(`node ${i} kept its figures after an edit`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });

  it("keeps a filter's figures for its every page and sort, and a new event made on one node reaches both nodes' figures within a second", async () => {
    const organiser = await signedIn(nodeA);
    await createEvent(nodeA.db, { userId: organiser.account.id, title: "Figures Kept Fiddle Night", location: "Hexham", category: "music" });
    const filter = `organiser=${organiser.account.username}`;
    const figuresOf = (body: unknown) => (body as { stats: { events: number; locations: number; categories: number } }).stats;
    // Each URL is its own page-cache entry, so only the kept figures are shared between them.
    for (const app of [nodeA.app, nodeB]) {
      for (const sort of ["date", "title", "price-low"]) {
        const answer = await get(app, `/api/events?${filter}&sort=${sort}`, { "accept-encoding": "identity" });
        expect(figuresOf(answer.json())).toEqual({ events: 1, locations: 1, categories: 1 });
      }
    }

    const made = await organiser.c.post("/api/events", eventInput({ title: "Figures Kept Barn Dance", location: "Alnwick", category: "comedy" }));
    expect(made.statusCode).toBe(201);
    const since = Date.now();
    let serial = 0;
    for (const app of [nodeA.app, nodeB]) {
      for (;;) {
        // A URL not asked before each time (a later page), so no kept page answers it: only the kept figures could.
        serial += 1;
        const answer = await get(app, `/api/events?${filter}&page=${serial + 1}`, { "accept-encoding": "identity" });
        if (JSON.stringify(figuresOf(answer.json())) === JSON.stringify({ events: 2, locations: 2, categories: 2 })) break;
        if (Date.now() - since > CHANGE_REACHES_NODES_MS) throw new Error(`the new event did not reach the figures within ${CHANGE_REACHES_NODES_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
});

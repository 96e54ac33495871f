import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { AuthClient, TEST_PASSWORD, signedIn as signedInTo } from "../../../../test/auth-client";
import { createBooking, createEvent, createUser } from "../../../../test/fixtures";
import { buildApp } from "../../app";
import { sessions } from "../../db/schema";
import { createSessionCache, SESSION_CACHE_TTL_MS } from "./session-cache";

/**
 * The actor cache (issue 21): a session is trusted for SESSION_CACHE_TTL_MS per node, and every way a
 * session ends or an account's standing changes counts at once on its node and within the TTL on every
 * other node of the same database.
 */
const t = setUpTestApp();
let other: FastifyInstance;

beforeAll(async () => {
  // A second node on the same database, as behind a load balancer.
  other = await buildApp({ config: t.config, database: t.database, web: "none", workers: false });
  await other.ready();
});
afterAll(async () => other.close());

const signedIn = (options?: Parameters<typeof signedInTo>[1]) => signedInTo(t, options);
/** The same browser (its cookies) speaking to the other node. */
const onOtherNode = (c: AuthClient) => {
  const there = new AuthClient(other, c.origin, c.ip);
  there.cookies = new Map(c.cookies);
  return there;
};
const check = (c: AuthClient, ticketId: string) => c.post("/api/functions/check-ticket", { ticketId });
const NOT_YOURS = "This ticket is for an event you do not manage.";

/** The window a change may take to reach a node that has the session cached: the TTL, and a second for a busy machine. */
const WINDOW_MS = SESSION_CACHE_TTL_MS + 1_000;
async function within(deadline: number, answered: () => Promise<boolean>) {
  while (!(await answered())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

async function ticketOfAnotherOrganiser() {
  const event = await createEvent(t.db, { userId: (await createUser(t.db)).id });
  return (await createBooking(t.db, { eventId: event.id, quantity: 1 })).ticketCode;
}

describe("the per-session actor cache", () => {
  it.each([
    ["a signed-out session", "/api/auth/sign-out"],
    ["sessions revoked through better-auth", "/api/auth/revoke-sessions"],
  ])("refuses %s at once on its node and within the window on another", async (_what, endpoint) => {
    const { c } = await signedIn();
    const there = onOtherNode(c);
    const ticket = await ticketOfAnotherOrganiser();
    expect((await check(c, ticket)).statusCode).toBe(200);
    expect((await check(there, ticket)).statusCode).toBe(200);
    const cookies = new Map(c.cookies);

    expect((await c.post(endpoint)).statusCode).toBe(200);
    const endedAt = Date.now();
    c.cookies = cookies;
    expect((await check(c, ticket)).statusCode).toBe(401);
    expect(await within(endedAt + WINDOW_MS, async () => (await check(there, ticket)).statusCode === 401)).toBe(true);
    expect((await check(c, ticket)).statusCode).toBe(401);
  });

  it("ends a session deleted behind every node's back within the TTL (no notice at all)", async () => {
    const { account, c } = await signedIn();
    const there = onOtherNode(c);
    const ticket = await ticketOfAnotherOrganiser();
    expect((await check(c, ticket)).statusCode).toBe(200);
    expect((await check(there, ticket)).statusCode).toBe(200);

    await t.db.delete(sessions).where(eq(sessions.userId, account.id));
    const deadline = Date.now() + WINDOW_MS;
    expect(await within(deadline, async () => (await check(c, ticket)).statusCode === 401)).toBe(true);
    expect(await within(deadline, async () => (await check(there, ticket)).statusCode === 401)).toBe(true);
  });

  it("takes the admin standing away within the window on every node when `npm run admin -- revoke` runs", async () => {
    const { account, c } = await signedIn({ password: TEST_PASSWORD, role: "admin" });
    const there = onOtherNode(c);
    const ticket = await ticketOfAnotherOrganiser();
    // An admin manages every event: another organiser's ticket is theirs to check.
    expect((await check(c, ticket)).json()).toMatchObject({ valid: true, ticketId: ticket });
    expect((await check(there, ticket)).json()).toMatchObject({ valid: true, ticketId: ticket });

    await promisify(execFile)(process.execPath, ["--import", "tsx", "src/server/admin-cli.ts", "revoke", account.email], {
      env: { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: t.config.DATA_DIR, NODE_ENV: "test" },
    });
    const deadline = Date.now() + WINDOW_MS;
    for (const node of [c, there]) expect(await within(deadline, async () => (await check(node, ticket)).json().error === NOT_YOURS)).toBe(true);
  });

  it("never answers one session with another's actor", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const ticketOf = async (userId: string) => (await createBooking(t.db, { eventId: (await createEvent(t.db, { userId })).id, quantity: 1 })).ticketCode;
    const firstTicket = await ticketOf(first.account.id);
    const secondTicket = await ticketOf(second.account.id);
    for (let round = 0; round < 3; round++) {
      expect((await check(first.c, firstTicket)).json()).toMatchObject({ valid: true });
      expect((await check(second.c, firstTicket)).json()).toMatchObject({ valid: false, error: NOT_YOURS });
      expect((await check(second.c, secondTicket)).json()).toMatchObject({ valid: true });
      expect((await check(first.c, secondTicket)).json()).toMatchObject({ valid: false, error: NOT_YOURS });
    }
    // The cached token with someone else's (or no valid) signature is no session at all.
    const [name, value] = [...first.c.cookies].find(([cookie]) => cookie.endsWith("session_token"))!;
    const [token] = decodeURIComponent(value).split(".");
    const forged = new AuthClient(t.app, first.c.origin, first.c.ip);
    forged.cookies.set(name, encodeURIComponent(`${token}.${"A".repeat(43)}=`));
    expect((await check(forged, firstTicket)).statusCode).toBe(401);
    forged.cookies.set(name, encodeURIComponent(token!));
    expect((await check(forged, firstTicket)).statusCode).toBe(401);
  });
});

describe("the cache's own bounds", () => {
  const session = (id: string) => ({ id, role: "user", emailVerified: true, signedInAt: new Date() });

  it("keeps at most its size, dropping the oldest first", () => {
    const cache = createSessionCache({ db: t.db, maxEntries: 2 });
    for (const token of ["a", "b", "c"]) cache.set(token, session(`user_${token}`), cache.generation(), Date.now() + 60_000);
    expect(cache.get("a")).toBeNull();
    expect(cache.get("b")?.id).toBe("user_b");
    expect(cache.get("c")?.id).toBe("user_c");
  });

  it("never keeps a session past its own end, nor a read that raced a change of its account", async () => {
    const cache = createSessionCache({ db: t.db });
    cache.set("ended", session("user_a"), cache.generation(), Date.now() - 1);
    expect(cache.get("ended")).toBeNull();

    const readStarted = cache.generation();
    await cache.accountChanged("user_someone");
    cache.set("raced", session("user_b"), readStarted, Date.now() + 60_000);
    expect(cache.get("raced")).toBeNull();

    cache.set("kept", session("user_c"), cache.generation(), Date.now() + 60_000);
    await cache.accountChanged("user_c");
    expect(cache.get("kept")).toBeNull();
  });
});

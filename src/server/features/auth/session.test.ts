import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { type AuthClient, signedIn as signedInTo } from "../../../../test/auth-client";
import { sessions } from "../../db/schema";

const t = setUpTestApp();

/** check-ticket reads the account with its session in one query (requireActor): 401 unless signed in. */
const scan = (c: AuthClient) => c.post("/api/functions/check-ticket", { ticketId: "TCKT-2026-00000000" });

const signedIn = () => signedInTo(t);

describe("the one-query session read (pages, admin rule, check-in)", () => {
  it("accepts a live session and refuses a revoked one at once", async () => {
    const { account, c } = await signedIn();
    expect((await scan(c)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, account.id));
    // What every path that ends a session does (session-cache.ts): this node forgets it at once.
    await t.app.session.accountChanged(account.id);
    expect((await scan(c)).statusCode).toBe(401);
  });

  it("refuses a session token whose signature does not match", async () => {
    const { c } = await signedIn();
    const [name, value] = [...c.cookies].find(([cookie]) => cookie.endsWith("session_token"))!;
    const [token] = decodeURIComponent(value).split(".");
    c.cookies.set(name, encodeURIComponent(`${token}.${"A".repeat(43)}=`));
    expect((await scan(c)).statusCode).toBe(401);
  });

  it("refuses an expired session and lets better-auth extend one due for refresh", async () => {
    const expired = await signedIn();
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.userId, expired.account.id));
    expect((await scan(expired.c)).statusCode).toBe(401);

    const due = await signedIn();
    await t.db.update(sessions).set({ expiresAt: sql`now() + interval '1 day'` }).where(eq(sessions.userId, due.account.id));
    expect((await scan(due.c)).statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, due.account.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });
});

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { TEST_PASSWORD, newClient, signedIn as signedInTo } from "../../../../test/auth-client";
import { createAccount, createBooking, createEvent, createUser } from "../../../../test/fixtures";
import { sessions, users } from "../../db/schema";

const t = setUpTestApp();
const client = () => newClient(t);
const signedIn = (options?: Parameters<typeof signedInTo>[1]) => signedInTo(t, options);

describe("admin access (spec §6 Admin, decisions D10)", () => {
  it("is granted to a confirmed admin who signed in within 24 hours", async () => {
    const { c } = await signedIn({ password: TEST_PASSWORD, role: "admin" });
    expect((await c.get("/api/me")).json().user.isAdmin).toBe(true);
    const response = await c.get("/api/admin/organisers");
    expect(response.statusCode).toBe(200);
    expect(response.json().organisers.length).toBeGreaterThan(0);
  });

  it("is denied when the session's sign-in is more than 24 hours old", async () => {
    const { account, c } = await signedIn({ password: TEST_PASSWORD, role: "admin" });
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(sessions.userId, account.id));
    const response = await c.get("/api/admin/organisers");
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toContain("24 hours");
    expect((await c.get("/api/me")).json().user.isAdmin).toBe(false);
  });

  it("is not given back to an old session when the admin signs in elsewhere (the session's own sign-in counts)", async () => {
    const { account, c: old } = await signedIn({ password: TEST_PASSWORD, role: "admin" });
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(sessions.userId, account.id));
    await t.db.update(users).set({ lastSignInAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(users.id, account.id));
    const fresh = client();
    expect((await fresh.post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    expect((await fresh.get("/api/admin/organisers")).statusCode).toBe(200);
    expect((await fresh.get("/api/me")).json().user.isAdmin).toBe(true);
    const stale = await old.get("/api/admin/organisers");
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.message).toContain("24 hours");
    expect((await old.get("/api/me")).json().user.isAdmin).toBe(false);
    // Nor as an actor (requireActor): another organiser's ticket is found only through the fresh session.
    const event = await createEvent(t.db, { userId: (await createUser(t.db)).id });
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 1 });
    expect((await fresh.get(`/api/tickets/lookup?identifier=${booking.ticketCode}`)).statusCode).toBe(200);
    expect((await old.get(`/api/tickets/lookup?identifier=${booking.ticketCode}`)).statusCode).toBe(404);
  });

  it("is denied when the admin's e-mail is not confirmed", async () => {
    const { account, c } = await signedIn({ password: TEST_PASSWORD, role: "admin" });
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, account.id));
    const response = await c.get("/api/admin/organisers");
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("ADMIN_REQUIRED");
  });

  it("is denied to other users and to visitors", async () => {
    const { c } = await signedIn();
    expect((await c.get("/api/admin/organisers")).statusCode).toBe(403);
    expect((await client().get("/api/admin/organisers")).statusCode).toBe(401);
  });

  it("is granted and revoked with `npm run admin`", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD });
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "src/server/admin-cli.ts", ...args], {
        env: { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: t.config.DATA_DIR, NODE_ENV: "test" },
      });
    expect((await run("grant", account.email.toUpperCase())).stdout).toContain("is now an admin");
    const [granted] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, account.id));
    expect(granted!.role).toBe("admin");
    expect((await run("revoke", account.email)).stdout).toContain("is no longer an admin");
    const [revoked] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, account.id));
    expect(revoked!.role).toBe("user");
    await expect(run("grant", "nobody@example.com")).rejects.toMatchObject({ code: 1 });
  });
});

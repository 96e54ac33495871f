import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../test/app";
import { AuthClient, TEST_PASSWORD } from "../../../../test/auth-client";
import { createAccount, createBooking, createEvent, createUser } from "../../../../test/fixtures";
import { outboxMessages, profiles, sessions, users } from "../../db/schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
let ipCounter = 0;
const client = () => new AuthClient(t.app, t.config.publicUrl, `198.51.100.${++ipCounter}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signedIn(options: Parameters<typeof createAccount>[1] = { password: TEST_PASSWORD }) {
  const account = await createAccount(t.db, options);
  const c = client();
  const response = await c.post("/api/auth/sign-in/email", { email: account.email, password: options.password });
  expect(response.statusCode).toBe(200);
  return { account, c };
}

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = "----eventora-test-boundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(c: AuthClient, filename: string, contentType: string, bytes: Buffer) {
  const body = multipart(filename, contentType, bytes);
  return t.app.inject({
    method: "POST",
    url: "/api/me/avatar",
    headers: { origin: c.origin, cookie: c.cookieHeader, "content-type": body.contentType },
    payload: body.payload,
  });
}

describe("own profile (spec §5 Profile edit)", () => {
  it("needs a signed-in user", async () => {
    expect((await client().get("/api/me/profile")).statusCode).toBe(401);
    expect((await client().request("PUT", "/api/me/profile", { username: "someone" })).statusCode).toBe(401);
    expect((await client().get("/api/me")).statusCode).toBe(401);
  });

  it("saves every field, and empty ones as null", async () => {
    const { account, c } = await signedIn();
    const saved = await c.request("PUT", "/api/me/profile", {
      username: "Harbour_Jo",
      displayName: "  Jo Harbour ",
      bio: "",
      location: "Leeds",
      website: "https://jo.example",
      avatarUrl: "",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ username: "Harbour_Jo", displayName: "Jo Harbour", bio: null, location: "Leeds", website: "https://jo.example", avatarUrl: null });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(row).toMatchObject({ bio: null, avatarUrl: null, username: "Harbour_Jo" });
    expect((await c.get("/api/me/profile")).json().username).toBe("Harbour_Jo");
    expect((await c.get("/api/profiles/harbour_jo")).json()).toMatchObject({ username: "Harbour_Jo", displayName: "Jo Harbour" });

    const cleared = await c.request("PUT", "/api/me/profile", { username: "", displayName: null });
    expect(cleared.json()).toMatchObject({ username: null, displayName: null, location: null });
  });

  it("refuses a username with anything but letters, numbers and underscores", async () => {
    const { c } = await signedIn();
    for (const username of ["jo harbour", "jo-harbour", "<script>", "jo.h"]) {
      const response = await c.request("PUT", "/api/me/profile", { username });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: "INVALID_USERNAME", message: "Username can only contain letters, numbers, and underscores" });
    }
  });

  it("refuses a username another user has, in any letter case, but keeps your own", async () => {
    const { c: first } = await signedIn();
    expect((await first.request("PUT", "/api/me/profile", { username: "taken_name" })).statusCode).toBe(200);
    expect((await first.request("PUT", "/api/me/profile", { username: "taken_name", bio: "still me" })).statusCode).toBe(200);
    const { c: second } = await signedIn();
    const response = await second.request("PUT", "/api/me/profile", { username: "TAKEN_NAME" });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: "USERNAME_TAKEN", message: "This username is already in use" });
  });

  it("lets only one of two simultaneous claims to a username win", async () => {
    const claimants = await Promise.all([signedIn(), signedIn(), signedIn(), signedIn()]);
    const results = await Promise.all(claimants.map(({ c }) => c.request("PUT", "/api/me/profile", { username: "race_winner" })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await t.db.select().from(profiles).where(eq(profiles.username, "race_winner"))).toHaveLength(1);
  });

  it("accepts only http(s) web addresses", async () => {
    const { c } = await signedIn();
    const response = await c.request("PUT", "/api/me/profile", { website: "javascript:alert(1)" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
    expect(response.json().error.message).toContain("website");
  });

  it("refuses a change posted from another site", async () => {
    const { account, c } = await signedIn();
    const forged = await c.request("PUT", "/api/me/profile", { username: "hijacked" }, { origin: "https://evil.example" });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe("INVALID_ORIGIN");
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(row!.username).not.toBe("hijacked");
  });
});

describe("avatar upload", () => {
  it("re-encodes a PNG to a 256 px WebP served from /media", async () => {
    const { c } = await signedIn();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#5418d6" } }).png().toBuffer();
    const response = await upload(c, "me.png", "image/png", png);
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json();
    expect(avatarUrl).toMatch(/^\/media\/avatars\/.+\.webp\?v=\d+$/);
    const served = await t.app.inject({ method: "GET", url: avatarUrl.split("?")[0] });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect((await c.request("PUT", "/api/me/profile", { avatarUrl })).json().avatarUrl).toBe(avatarUrl);
  });

  it("decides the type from the bytes: SVG and renamed files are refused", async () => {
    const { c } = await signedIn();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const svgResponse = await upload(c, "me.svg", "image/svg+xml", svg);
    expect(svgResponse.statusCode).toBe(415);
    expect(svgResponse.json().error.code).toBe("UNSUPPORTED_IMAGE");
    const renamed = await upload(c, "photo.jpg", "image/jpeg", Buffer.from("%PDF-1.7 definitely not a photo"));
    expect(renamed.statusCode).toBe(415);
  });

  it("refuses files over 5 MB", async () => {
    const { c } = await signedIn();
    const response = await upload(c, "huge.png", "image/png", Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("IMAGE_TOO_LARGE");
  });
});

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

describe("dev mailbox", () => {
  it("lists what the outbox holds, newest first, with the links in each message", async () => {
    await t.db.insert(outboxMessages).values([
      { channel: "email", recipient: "reader@example.com", subject: "First", textBody: "Open http://localhost:3000/a please", createdAt: new Date(Date.now() - 1000) },
      { channel: "sms", recipient: "+447700900999", textBody: "123456 is your code" },
      { channel: "email", recipient: "Reader@Example.com", subject: "Second", textBody: "See https://example.com/b.", htmlBody: "<p>b</p>" },
    ]);
    const response = await t.app.inject({ method: "GET", url: "/api/dev/mailbox?to=reader@example.com" });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(["Second", "First"]);
    expect(messages[0].links).toEqual(["https://example.com/b"]);
    expect(messages[1].links).toEqual(["http://localhost:3000/a"]);
  });

  it("does not exist in production", async () => {
    const production = await createTestApp({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525", AUTH_SECRET: "x".repeat(32), PAYMENT_PROVIDER: "local" });
    try {
      const response = await production.app.inject({ method: "GET", url: "/api/dev/mailbox" });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

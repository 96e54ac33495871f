import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as httpRequest } from "node:http";
import { Readable, Writable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { loggingOptions, redactQuerySecrets, redactSecretsInText } from "./request-log";

describe("redactQuerySecrets", () => {
  it("hides the value of every secret field and keeps the rest of the address as it came", () => {
    expect(redactQuerySecrets("/auth?email=a%40example.com&password=secret-pass")).toBe("/auth?email=a%40example.com&password=[REDACTED]");
    expect(redactQuerySecrets("/x?newPassword=a&OTP=123456&code=654321&token=t0k&redirect=%2Fcart")).toBe(
      "/x?newPassword=[REDACTED]&OTP=[REDACTED]&code=[REDACTED]&token=[REDACTED]&redirect=%2Fcart",
    );
    // Spelled with percent-escapes, or twice, the field is still found.
    expect(redactQuerySecrets("/auth?pass%77ord=one&password=two")).toBe("/auth?pass%77ord=[REDACTED]&password=[REDACTED]");
    expect(redactQuerySecrets("/events?q=jazz")).toBe("/events?q=jazz");
    expect(redactQuerySecrets("/events")).toBe("/events");
  });

  it("hides a secret carried in the path: better-auth's password-reset token, and a ticket QR's signature (issue 33)", () => {
    expect(redactQuerySecrets("/api/auth/reset-password/aB3dE6gH9jK2?callbackURL=%2Fauth")).toBe("/api/auth/reset-password/[REDACTED]?callbackURL=%2Fauth");
    expect(redactQuerySecrets("/api/tickets/TCKT-1/qr.png?kid=k1&sig=c2lnbmF0dXJl")).toBe("/api/tickets/TCKT-1/qr.png?kid=k1&sig=[REDACTED]");
    expect(redactQuerySecrets("/api/auth/reset-password")).toBe("/api/auth/reset-password");
  });
});

describe("redactSecretsInText", () => {
  it("finds the secrets of an address quoted anywhere in a message or stack", () => {
    expect(redactSecretsInText('No route matches URL "/api/auth/reset-password/aB3dE6gH9jK2?callbackURL=/auth"')).toBe(
      'No route matches URL "/api/auth/reset-password/[REDACTED]?callbackURL=/auth"',
    );
    expect(redactSecretsInText("GET http://localhost:3000/auth?type=recovery&token=t0k failed")).toBe("GET http://localhost:3000/auth?type=recovery&token=[REDACTED] failed");
    expect(redactSecretsInText("nothing to hide at /events?q=jazz")).toBe("nothing to hide at /events?q=jazz");
  });
});

/** The app with its logger writing to a list of lines, on a database of its own. */
async function loggedApp(env: Record<string, string>) {
  const lines: string[] = [];
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-data-"));
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir, ...env });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  const app = await buildApp({ config, database, web: "none", workers: false, logger: { stream } });
  await app.ready();
  return {
    lines,
    inject: (url: string) => app.inject({ method: "GET", url }),
    log: app.log,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real deployment: PostgreSQL, NODE_ENV=production, its providers configured. */
const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "a-production-secret-of-32-characters-or-more",
  SMTP_URL: "smtp://127.0.0.1:2525",
  PAYMENT_PROVIDER: "local",
};

describe("the request log of a real deployment (JSON, for log collectors)", () => {
  let app: Awaited<ReturnType<typeof loggedApp>>;
  beforeAll(async () => {
    app = await loggedApp({ ...PRODUCTION, LOG_LEVEL: "info" });
  });
  afterAll(async () => app?.close());

  it("logs each request as JSON at info, as Fastify does", async () => {
    await app.inject("/healthz");
    const entries = app.lines.map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url?: string } });
    expect(entries.filter((entry) => entry.msg === "incoming request" && entry.req?.url === "/healthz")).toHaveLength(1);
    expect(entries.filter((entry) => entry.msg === "request completed").map((entry) => entry.level)).toEqual([30]);
  });

  it("never records a password sent in a query string (a form submitted before the page's scripts ran)", async () => {
    await app.inject("/auth?email=a@example.com&password=secret-pass-7f3a");
    const logged = app.lines.filter((line) => line.includes("/auth?"));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toContain("secret-pass-7f3a");
    const request = logged.map((line) => JSON.parse(line) as { req?: { url?: string } }).find((entry) => entry.req?.url);
    expect(request?.req?.url).toBe("/auth?email=a@example.com&password=[REDACTED]");
  });

  it("never records a one-time code or reset token either", async () => {
    await app.inject("/auth?type=recovery&token=tok-9c1e&otp=918273&code=564738");
    const logged = app.lines.filter((line) => line.includes("type=recovery"));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) for (const secret of ["tok-9c1e", "918273", "564738"]) expect(line).not.toContain(secret);
  });

  it("never records a password-reset token sent in the path, in the request lines or in an error line (issue 33)", async () => {
    const token = "rst9Kq2LmZ8wX4vB";
    const reset = await app.inject(`/api/auth/reset-password/${token}?callbackURL=%2Fauth%3Ftype%3Drecovery`);
    // better-auth answers (a redirect naming the token as invalid or to the form): the request was handled.
    expect(reset.statusCode).toBeLessThan(500);
    const logged = app.lines.filter((line) => line.includes("/api/auth/reset-password/"));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).toContain("/api/auth/reset-password/[REDACTED]");
    // An error that quotes the address (as a router's "no route matches" does), in its message, stack and cause.
    const failure = new Error(`No route matches URL "/api/auth/reset-password/${token}"`, { cause: new Error(`fetch /auth?type=recovery&token=${token}`) });
    app.log.error({ err: failure }, `GET /api/auth/reset-password/${token} failed`);
    const error = app.lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string; stack: string } }).findLast((entry) => entry.level === 50);
    expect(error?.msg).toBe("GET /api/auth/reset-password/[REDACTED] failed");
    expect(error?.err?.message).toBe('No route matches URL "/api/auth/reset-password/[REDACTED]"');
    expect(error?.err?.stack).toContain("/api/auth/reset-password/[REDACTED]");
    for (const line of app.lines) expect(line).not.toContain(token);
  });

  it("never records a ticket QR's signature (the QR image link in a ticket e-mail)", async () => {
    await app.inject("/api/tickets/TCKT-0000-00000000/qr.png?kid=k1&sig=qr-signature-77aa");
    expect(app.lines.filter((line) => line.includes("/qr.png")).length).toBeGreaterThan(0);
    for (const line of app.lines) expect(line).not.toContain("qr-signature-77aa");
  });
});

describe("the log in demo mode (issue 17: JSON request lines scrolled the printed demo accounts away)", () => {
  it("is readable lines, without a line per request at info", async () => {
    const app = await loggedApp({ NODE_ENV: "test", LOG_LEVEL: "info" });
    try {
      await app.inject("/healthz");
      await app.inject("/no-such-api-route");
      app.log.info("hello from the app");
      expect(app.lines).toHaveLength(1);
      expect(app.lines[0]).toMatch(/INFO.*: hello from the app$/);
      expect(() => JSON.parse(app.lines[0]!) as unknown).toThrow();
    } finally {
      await app.close();
    }
  });

  it("shows each request as one line at debug, with the address's secrets redacted", async () => {
    const app = await loggedApp({ NODE_ENV: "test", LOG_LEVEL: "debug" });
    try {
      await app.inject("/healthz");
      await app.inject("/auth?email=a@example.com&password=secret-pass-7f3a&otp=918273");
      const requests = app.lines.filter((line) => /DEBUG.*: GET \//.test(line));
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatch(/: GET \/healthz 200 \d+ ms$/);
      expect(requests[1]).toContain("GET /auth?email=a@example.com&password=[REDACTED]&otp=[REDACTED] ");
      for (const line of app.lines) for (const secret of ["secret-pass-7f3a", "918273"]) expect(line).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it("never shows a password-reset token from the path, in a request line or an error line (issue 33)", async () => {
    const app = await loggedApp({ NODE_ENV: "test", LOG_LEVEL: "debug" });
    try {
      const token = "rst4Pz7TnQ1cW9eY";
      await app.inject(`/api/auth/reset-password/${token}?callbackURL=%2Fauth`);
      app.log.error({ err: new Error(`No route matches URL "/api/auth/reset-password/${token}"`) }, `GET /api/auth/reset-password/${token} failed`);
      expect(app.lines.some((line) => /DEBUG.*: GET \/api\/auth\/reset-password\/\[REDACTED\]\?callbackURL=%2Fauth \d{3} /.test(line))).toBe(true);
      expect(app.lines.filter((line) => line.includes("ERROR")).join("\n")).toContain("/api/auth/reset-password/[REDACTED]");
      for (const line of app.lines) expect(line).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});

describe("a visitor who leaves mid-stream in demo mode (the newcomer's log showed 'stream closed prematurely')", () => {
  it("is a debug line about that request, not an info block", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    const app = Fastify(await loggingOptions({ level: "debug", readable: true, stream }));
    // A response that never ends by itself, like a live stream or a large download.
    app.get("/endless", (_request, reply) => reply.type("text/plain").send(new Readable({ read() { this.push("tick\n"); } })));
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port } = app.server.address() as { port: number };
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest({ port, host: "127.0.0.1", path: "/endless" }, (response) => {
          response.once("data", () => {
            request.destroy();
            resolve();
          });
        });
        request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
        request.end();
      });
      await expect.poll(() => lines.find((line) => line.includes("/endless: the client closed the stream"))).toMatch(/DEBUG/);
      expect(lines.filter((line) => /INFO|WARN|ERROR/.test(line) && !line.includes("Server listening"))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

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
import { loggingOptions, redactQuerySecrets } from "./request-log";

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

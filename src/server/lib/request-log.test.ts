import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { redactQuerySecrets } from "./request-log";

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

describe("the request log", () => {
  const lines: string[] = [];
  let close: () => Promise<void>;
  let inject: (url: string) => Promise<unknown>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), "eventora-data-"));
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: "info" });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    const app = await buildApp({ config, database, web: "none", workers: false, logger: { stream } });
    await app.ready();
    inject = (url) => app.inject({ method: "GET", url });
    close = async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => close?.());

  it("never records a password sent in a query string (a form submitted before the page's scripts ran)", async () => {
    await inject("/auth?email=a@example.com&password=secret-pass-7f3a");
    const logged = lines.filter((line) => line.includes("/auth?"));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toContain("secret-pass-7f3a");
    const request = logged.map((line) => JSON.parse(line) as { req?: { url?: string } }).find((entry) => entry.req?.url);
    expect(request?.req?.url).toBe("/auth?email=a@example.com&password=[REDACTED]");
  });

  it("never records a one-time code or reset token either", async () => {
    await inject("/auth?type=recovery&token=tok-9c1e&otp=918273&code=564738");
    const logged = lines.filter((line) => line.includes("type=recovery"));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) for (const secret of ["tok-9c1e", "918273", "564738"]) expect(line).not.toContain(secret);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { hostileJsonBody, hostilePathSegment, hostileQuery } from "../../test/hostile-input";
import { buildApp } from "./app";
import { loadConfig } from "./config";

/**
 * Issue 33: the pages' form actions (auth, contact, resend-ticket) read `request.formData()`, which
 * throws on a JSON or text body, and a page's loader handed a NUL from its path to PostgreSQL: each
 * was a 500. The pages served by the web handler (Vite's server build, as `npm run dev` serves them).
 */
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-data-"));
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "loopback" });
  app = await buildApp({ config, database, web: "development", workers: false });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The first page compiles the server build: not part of any test's time.
  await app.inject({ method: "GET", url: "/about" });
}, 120_000);

afterAll(async () => close?.());

const FORM_PAGES = ["/auth", "/contact", "/resend-ticket"] as const;

const post = (url: string, contentType: string | undefined, payload: string) =>
  app.inject({ method: "POST", url, headers: contentType ? { "content-type": contentType } : {}, payload });

describe("a page's form action posted something that is not a form", () => {
  for (const page of FORM_PAGES) {
    it(`POST ${page} with a JSON body is a 415 naming what the page accepts`, async () => {
      const response = await post(page, "application/json", JSON.stringify({ email: "a@example.com", message: "hello" }));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: { code: "UNSUPPORTED_MEDIA_TYPE", message: "This page accepts form posts only (application/x-www-form-urlencoded or multipart/form-data), not application/json." },
      });
    });

    it(`POST ${page} with a text body is a 415`, async () => {
      expect((await post(page, "text/plain", "email=a@example.com")).statusCode).toBe(415);
    });
  }

  it("any page: no content type, an unknown one, or a multipart body that does not parse is a 4xx, never a 500", async () => {
    expect((await post("/contact", undefined, "email=a@example.com")).statusCode).toBe(415);
    expect((await post("/events", "application/xml", "<a/>")).statusCode).toBe(415);
    expect((await post("/contact", undefined, "")).statusCode).toBe(415);
    const broken = await post("/contact", "multipart/form-data; boundary=x", "not a multipart body");
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: { code: "BAD_REQUEST", message: "The form's body could not be read as multipart/form-data." } });
    expect((await post("/contact", "multipart/form-data", "--x\r\n")).statusCode).toBe(400);
  });

  it("a real form post still reaches the action (a refusal names the field, the form drawn again)", async () => {
    const response = await post("/contact", "application/x-www-form-urlencoded", "name=&email=not-an-email&subject=&message=");
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});

describe("a NUL character in a page's address or form", () => {
  it("GET /checkout/test/%00 is a 400, not a 500", async () => {
    const response = await app.inject({ method: "GET", url: "/checkout/test/%00" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: "BAD_REQUEST", message: "The address is not valid: it contains a NUL character (%00)." } });
  });

  it("anywhere in a page's path or query string, and in a posted form's field", async () => {
    for (const url of ["/events/%00", "/profile/a%00b", "/events?q=%00", "/receipts/%00", "/checkout/test/x%00y/"]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(400);
    }
    const form = await post("/contact", "application/x-www-form-urlencoded", "name=Jo&email=jo%40example.com&subject=Hi&message=a%00b");
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ error: { code: "VALIDATION_FAILED", message: "Invalid form field 'message': contains a NUL character, which is not allowed" } });
  });
});

describe("the pages survive hostile input (never a 5xx)", () => {
  it("any body, of any content type, posted to a page's form", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FORM_PAGES), hostileJsonBody({ email: "a@example.com", message: "Hello" }), async (page, body) => {
        const response = await post(page, body.contentType, String(body.payload));
        expect(response.statusCode, `${page} ${body.contentType} ${String(body.payload).slice(0, 80)}`).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });

  it("any path segment or query string on a page whose loader reads it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/events/", "/checkout/test/", "/profile/", "/receipts/"), hostilePathSegment, hostileQuery(["q", "session_id"]), async (page, segment, query) => {
        const response = await app.inject({ method: "GET", url: `${page}${segment}${query}` });
        expect(response.statusCode, `${page}${segment}${query}`).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });
});

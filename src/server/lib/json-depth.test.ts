import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app";
import { signInAs } from "../../../test/organiser";
import { MAX_JSON_DEPTH, jsonDepthExceeds } from "./json-depth";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** `depth` arrays inside one another, written out directly (JSON.stringify itself would overflow the stack). */
const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

const TOO_DEEP = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects are allowed.`;

describe("deeply nested JSON bodies are a 400 naming the problem, not a 500 (issue 16)", () => {
  it("refuses 100,000 levels on an API route", async () => {
    for (const body of [nestedArrays(100_000), nestedObjects(100_000), `{"email":${nestedArrays(100_000)}}`]) {
      const response = await t.app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "BAD_REQUEST", message: TOO_DEEP } });
    }
  });

  it("refuses 8,000 levels in 16 KB to better-auth's sign-in", async () => {
    const body = `{"email":${nestedArrays(8_000)},"password":"x"}`;
    expect(body.length).toBeLessThan(16 * 1024);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", origin: t.config.publicUrl },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "INVALID_REQUEST_BODY", message: TOO_DEEP });
  });

  it("refuses it in the event form's JSON field too (20,000 levels: the field holds at most 64 KB)", async () => {
    const { client } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const boundary = "----eventora-deep";
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="event"\r\n\r\n${nestedArrays(20_000)}\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers: { origin: client.origin, cookie: client.cookieHeader, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(TOO_DEEP.replace("request body", "field 'event'"));
  });

  it("lets a body at the limit through to the route's own validation", async () => {
    const atLimit = await t.app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, payload: `{"email":${nestedArrays(MAX_JSON_DEPTH - 1)}}` });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error.code).toBe("VALIDATION_FAILED");
    const overLimit = await t.app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, payload: `{"email":${nestedArrays(MAX_JSON_DEPTH)}}` });
    expect(overLimit.json()).toEqual({ error: { code: "BAD_REQUEST", message: TOO_DEEP } });
  });
});

describe("jsonDepthExceeds", () => {
  it("counts levels of arrays and objects, scalars being none, without recursing", () => {
    expect(jsonDepthExceeds("text", 0)).toBe(false);
    expect(jsonDepthExceeds(null, 0)).toBe(false);
    expect(jsonDepthExceeds({}, 0)).toBe(true);
    expect(jsonDepthExceeds({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(jsonDepthExceeds({ a: [1, { b: 2 }] }, 2)).toBe(true);
    expect(jsonDepthExceeds(JSON.parse(nestedArrays(1_000_000)), MAX_JSON_DEPTH)).toBe(true);
  });
});

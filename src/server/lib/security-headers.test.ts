import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app";

/** A Content-Security-Policy header as directive → sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function nonceOf(response: LightMyRequestResponse): string | undefined {
  return csp(response).get("script-src")?.find((source) => source.startsWith("'nonce-"));
}

describe("security headers (issue 8)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp({}, { workers: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("an API response refuses inline scripts without the nonce, framing, sniffing and full cross-site referrers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/events" });
    expect(response.statusCode).toBe(200);
    const policy = csp(response);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).toEqual(expect.arrayContaining(["'self'", "'wasm-unsafe-eval'"]));
    expect(nonceOf(response)).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(policy.get("script-src-attr")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("the camera (check-in) and microphone (assistant) stay allowed on our own pages", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    const features = new Map(
      String(response.headers["permissions-policy"])
        .split(",")
        .map((entry) => entry.trim().split("=") as [string, string]),
    );
    expect(features.get("camera")).toBe("(self)");
    expect(features.get("microphone")).toBe("(self)");
  });

  it("every response gets its own nonce", async () => {
    const [first, second] = await Promise.all([t.app.inject({ url: "/healthz" }), t.app.inject({ url: "/healthz" })]);
    expect(nonceOf(first)).toBeDefined();
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });

  it("HSTS is sent for a request that reached the proxy over HTTPS, for at least a year with subdomains", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/events", headers: { "x-forwarded-proto": "https" } });
    const hsts = String(response.headers["strict-transport-security"]);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    expect(hsts).toContain("includeSubDomains");
  });

  it("HSTS is never sent over plain HTTP, where it would lock localhost out", async () => {
    for (const headers of [{}, { "x-forwarded-proto": "http" }]) {
      const response = await t.app.inject({ method: "GET", url: "/api/events", headers });
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("errors carry the same headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no-such-route", headers: { "x-forwarded-proto": "https" } });
    expect(response.statusCode).toBe(404);
    expect(csp(response).get("frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers["strict-transport-security"]).toBeDefined();
  });

  it("the static API docs page works under the policy: its scripts are files from this origin, none inline", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(csp(response).get("script-src")).toContain("'self'");
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)].map(([, attributes, text]) => ({ attributes, text }));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toEqual({ attributes: expect.stringMatching(/\bsrc="\/api\/docs\/static\//), text: expect.stringMatching(/^\s*$/) });
  });
});

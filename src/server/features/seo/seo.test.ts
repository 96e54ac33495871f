import { beforeEach, describe, expect, inject, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { PAST, createEvent, createUser, resetCatalogue, type UserFixture } from "../../../../test/fixtures";
import { buildApp } from "../../app";
import { openPostgres } from "../../db/client";

const ctx = setUpTestApp();
let organiser: UserFixture;

beforeEach(async () => {
  await resetCatalogue(ctx.db);
  organiser = await createUser(ctx.db, { username: "organiser" });
});

describe("GET /robots.txt", () => {
  it("keeps crawlers out of private and API paths and points them at the sitemap", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain("Disallow: /my-tickets");
    expect(lines).toContain("Disallow: /receipts/");
    expect(lines).toContain("Disallow: /check-in");
    expect(lines).toContain(`Sitemap: ${ctx.config.publicUrl}/sitemap.xml`);
  });
});

describe("GET /sitemap.xml", () => {
  it("lists the public pages and the listed events only", async () => {
    const upcoming = await createEvent(ctx.db, { userId: organiser.id, title: "Upcoming" });
    const bistro = await createEvent(ctx.db, { userId: organiser.id, category: "food", businessType: "restaurant", dateTime: PAST });
    const past = await createEvent(ctx.db, { userId: organiser.id, dateTime: PAST });
    const draft = await createEvent(ctx.db, { userId: organiser.id, status: "draft" });

    const response = await ctx.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/xml/);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(response.body.trimEnd().endsWith("</urlset>")).toBe(true);

    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = ctx.config.publicUrl;
    expect(locs).toEqual(expect.arrayContaining([`${base}/`, `${base}/events`, `${base}/categories`, `${base}/terms`]));
    const eventLocs = locs.filter((loc) => loc!.startsWith(`${base}/events/`));
    expect(eventLocs.sort()).toEqual([`${base}/events/${upcoming.id}`, `${base}/events/${bistro.id}`].sort());
    expect(response.body).not.toContain(past.id);
    expect(response.body).not.toContain(draft.id);
  });

  it("gives each event its last-modified time", async () => {
    const event = await createEvent(ctx.db, { userId: organiser.id, updatedAt: new Date("2089-02-03T04:05:06Z") });

    const response = await ctx.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.body).toContain(
      `<url><loc>${ctx.config.publicUrl}/events/${event.id}</loc><lastmod>2089-02-03T04:05:06.000Z</lastmod></url>`,
    );
  });
});

describe("health, readiness and metrics", () => {
  it("GET /healthz says ok", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("GET /readyz says ready when the database answers", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
  });

  it("GET /readyz answers 503 when the database cannot be reached", async () => {
    const url = new URL(inject("postgresServerUrl"));
    url.pathname = "/eventora_database_that_does_not_exist";
    const database = await openPostgres(url.toString(), 1);
    const app = await buildApp({ config: ctx.config, database, web: "none" });
    try {
      const response = await app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "database unreachable" });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("GET /metrics serves Prometheus text counting requests by route and status", async () => {
    await ctx.app.inject({ method: "GET", url: "/api/events" });
    await ctx.app.inject({ method: "GET", url: "/api/events?sort=bogus" });

    const response = await ctx.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toContain("# TYPE http_requests_total counter");
    expect(response.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/events",status="200"\} [1-9]/m);
    expect(response.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/events",status="400"\} [1-9]/m);
    expect(response.body).toContain("http_request_duration_seconds_bucket");
  });
});

describe("API documentation", () => {
  it("serves the OpenAPI document listing the public API", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/events", "/api/events/{id}", "/api/events/{id}/similar", "/api/categories", "/api/profiles/{username}", "/api/stats"]),
    );
    expect(Object.keys(document.paths)).not.toContain("/metrics");
    expect(Object.keys(document.paths)).not.toContain("/healthz");
  });

  it("documents the events query parameters", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json<{
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    }>();
    const names = document.paths["/api/events"]!.get.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["q", "category", "price", "sort", "page", "pageSize", "organiser"]));
  });

  it("serves the interactive docs page", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
  });
});

describe("unknown paths (API-only app)", () => {
  it.each(["/api/nope", "/api/events/x/y/z", "/api"])("answers %s with a 404 in the API's JSON error shape", async (url) => {
    const response = await ctx.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: `No API route GET ${url}` } });
  });

  it("drops the query string from the message", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/nope?token=secret" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No API route POST /api/nope" } });
  });
});

describe("GET /favicon.ico", () => {
  it("redirects permanently to the SVG icon", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/favicon.ico" });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/favicon.svg");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../test/app";

describe("GET /api/events (smoke)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it("answers an empty catalogue with zero results", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/events" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ events: [], total: 0 });
  });
});

import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_SIZES, IMAGE_STYLES, imageDimensions, type GenerateImageResult, type GenerateImageSuccess } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { eventInput, sendEventForm, signInAs } from "../../../../test/organiser";
import { startOpenAiStandIn, type OpenAiStandIn } from "../../../../test/stand-ins/openai";
import { hitRateLimit } from "../../lib/rate-limiter";
import { IMAGE_LIMITS } from "./images.routes";
import { renderPoster } from "./poster/poster";

let t: Awaited<ReturnType<typeof createTestApp>>;
let organiser: { client: AuthClient; id: string };

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  const signedIn = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  organiser = { client: signedIn.client, id: signedIn.account.id };
});
afterAll(async () => t.close());

const EVENT = { title: "Northern Soul All-Nighter", location: "Leeds, Brudenell Social Club", dateTime: "2026-06-13T19:30:00Z" };

async function pixelsOf(png: Buffer) {
  return sharp(png).raw().toBuffer();
}

describe("built-in poster generator (decisions D19)", () => {
  it.each(IMAGE_STYLES)("draws the %s style as a PNG of exactly each size", async (style) => {
    for (const size of IMAGE_SIZES) {
      const png = await renderPoster({ ...EVENT, style, size });
      const meta = await sharp(png).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "png", ...imageDimensions(size) });
    }
  });

  it("draws the same event the same way every time, and two events differently", async () => {
    const request = { ...EVENT, style: "fun", size: "1024x1024" } as const;
    const [first, again, other] = await Promise.all([renderPoster(request), renderPoster(request), renderPoster({ ...request, title: "Harbour Lights Quiz" })]);
    expect(first.equals(again)).toBe(true);
    expect((await pixelsOf(first)).equals(await pixelsOf(other))).toBe(false);
  });

  it("sets a very long title, markup characters and emoji without overflowing or throwing", async () => {
    const title = `${"Supercalifragilisticexpialidocious ".repeat(3)}<b>Fish & Chips</b> "Quiz" Night 🎉 ${"with friends ".repeat(12)}`.trim();
    for (const style of IMAGE_STYLES) {
      const png = await renderPoster({ title, location: "A".repeat(200), dateTime: null, style, size: "1024x1536" });
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([1024, 1536]);
    }
  });
});

const generate = (client: AuthClient, body: object) => client.post("/api/functions/generate-image", body);

describe("generate-image (spec §7)", () => {
  it("stores the poster under the user's folder and serves it as image/png", async () => {
    const body = { prompt: "A modern poster for a soul night", style: "modern", size: "1024x1536", event: EVENT };
    const response = await generate(organiser.client, body);
    expect(response.statusCode).toBe(200);
    const result = response.json() as GenerateImageSuccess;
    expect(result).toMatchObject({ prompt: body.prompt, style: "modern", size: "1024x1536" });
    expect(result.imageUrl).toMatch(new RegExp(`^/media/generated/${organiser.id}/[0-9a-f]{20}\\.png$`));

    const served = await t.app.inject({ method: "GET", url: result.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1024, 1536]);
  });

  it("makes a poster from the prompt alone, the size defaulting to landscape", async () => {
    const response = await generate(organiser.client, { prompt: "  Pizza and jazz on the roof, with fairy lights  ", style: "artistic" });
    expect(response.statusCode).toBe(200);
    const result = response.json() as GenerateImageSuccess;
    expect(result).toMatchObject({ prompt: "Pizza and jazz on the roof, with fairy lights", size: "1536x1024" });
    const meta = await sharp((await t.app.inject({ method: "GET", url: result.imageUrl })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1536, 1024]);
  });

  it("refuses a bad style, size, prompt or date with 400 naming the field", async () => {
    const good = { prompt: "A poster", style: "fun", size: "1024x1024" };
    const cases: [object, string][] = [
      [{ ...good, style: "gothic" }, "style"],
      [{ ...good, size: "800x600" }, "size"],
      [{ ...good, prompt: "   " }, "prompt"],
      [{ ...good, prompt: "x".repeat(1001) }, "prompt"],
      [{ ...good, event: { title: "Gig", dateTime: "next Friday" } }, "event.dateTime"],
    ];
    for (const [body, field] of cases) {
      const response = await generate(organiser.client, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.message).toContain(`'${field}'`);
    }
  });

  it("needs sign-in (401)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/functions/generate-image",
      headers: { origin: t.config.publicUrl, "content-type": "application/json" },
      payload: JSON.stringify({ prompt: "A poster", style: "fun", size: "1024x1024" }),
    });
    expect(response.statusCode).toBe(401);
  });

  it("allows each user 10 images a minute, then answers 429 with a clear message", async () => {
    const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    for (let i = 0; i < IMAGE_LIMITS.perUserMinute.limit; i++) await hitRateLimit(t.db, `generate-image:user:${account.id}:minute`, IMAGE_LIMITS.perUserMinute);
    const response = await generate(client, { prompt: "One more poster", style: "fun", size: "1024x1024" });
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toEqual({ code: "RATE_LIMITED", message: expect.stringContaining("Please wait a minute") });
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("gives an organiser's event the generated image through the event form's upload (Use for an event)", async () => {
    const created = await sendEventForm(organiser.client, "POST", "/api/events", eventInput());
    const event = created.json() as { id: string };
    const generated = (await generate(organiser.client, { prompt: "Quiz poster", style: "elegant", size: "1536x1024", event: { title: "Harbour Lights Quiz Night" } })).json() as GenerateImageSuccess;
    const png = (await t.app.inject({ method: "GET", url: generated.imageUrl })).rawPayload;
    const updated = await sendEventForm(organiser.client, "PATCH", `/api/events/${event.id}`, eventInput(), { bytes: png, filename: "poster.png", contentType: "image/png" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().imageUrl).toMatch(new RegExp(`^/media/events/${event.id}/[0-9a-f]+-1200\\.webp$`));
  });
});

describe("generate-image with an AI service (the real adapter against test/stand-ins/openai.ts)", () => {
  let openai: OpenAiStandIn;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let client: AuthClient;
  beforeAll(async () => {
    openai = await startOpenAiStandIn({ apiKey: "sk-test-stand-in" });
    app = await createTestApp({ OPENAI_API_KEY: "sk-test-stand-in", OPENAI_BASE_URL: openai.baseURL, OPENAI_IMAGE_MODEL: "gpt-image-1" }, { workers: false });
    client = (await signInAs(app.app, app.db, app.config.publicUrl, "user")).client;
  });
  afterAll(async () => {
    await app?.close();
    await openai?.close();
  });
  beforeEach(() => {
    openai.requests.length = 0;
    openai.failWith = null;
    openai.replies.image = null;
  });

  const call = (body: object) => client.post("/api/functions/generate-image", body);

  it("sends the prompt and size to the service and stores its picture", async () => {
    const response = await call({ prompt: "Neon jazz club", style: "modern", size: "1024x1024" });
    expect(response.statusCode).toBe(200);
    const result = response.json() as GenerateImageResult;
    expect(result).toMatchObject({ prompt: "Neon jazz club", style: "modern", size: "1024x1024", imageUrl: expect.stringMatching(/^\/media\/generated\//) });
    expect(JSON.parse(openai.requests[0]!.body.toString())).toEqual({ model: "gpt-image-1", prompt: "Neon jazz club", size: "1024x1024", n: 1 });
  });

  it("answers the service's refusal as {error} with its message", async () => {
    openai.failWith = 429;
    const response = await call({ prompt: "Neon jazz club", style: "fun", size: "1536x1024" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: "The AI service is busy (rate limited)." });
  });

  it("answers {error} when the service sends something that is not an image", async () => {
    openai.replies.image = Buffer.from("<html>oops</html>");
    const response = await call({ prompt: "Neon jazz club", style: "fun", size: "1536x1024" });
    expect(response.json()).toEqual({ error: "The AI service returned an image that is not a PNG." });
  });
});

describe("generate-image through OpenAI's API (the real adapter against test/stand-ins/openai.ts)", () => {
  let openai: OpenAiStandIn;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let client: AuthClient;
  beforeAll(async () => {
    openai = await startOpenAiStandIn({ apiKey: "sk-test-stand-in" });
    app = await createTestApp({ OPENAI_API_KEY: "sk-test-stand-in", OPENAI_BASE_URL: openai.baseURL, OPENAI_IMAGE_MODEL: "dall-e-3" }, { workers: false });
    client = (await signInAs(app.app, app.db, app.config.publicUrl, "user")).client;
  });
  afterAll(async () => {
    await app?.close();
    await openai?.close();
  });

  it("with dall-e-3, every size the form offers is drawn and stored at that size (dall-e-3 refuses 1536x1024)", async () => {
    for (const size of IMAGE_SIZES) {
      const response = await client.post("/api/functions/generate-image", { prompt: "Neon jazz club", style: "modern", size });
      expect(response.statusCode).toBe(200);
      const result = response.json() as GenerateImageResult;
      expect(result, size).toMatchObject({ size, imageUrl: expect.stringMatching(/^\/media\/generated\//) });
      const stored = await sharp((await app.app.inject({ method: "GET", url: (result as GenerateImageSuccess).imageUrl })).rawPayload).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(["png", ...Object.values(imageDimensions(size))]);
    }
    expect(openai.requests.map((request) => (JSON.parse(request.body.toString()) as { size: string }).size)).toEqual(["1792x1024", "1024x1024", "1024x1792"]);
  });
});

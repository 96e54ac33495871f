import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, toast, waitForHydration } from "./fixtures";
import { createConfirmedAccount } from "./mail";

/** An event date a month ahead. */
const NEXT_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString();

describe("AI image creator (built-in poster designer, spec §2 AI Image Creator)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("sends a signed-out visitor to sign in first", async () => {
    const { page, context } = await openPage(browser);
    await page.goto("/video-creator");
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("redirect") === "/video-creator");
    await context.close();
  });

  it("auto-generates a prompt, makes a poster, downloads and shares it, and puts it on the organiser's event", async () => {
    const tracked = await openPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
    const { page } = tracked;
    const account = await createConfirmedAccount("creator");
    await signIn(page, account);

    const title = `Harbour Lights Quiz ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/events", {
      headers: { origin: baseUrl() },
      data: { title, category: "entertainment", dateTime: NEXT_MONTH, venue: "The Old Vic Tavern", location: "Bristol", pricePence: 0 },
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as { id: string };

    await page.goto("/video-creator");
    await waitForHydration(page);
    await expectAccessible(page);

    // spec §5: the auto-prompt needs a title or a location.
    await page.getByRole("button", { name: "Auto-Generate" }).click();
    await toast(page, "Please enter an event title or location first").waitFor();
    await page.getByLabel("Start from one of your events").selectOption(event.id);
    expect(await page.getByLabel("Event Title").inputValue()).toBe(title);
    await page.getByLabel("Style").selectOption("fun");
    await page.getByRole("button", { name: "Auto-Generate" }).click();
    await toast(page, "Auto-prompt generated! You can edit it before generating.").waitFor();
    expect(await page.getByLabel("Description").inputValue()).toContain(`"${title}" in Bristol`);

    await page.getByRole("button", { name: "Generate Image" }).click();
    const poster = page.getByRole("img", { name: /^Fun image: A fun promotional poster/ });
    await poster.waitFor();
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1536);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toMatch(/^eventora-fun-1536x1024-\d{8}-\d{6}\.png$/);
    await page.getByRole("button", { name: "Share" }).click();
    await toast(page, "Image URL copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/media\/generated\/.+\.png$/);

    // Use it for the event in one click: the event's own choice is already selected.
    await page.getByRole("button", { name: "Use for an event" }).click();
    expect(await page.getByLabel("Your event", { exact: true }).inputValue()).toBe(event.id);
    await page.getByRole("button", { name: "Use this image" }).click();
    await toast(page, "Event image updated").waitFor();
    await page.getByText("Now the image of").waitFor();
    const saved = (await (await page.request.get(`/api/events/${event.id}/edit`)).json()) as { imageUrl: string };
    expect(saved.imageUrl).toMatch(new RegExp(`^/media/events/${event.id}/[0-9a-f]+-1200\\.webp$`));
    await expectAccessible(page);

    // A blank description cannot be generated.
    await page.getByLabel("Description").fill("   ");
    expect(await page.getByRole("button", { name: "Generate Image" }).isDisabled()).toBe(true);

    // Or start a new event with it.
    await page.getByRole("link", { name: "Create an event with this image" }).click();
    await page.waitForURL((url) => url.pathname === "/create-event" && url.searchParams.has("image"));
    await waitForHydration(page);
    await page.getByRole("img", { name: /preview/i }).first().waitFor();

    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

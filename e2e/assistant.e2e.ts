import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";
import { createEvent, createUser } from "../test/fixtures";
import { expectAccessible, expectNoErrors, launchBrowser, openPage, toast, waitForHydration } from "./fixtures";

describe("the assistant overlay with the built-ins (decisions D19)", () => {
  let browser: Browser;
  let database: Database;

  beforeAll(async () => {
    browser = await launchBrowser();
    database = await openPostgres(inject("databaseUrl"), 2);
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
  });

  it("opens from the header, answers 'free events this month' from the live catalogue with a link, and ignores blank text", async () => {
    const organiser = await createUser(database.db);
    // Minutes from now, so it is this month's soonest free event (and first in the reply).
    const event = await createEvent(database.db, {
      userId: organiser.id,
      title: "Assistant Test Free Picnic",
      category: "entertainment",
      location: "Hyde Park, London",
      dateTime: new Date(Date.now() + 5 * 60_000),
      pricePence: 0,
    });

    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open Voice Assistant" }).click();
    const dialog = page.getByRole("dialog", { name: "Voice Assistant" });
    await dialog.waitFor();
    const message = dialog.getByLabel("Your message");
    await expect.poll(() => message.evaluate((input) => input === document.activeElement)).toBe(true);

    const conversation = dialog.getByRole("log", { name: "Conversation" });
    await message.fill("   ");
    await dialog.getByRole("button", { name: "Send message" }).click();
    expect(await conversation.getByRole("listitem").count()).toBe(1);

    await message.fill("free events this month");
    await message.press("Enter");
    const link = conversation.getByRole("link", { name: "Assistant Test Free Picnic" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(`/events/${event.id}`);
    await conversation.getByText(/I found \d+ upcoming free events? this month/).waitFor();
    await expect.poll(() => dialog.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);
    await expectAccessible(page);

    // An event link leads to the event and closes the overlay.
    await link.click();
    await page.waitForURL((url) => url.pathname === `/events/${event.id}`);
    await dialog.waitFor({ state: "hidden" });
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("a refused microphone shows the spec's message and the help panel until dismissed; typing still works", async () => {
    // Chromium with a stand-in microphone that refuses every permission prompt.
    const denying = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--deny-permission-prompts"],
    });
    try {
      const tracked = await openPage(denying, { viewport: "phone" });
      const { page } = tracked;
      await page.goto("/help");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Voice Assistant", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Voice Assistant" });
      await dialog.waitFor();
      const microphone = dialog.getByRole("button", { name: "Start recording" });
      await expect.poll(() => microphone.isEnabled()).toBe(true);
      await microphone.click();

      await toast(page, "Microphone Access Blocked").getByText("Click the help guide below to enable microphone access.").waitFor();
      const help = dialog.getByRole("region", { name: "How to enable microphone access" });
      await help.waitFor();
      for (const heading of ["iPhone and iPad", "Desktop", "Chrome and Edge", "Firefox"]) await help.getByRole("heading", { name: heading }).waitFor();
      // Chromium's own steps are open; the others are a tap away.
      await help.getByText("Click the microphone or lock icon in the address bar and choose Always allow.").waitFor();
      expect(await help.getByText("Open Settings, scroll to Safari (or your browser) and tap Microphone.").isVisible()).toBe(false);
      await expectAccessible(page);

      await dialog.getByLabel("Your message").fill("How do I get a refund?");
      await dialog.getByRole("button", { name: "Send message" }).click();
      await dialog.getByText(/refunded up to 48 hours/).waitFor();
      await help.getByRole("button", { name: "Dismiss microphone help" }).click();
      await help.waitFor({ state: "detached" });
      expectNoErrors(tracked);
      await tracked.context.close();
    } finally {
      await denying.close();
    }
  });
});

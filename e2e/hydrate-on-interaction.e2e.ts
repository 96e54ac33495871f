import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectNoErrors, launchBrowser, openPage, toast, plainPaidEvents } from "./fixtures";

/**
 * Decision 039: a public page ships without its scripts, and loads them when the visitor first reaches for
 * something that needs them. These tests never call waitForHydration, which presses a key to start them.
 */

/** Script files the page has requested so far. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

/** Loaded, and then a second in which nothing the visitor did started the scripts. */
async function settledWithoutInput(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
}

describe("public pages' scripts wait for the visitor (decision 039)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("an event page loads no script until a tap, and the first tap on Add to Cart is not lost", async () => {
    const event = (await plainPaidEvents())[0]!;
    const tracked = await openPage(browser);
    const { page } = tracked;
    const scripts = scriptRequests(page);
    await page.goto(`/events/${event.id}`);
    await settledWithoutInput(page);
    expect(scripts).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    // The page is whole without them: the title, the all-in price, the buttons.
    await page.getByRole("heading", { level: 1, name: event.title }).waitFor();

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await toast(page, "Added to cart").waitFor();
    expect(await isHydrated(page)).toBe(true);
    expect(scripts.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("link", { name: /^Cart, / }).getAttribute("aria-label")).toBe("Cart, 1 item");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("a phone's first tap on the menu opens it, and a link followed before any tap is an ordinary page load", async () => {
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    const scripts = scriptRequests(page);
    await page.goto("/about");
    await settledWithoutInput(page);
    expect(scripts).toEqual([]);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.waitFor();
    await menu.getByRole("link", { name: "Help" }).click();
    await page.waitForURL(`${baseUrl()}/help`);
    await page.getByRole("heading", { level: 1 }).waitFor();

    // A fresh visit: following a link before anything else loads the next page from the server, scriptless too.
    const fresh = await openPage(browser, { viewport: "phone" });
    const freshScripts = scriptRequests(fresh.page);
    await fresh.page.goto("/help");
    await settledWithoutInput(fresh.page);
    await fresh.page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await fresh.page.waitForURL(`${baseUrl()}/terms`);
    await settledWithoutInput(fresh.page);
    expect(freshScripts).toEqual([]);
    expectNoErrors(tracked);
    expectNoErrors(fresh);
    await tracked.context.close();
    await fresh.context.close();
  });

  it("scrolling toward what only scripts draw (the home page's rails) starts them", async () => {
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await page.goto("/");
    await settledWithoutInput(page);
    expect(await isHydrated(page)).toBe(false);
    // A wheel, not a tap or a key: scrolling alone is no interaction with a control.
    const similar = page.getByRole("heading", { name: "Similar Events" });
    for (let i = 0; i < 40 && !(await isHydrated(page)); i++) await page.mouse.wheel(0, 400);
    await expect.poll(() => isHydrated(page)).toBe(true);
    await similar.scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByRole("list", { name: /events$/ }).first().getByRole("link").count()).toBeGreaterThan(0);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("an affiliate's ?ref= visit starts its scripts at once, so the code is kept and asked about", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto("/events?ref=SOMECODE");
    await expect.poll(() => isHydrated(page)).toBe(true);
    await tracked.context.close();
  });

  it("the not-found page logs the unknown path without its scripts", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    const scripts = scriptRequests(page);
    await page.goto("/no-such-page-at-all");
    await settledWithoutInput(page);
    expect(scripts).toEqual([]);
    expect(warnings).toEqual(["404: no page at /no-such-page-at-all"]);
    expectNoErrors(tracked, [/status of 404/]);
    await tracked.context.close();
  });
});

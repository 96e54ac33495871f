import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, expectNoErrors, launchBrowser, openPage, waitForHydration } from "./fixtures";

/** The price a card shows: pounds, 0 for 'Free', null for a business listing ('Visit Now'). */
function priceOf(cardText: string): number | null {
  const lines = cardText.split("\n").map((line) => line.trim());
  if (lines.includes("Free")) return 0;
  if (lines.includes("Visit Now")) return null;
  const price = lines.find((line) => /^£[\d,]+\.\d{2}$/.test(line));
  if (!price) throw new Error(`No price on card:\n${cardText}`);
  return Number(price.slice(1).replace(/,/g, ""));
}

function results(page: Page) {
  return page.getByRole("region", { name: "Results" });
}

async function cardTexts(page: Page): Promise<string[]> {
  return results(page)
    .getByRole("article")
    .evaluateAll((cards) =>
      cards.map((card) => {
        // Cards past the first row skip rendering until scrolled to (content-visibility); render them
        // so innerText reads the card as a person sees it.
        (card.parentElement as HTMLElement).style.contentVisibility = "visible";
        return (card as HTMLElement).innerText;
      }),
    );
}

/** The N of "Showing 24 of N events". */
async function totalShown(page: Page): Promise<number> {
  const text = (await page.getByRole("status").filter({ hasText: /^Showing / }).textContent()) ?? "";
  const match = /of (\d+) events?$/.exec(text.trim());
  if (!match) throw new Error(`Unexpected result count: ${text}`);
  return Number(match[1]);
}

/** Waits until the list on screen is the one the URL asks for (the URL can change before React renders). */
async function settled(page: Page) {
  await expect
    .poll(async () => {
      const region = results(page);
      const [busy, shown] = await Promise.all([region.getAttribute("aria-busy"), region.getAttribute("data-search")]);
      return busy === "false" && shown === new URL(page.url()).search;
    })
    .toBe(true);
}

async function openEvents(browser: Browser, path = "/events", viewport: "desktop" | "phone" = "desktop") {
  const tracked = await openPage(browser, { viewport });
  const response = await tracked.page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(tracked.page);
  return tracked;
}

function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

describe("all events page", () => {
  let browser: Browser;
  let unfilteredTotal: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const tracked = await openEvents(browser);
    unfilteredTotal = await totalShown(tracked.page);
    await tracked.context.close();
  });
  afterAll(async () => browser?.close());

  it("lists events under one heading, with stat cards, closed filters and no console errors", async () => {
    const tracked = await openEvents(browser);
    const { page } = tracked;
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["All Events"]);
    expect(unfilteredTotal).toBeGreaterThan(24);
    expect(await results(page).getByRole("article").count()).toBe(24);
    const stats = await page.getByRole("term").allTextContents();
    expect(stats).toEqual(["Events", "Locations", "Categories"]);
    expect(Number(await page.getByRole("definition").first().textContent())).toBe(unfilteredTotal);
    const toggle = page.getByRole("button", { name: "Show Filters" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByLabel("Category").isVisible()).toBe(false);
    await toggle.click();
    expect(await page.getByRole("button", { name: "Hide Filters" }).getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByLabel("Category").isVisible()).toBe(true);
    expect(await page.getByLabel("Price").locator("option").allTextContents()).toEqual([
      "All",
      "Free",
      "Under £25",
      "£25-£50",
      "£50-£100",
      "Over £100",
    ]);
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("?category=Music preselects Music, opens the filter panel and shows only music events", async () => {
    const tracked = await openEvents(browser, "/events?category=Music");
    const { page } = tracked;
    expect(await page.getByRole("button", { name: "Hide Filters" }).getAttribute("aria-expanded")).toBe("true");
    const category = page.getByLabel("Category");
    expect(await category.isVisible()).toBe(true);
    expect(await category.inputValue()).toBe("music");
    const cards = await cardTexts(page);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.map((text) => text.split("\n")[0]!.trim())).toEqual(cards.map(() => "Music"));
    expect(await totalShown(page)).toBeLessThan(unfilteredTotal);
    expect(await page.getByRole("button", { name: "Remove filter: Music" }).isVisible()).toBe(true);
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("each price band shows only prices inside it", async () => {
    const tracked = await openEvents(browser);
    const { page } = tracked;
    await page.getByRole("button", { name: "Show Filters" }).click();
    const bands: { option: string; value: string; inBand: (pounds: number) => boolean }[] = [
      { option: "Free", value: "free", inBand: (p) => p === 0 },
      { option: "Under £25", value: "under-25", inBand: (p) => p > 0 && p < 25 },
      { option: "£25-£50", value: "25-50", inBand: (p) => p >= 25 && p <= 50 },
      { option: "£50-£100", value: "50-100", inBand: (p) => p > 50 && p <= 100 },
      { option: "Over £100", value: "over-100", inBand: (p) => p > 100 },
    ];
    for (const band of bands) {
      await page.getByLabel("Price").selectOption({ label: band.option });
      await page.waitForURL((url) => url.searchParams.get("price") === band.value);
      await settled(page);
      const prices = (await cardTexts(page)).map(priceOf);
      expect(prices.length, band.option).toBeGreaterThan(0);
      const outside = prices.filter((price) => price === null || !band.inBand(price));
      expect(outside, `${band.option}: ${prices.join(", ")}`).toEqual([]);
      expect(await page.getByRole("button", { name: `Remove filter: ${band.option}` }).isVisible()).toBe(true);
    }
    await page.getByLabel("Price").selectOption({ label: "All" });
    await page.waitForURL((url) => !url.searchParams.has("price"));
    await settled(page);
    expect(await totalShown(page)).toBe(unfilteredTotal);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("sorts by price, lowest first", async () => {
    const tracked = await openEvents(browser);
    const { page } = tracked;
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-low");
    await settled(page);
    const prices = (await cardTexts(page)).map(priceOf).filter((price): price is number => price !== null);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(await totalShown(page)).toBe(unfilteredTotal);
    // The first page may hold only free events (other tests add some): the order goes on across pages.
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2" && url.searchParams.get("sort") === "price-low");
    await settled(page);
    const next = (await cardTexts(page)).map(priceOf).filter((price): price is number => price !== null);
    expect(next).toEqual([...next].sort((a, b) => a - b));
    expect(Math.min(...next)).toBeGreaterThanOrEqual(Math.max(...prices));
    expect(new Set([...prices, ...next]).size).toBeGreaterThan(1);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("search narrows the list, keeps q in the URL and survives a reload", async () => {
    const tracked = await openEvents(browser);
    const { page } = tracked;
    const box = page.getByRole("searchbox", { name: /Search events/ });
    await box.fill("Glasgow");
    // Debounced: the URL follows the typing without pressing Enter.
    await page.waitForURL((url) => url.searchParams.get("q") === "Glasgow");
    await settled(page);
    const narrowed = await totalShown(page);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(unfilteredTotal);
    expect((await cardTexts(page)).length).toBe(narrowed);
    expect(await page.getByRole("button", { name: "Remove filter: “Glasgow”" }).isVisible()).toBe(true);

    await page.reload();
    await waitForHydration(page);
    expect(await box.inputValue()).toBe("Glasgow");
    expect(await totalShown(page)).toBe(narrowed);

    // Enter searches at once; the search is case-insensitive.
    await box.fill("glasgow");
    await box.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "glasgow");
    await settled(page);
    expect(await totalShown(page)).toBe(narrowed);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("shows the filtered empty state for a search that matches nothing", async () => {
    const tracked = await openEvents(browser);
    const { page } = tracked;
    await page.getByRole("searchbox", { name: /Search events/ }).fill("zzqx no such event");
    await page.waitForURL((url) => url.searchParams.get("q") === "zzqx no such event");
    await settled(page);
    expect(await page.getByRole("heading", { name: "No Events Match Your Filters" }).isVisible()).toBe(true);
    expect(await results(page).getByRole("article").count()).toBe(0);
    expect(await totalShown(page)).toBe(0);
    await expectAccessible(page);
    await results(page).getByRole("button", { name: "Clear Filters" }).click();
    await page.waitForURL((url) => url.search === "");
    await settled(page);
    expect(await totalShown(page)).toBe(unfilteredTotal);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("removing a chip removes only that filter", async () => {
    const tracked = await openEvents(browser, "/events?category=music&price=under-25");
    const { page } = tracked;
    const narrowed = await totalShown(page);
    await page.getByRole("button", { name: "Remove filter: Music" }).click();
    await page.waitForURL((url) => !url.searchParams.has("category"));
    await settled(page);
    expect(searchParams(page).get("price")).toBe("under-25");
    expect(await page.getByLabel("Category").inputValue()).toBe("");
    expect(await page.getByRole("button", { name: "Remove filter: Music" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Remove filter: Under £25" }).isVisible()).toBe(true);
    expect(await totalShown(page)).toBeGreaterThan(narrowed);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("Clear Filters resets search, category and price", async () => {
    const tracked = await openEvents(browser, "/events?q=london&category=music&price=over-100");
    const { page } = tracked;
    expect(await totalShown(page)).toBeLessThan(unfilteredTotal);
    expect(await page.getByRole("button", { name: /^Remove filter:/ }).count()).toBe(3);
    await page.getByRole("button", { name: "Clear Filters" }).first().click();
    await page.waitForURL((url) => url.search === "");
    await settled(page);
    expect(await page.getByRole("searchbox", { name: /Search events/ }).inputValue()).toBe("");
    expect(await page.getByLabel("Category").inputValue()).toBe("");
    expect(await page.getByLabel("Price").inputValue()).toBe("");
    expect(await page.getByRole("button", { name: /^Remove filter:/ }).count()).toBe(0);
    expect(await totalShown(page)).toBe(unfilteredTotal);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("shows skeletons with aria-busy while the next list loads", async () => {
    const tracked = await openEvents(browser);
    const { page } = tracked;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await tracked.context.route(/\/events\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Sort by").selectOption({ label: "Title" });
    await expect.poll(() => results(page).getAttribute("aria-busy")).toBe("true");
    expect(await results(page).getByRole("article").count()).toBe(0);
    release();
    await page.waitForURL((url) => url.searchParams.get("sort") === "title");
    await settled(page);
    expect(await results(page).getByRole("article").count()).toBe(24);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("ignores invalid URL values instead of failing", async () => {
    const tracked = await openEvents(browser, "/events?price=cheap&sort=sideways&page=abc");
    expect(await totalShown(tracked.page)).toBe(unfilteredTotal);
    expect(await tracked.page.getByLabel("Sort by").inputValue()).toBe("date");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("pages through the list with numbered page links", async () => {
    const tracked = await openEvents(browser);
    const { page } = tracked;
    const firstPage = await cardTexts(page);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await settled(page);
    const secondPage = await cardTexts(page);
    expect(secondPage.length).toBe(Math.min(24, unfilteredTotal - 24));
    expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);
    expect(await page.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("is accessible on a phone, filters open and closed", async () => {
    const tracked = await openEvents(browser, "/events", "phone");
    const { page } = tracked;
    await expectAccessible(page);
    await page.getByRole("button", { name: "Show Filters" }).click();
    expect(await page.getByLabel("Price").isVisible()).toBe(true);
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

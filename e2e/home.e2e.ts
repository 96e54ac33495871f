import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, waitForHydration } from "./fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;

function featuredList(page: Page) {
  return page.getByRole("list", { name: "Featured events" });
}

/** The titles of the featured cards currently shown, in order. */
async function featuredTitles(page: Page): Promise<string[]> {
  return featuredList(page).getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
}

function searchBox(page: Page) {
  return page.getByRole("searchbox", { name: "Search featured events" });
}

function pageButton(page: Page, n: number) {
  return page.getByRole("navigation", { name: "Featured events pages" }).getByRole("button", { name: `Page ${n}`, exact: true });
}

/** Sections below the fold render only near the viewport (content-visibility), as a reader scrolls. */
async function shownWhenScrolledTo(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.isVisible();
}

/**
 * Stops the page's clock (installed before the page loaded, running in step with real time since) a
 * second ahead of now: from here the page's timers fire only as the test moves its time (runFor).
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 1_000);
}

/** Lets the page finish work already queued (a render after a timer fired) before a "nothing changed" check. */
async function settled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

describe("home page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("server-renders the hero, figures and eight featured cards before any script runs", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);
    await expect(page.locator('meta[property="og:url"]').getAttribute("content")).resolves.toMatch(/^https?:\/\/[^/]+\/$/);
    await expect(page.getByRole("link", { name: "Browse Events" }).getAttribute("href")).resolves.toBe("/events");
    await expect(page.getByRole("link", { name: "Find Local Events" }).getAttribute("href")).resolves.toBe("/events");
    for (const point of ["Create your own event", "Instant QR code delivery", "100% secure checkout", "24/7"]) {
      await expect(page.getByText(point, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }
    // Figures come from the seeded database, rounded (decisions.md D3).
    await expect(page.getByText(/^\d+(\.\d)?[KM]?\+$/).count()).resolves.toBeGreaterThan(0);

    const cards = featuredList(page).getByRole("article");
    await expect(cards.count()).resolves.toBe(8);
    await expect(shownWhenScrolledTo(cards.first().getByText("Featured", { exact: true }))).resolves.toBe(true);
    // The grid sits below the hero, so its images never compete with the first paint.
    const loading = await featuredList(page).locator("img").evaluateAll((images) => images.map((img) => img.getAttribute("loading")));
    // (Every card's picture: events other files add to the catalogue as the run goes may have none.)
    expect(loading.length).toBeGreaterThan(0);
    expect(loading).toEqual(Array(loading.length).fill("lazy"));

    await expect(shownWhenScrolledTo(page.getByRole("heading", { name: "You May Also Like" }))).resolves.toBe(true);
    await expect(shownWhenScrolledTo(page.getByRole("heading", { name: "Similar Events", exact: true }))).resolves.toBe(true);
    await expect(shownWhenScrolledTo(page.getByRole("heading", { name: "Why Choose Eventora?" }))).resolves.toBe(true);
    await context.close();
  });

  it("searches the featured grid case-insensitively, back to page 1, with an empty state for no match", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto("/");
    await waitForHydration(page);

    const firstPage = await featuredTitles(page);
    await pageButton(page, 2).click();
    await expect.poll(() => pageButton(page, 2).getAttribute("aria-current")).toBe("page");
    const secondPage = await featuredTitles(page);
    const wanted = secondPage[0]!;

    // A broad search that still spans several pages must start again from page 1.
    await searchBox(page).fill("e");
    await expect.poll(() => pageButton(page, 1).getAttribute("aria-current")).toBe("page");
    expect(await pageButton(page, 2).getAttribute("aria-current")).toBeNull();

    // A title typed in upper case finds that event, which was on page 2, and hides the others.
    await searchBox(page).fill(wanted.toUpperCase());
    await expect.poll(() => featuredTitles(page)).toContain(wanted);
    const found = await featuredTitles(page);
    expect(found.length).toBeLessThan(8);
    expect(found).not.toContain(firstPage.find((title) => !title.toLowerCase().includes(wanted.toLowerCase())));

    await searchBox(page).fill("zzqx nothing matches this");
    await expect.poll(() => page.getByRole("heading", { name: "Coming Soon" }).isVisible()).toBe(true);
    await expect(page.getByText("Exciting Events On The Way").isVisible()).resolves.toBe(true);
    await expect(featuredList(page).count()).resolves.toBe(0);
    const featured = page.locator("#featured-events");
    await expect(featured.getByRole("link", { name: "Browse All Events" }).getAttribute("href")).resolves.toBe("/events");
    await expect(featured.getByRole("link", { name: "Create an Event" }).getAttribute("href")).resolves.toBe("/create-event");

    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => featuredTitles(page)).toEqual(firstPage);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("pages through the featured grid, moving aria-current and scrolling back to the section", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);

    expect(await pageButton(page, 1).getAttribute("aria-current")).toBe("page");
    const nav = page.getByRole("navigation", { name: "Featured events pages" });
    expect(await nav.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    const firstPage = await featuredTitles(page);
    expect(firstPage).toHaveLength(8);

    await pageButton(page, 2).click();
    await expect.poll(() => pageButton(page, 2).getAttribute("aria-current")).toBe("page");
    expect(await pageButton(page, 1).getAttribute("aria-current")).toBeNull();
    const secondPage = await featuredTitles(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
    // The grid's section is brought into view below the sticky header.
    await expect.poll(() => page.locator("#featured-events").evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(100);
    await expect.poll(() => page.locator("#featured-events").evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);

    await nav.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => pageButton(page, 3).getAttribute("aria-current")).toBe("page");
    await nav.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => pageButton(page, 2).getAttribute("aria-current")).toBe("page");
    await expect.poll(() => featuredTitles(page)).toEqual(secondPage);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("moves the category carousel with its arrows and dots, locking input during a transition", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    // Under reduced motion the carousel never advances on its own, so every move below is ours.
    await page.emulateMedia({ reducedMotion: "reduce" });
    // The page's clock, stopped once hydrated: the 500 ms lock is then measured in the page's time, which
    // moves only when the test moves it, however slowly the machine clicks.
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await pauseClock(page);

    const carousel = page.getByRole("region", { name: "Event categories" });
    // Hidden slides are inert, so only the current one is exposed.
    const currentSlide = carousel.getByRole("group").and(page.locator(":not([inert])"));
    await expect(currentSlide.getAttribute("aria-label")).resolves.toBe("1 of 6: Music Events");
    await expect(currentSlide.getByRole("link", { name: "Explore Music Events" }).getAttribute("href")).resolves.toBe(
      "/events?category=music",
    );
    await expect(page.locator("#home-category-slides").getAttribute("aria-live")).resolves.toBe("polite");

    const next = carousel.getByRole("button", { name: "Next slide" });
    await next.click();
    await next.click(); // within 500 ms (no time has passed): ignored
    await expect.poll(() => currentSlide.getAttribute("aria-label")).toBe("2 of 6: Theatre & Arts");
    await page.clock.runFor(499);
    await next.click(); // still locked
    await settled(page);
    expect(await currentSlide.getAttribute("aria-label")).toBe("2 of 6: Theatre & Arts");
    await page.clock.runFor(1);
    await next.click();
    await expect.poll(() => currentSlide.getAttribute("aria-label")).toBe("3 of 6: Reggae Festival");

    await page.clock.runFor(500);
    await carousel.getByRole("button", { name: "Show slide 6: Food & Dining" }).click();
    await expect.poll(() => currentSlide.getAttribute("aria-label")).toBe("6 of 6: Food & Dining");
    await expect(carousel.getByRole("button", { name: "Show slide 6: Food & Dining" }).getAttribute("aria-current")).resolves.toBe("true");
    await page.clock.runFor(500);
    await next.click();
    await expect.poll(() => currentSlide.getAttribute("aria-label")).toBe("1 of 6: Music Events");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("rotates the category carousel every 4 s, pausing on hover and stopping on request", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.emulateMedia({ reducedMotion: "no-preference" });
    // The page's clock, stopped once hydrated: 4 s pass when the test says so (page.clock.runFor).
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await pauseClock(page);

    const carousel = page.getByRole("region", { name: "Event categories" });
    const currentSlide = carousel.getByRole("group").and(page.locator(":not([inert])"));
    const slides = page.locator("#home-category-slides");
    // While it rotates on its own, screen readers are not interrupted by every slide.
    await expect.poll(() => slides.getAttribute("aria-live")).toBe("off");

    // Hovering pauses it; leaving starts the slide's full 4 s again, from this moment of the page's clock.
    await carousel.hover();
    await expect.poll(() => slides.getAttribute("aria-live")).toBe("polite");
    await page.mouse.move(0, 0);
    await expect.poll(() => slides.getAttribute("aria-live")).toBe("off");
    const shown = await currentSlide.getAttribute("aria-label");
    const position = Number(/^(\d) of 6/.exec(shown ?? "")?.[1]);
    await page.clock.runFor(3_999);
    await settled(page);
    expect(await currentSlide.getAttribute("aria-label")).toBe(shown);
    await page.clock.runFor(1);
    await expect.poll(() => currentSlide.getAttribute("aria-label")).toMatch(new RegExp(`^${(position % 6) + 1} of 6: `));

    await carousel.getByRole("button", { name: "Stop automatic slide show" }).click();
    await page.mouse.move(0, 0);
    await expect.poll(() => slides.getAttribute("aria-live")).toBe("polite");
    const stoppedOn = await currentSlide.getAttribute("aria-label");
    await page.clock.runFor(4_600);
    await settled(page);
    expect(await currentSlide.getAttribute("aria-label")).toBe(stoppedOn);
    await expect(carousel.getByRole("button", { name: "Start automatic slide show" }).isVisible()).resolves.toBe(true);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("draws a Similar Events rail per category, with its cards and a See all link, as the visitor scrolls to it", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto("/");
    await waitForHydration(page);
    const rails = page.getByRole("group", { name: /^Similar Events: / });
    // Far below the fold, the rails are not drawn until the visitor heads their way.
    await expect(rails.count()).resolves.toBe(0);

    await page.getByRole("heading", { name: "Similar Events", exact: true }).scrollIntoViewIfNeeded();
    await expect.poll(() => rails.count()).toBeGreaterThan(1);
    const comedy = page.getByRole("group", { name: "Similar Events: Comedy" });
    await comedy.scrollIntoViewIfNeeded();
    await expect.poll(() => comedy.getByRole("list", { name: "Comedy events" }).getByRole("article").count()).toBeGreaterThan(0);
    await expect(comedy.getByRole("link", { name: "See all Comedy events" }).getAttribute("href")).resolves.toBe("/events?category=comedy");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("asks before storing ?ref=CODE, stores it for 30 days only after Yes, and removes it once expired (issue 34)", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto("/?ref=abc123");
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: "Affiliate link" });
    await banner.getByText("You came from ABC123's link. Remember it for 30 days so they get credit if you buy later?").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("affiliate_code"))).toBeNull();
    const before = Date.now();
    await banner.getByRole("button", { name: "Yes" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("affiliate_code"))).toBe("ABC123");
    const expiry = Number(await page.evaluate(() => localStorage.getItem("affiliate_expiry")));
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    // An invalid ref neither asks nor replaces a live code.
    await page.goto("/?ref=no!");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(await banner.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("affiliate_code"))).toBe("ABC123");

    // The same code again while it is remembered: nothing to ask.
    await page.goto("/?ref=ABC123");
    await waitForHydration(page);
    // The question's script has loaded and answered by then.
    await page.waitForLoadState("networkidle");
    expect(await banner.count()).toBe(0);

    // Once its 30 days have passed, the code is removed and the next visit through the link asks again.
    await page.evaluate(() => localStorage.setItem("affiliate_expiry", String(Date.now() - 1000)));
    await page.goto("/?ref=abc123");
    await waitForHydration(page);
    await banner.waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("affiliate_code"), localStorage.getItem("affiliate_expiry")])).toEqual([null, null]);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it.each(["desktop", "phone"] as const)("has no serious accessibility violations on a %s", async (viewport) => {
    const tracked = await openPage(browser, { viewport });
    const { page } = tracked;
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);
    await page.getByRole("button", { name: "Why Choose Eventora?" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Fair refunds" }).isVisible()).toBe(true);
    await expectAccessible(page);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(tracked.externalRequests).toEqual([]);
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

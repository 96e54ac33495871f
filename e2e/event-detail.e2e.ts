import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allInPrice,
  formatLongDate,
  formatPounds,
  isBusinessListing,
  ticketTotal,
  type EventDetail,
  type EventListResult,
  type EventSummary,
} from "@domain";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, waitForHydration } from "./fixtures";

/** The browser reports the page's own 404 status as a console error; that one is expected here. */
const DOCUMENT_404 = /Failed to load resource: the server responded with a status of 404/;

async function listedEvents(query = ""): Promise<EventSummary[]> {
  const response = await fetch(`${baseUrl()}/api/events?pageSize=50${query}`);
  const body = (await response.json()) as EventListResult;
  return body.events;
}

async function eventDetail(id: string): Promise<EventDetail> {
  return (await (await fetch(`${baseUrl()}/api/events/${id}`)).json()) as EventDetail;
}

function find(events: EventSummary[], predicate: (event: EventSummary) => boolean, what: string): EventSummary {
  const event = events.find(predicate);
  if (!event) throw new Error(`The seed has no ${what}`);
  return event;
}

const isPaid = (e: EventSummary) => e.pricePence > 0 && !isBusinessListing(e);

async function open(browser: Browser, id: string, options: Parameters<typeof openPage>[1] = {}) {
  const tracked = await openPage(browser, options);
  const response = await tracked.page.goto(`/events/${id}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(tracked.page);
  return tracked;
}

function sidePanel(page: Page) {
  return page.getByRole("complementary", { name: "Tickets and event information" });
}

/** Absolute URLs use the configured public origin, which may name the host differently from the test's. */
function expectAbsolute(url: string | null | undefined, path: string | RegExp) {
  expect(url).toMatch(/^https?:\/\//);
  const { pathname } = new URL(url!);
  if (typeof path === "string") expect(pathname).toBe(path);
  else expect(pathname).toMatch(path);
}

function heading(page: Page, name: string) {
  return page.getByRole("heading", { name, exact: true });
}

describe("event detail page", () => {
  let browser: Browser;
  let events: EventSummary[];
  beforeAll(async () => {
    browser = await launchBrowser();
    events = await listedEvents();
  });
  afterAll(async () => browser?.close());

  it("books a paid event: all-in price with its fee named, live total, What's Included, and buy buttons ready to use", async () => {
    const event = find(events, (e) => isPaid(e) && !e.absorbsBookingFee && (e.remaining === null || e.remaining > 20), "paid event with places");
    const tracked = await open(browser, event.id);
    const { page } = tracked;

    await expect(page.getByRole("heading", { level: 1 }).allInnerTexts()).resolves.toEqual([event.title]);
    await expect(heading(page, "Book Your Tickets").isVisible()).resolves.toBe(true);
    const side = sidePanel(page);
    // The headline is all-in (D21): ticket price plus the £2.30 fee, named with it.
    const price = allInPrice(event);
    await expect(side.getByText(price.priceText, { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(side.getByText(price.feeText!, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(formatLongDate(event.dateTime)!).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText("Available", { exact: true }).first().isVisible()).resolves.toBe(true);

    await expect(heading(page, "What's Included").isVisible()).resolves.toBe(true);
    for (const item of ["Instant QR code delivery", "100% secure checkout", "Secure payment processing", "Premium event experience"]) {
      await expect(page.getByText(item, { exact: true }).isVisible()).resolves.toBe(true);
    }

    for (const name of ["Buy Now", "Add to Cart"]) {
      await expect(page.getByRole("button", { name }).isEnabled()).resolves.toBe(true);
    }

    // The total follows the quantity, fee included (spec §9: (price + £2.30) × quantity).
    const quantity = page.getByLabel("Ticket quantity");
    const total = side.getByRole("status", { name: "Total" });
    await expect(total.innerText()).resolves.toBe(formatPounds(ticketTotal(event.pricePence, 1, false)));
    await quantity.fill("3");
    await expect.poll(() => total.innerText()).toBe(formatPounds(ticketTotal(event.pricePence, 3, false)));
    await page.getByRole("button", { name: "One ticket more" }).click();
    await expect.poll(() => quantity.inputValue()).toBe("4");

    // Empty or below 1 resets to 1 on blur (spec §5 Ticket quantity).
    for (const bad of ["", "0", "-2"]) {
      await quantity.fill(bad);
      await quantity.blur();
      await expect.poll(() => quantity.inputValue()).toBe("1");
    }
    await expect(total.innerText()).resolves.toBe(formatPounds(ticketTotal(event.pricePence, 1, false)));

    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("caps the quantity at the places left and shows 'Only N left' (decisions.md D9)", async () => {
    const event = find(events, (e) => isPaid(e) && e.remaining !== null && e.remaining > 0 && e.remaining <= 20, "nearly full event");
    const tracked = await open(browser, event.id);
    const { page } = tracked;
    await expect(page.getByText(`Only ${event.remaining} left`).first().isVisible()).resolves.toBe(true);
    const quantity = page.getByLabel("Ticket quantity");
    await quantity.fill(String(event.remaining! + 5));
    await quantity.blur();
    await expect.poll(() => quantity.inputValue()).toBe(String(event.remaining));
    await expect(page.getByRole("button", { name: "One ticket more" }).isDisabled()).resolves.toBe(true);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("shows 'Sold out' instead of a quantity for a full event", async () => {
    const event = find(events, (e) => isPaid(e) && e.remaining === 0, "sold-out event");
    const tracked = await open(browser, event.id);
    const { page } = tracked;
    await expect(page.getByText("Sold out", { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Ticket quantity").count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Buy Now" }).isDisabled()).resolves.toBe(true);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("shows the Free Event card for a free event, with no booking", async () => {
    const event = find(events, (e) => e.pricePence === 0 && !isBusinessListing(e), "free event");
    const tracked = await open(browser, event.id);
    const { page } = tracked;
    await expect(heading(page, "Free Event").isVisible()).resolves.toBe(true);
    await expect(page.getByText("No booking required").isVisible()).resolves.toBe(true);
    await expect(heading(page, "Book Your Tickets").count()).resolves.toBe(0);
    await expect(heading(page, "What's Included").count()).resolves.toBe(0);
    await expect(sidePanel(page).getByText("booking & processing fee").count()).resolves.toBe(0);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("shows Business Information and no date for a food listing, on desktop and phone", async () => {
    const event = find(events, (e) => e.category === "food", "food listing");
    for (const viewport of ["desktop", "phone"] as const) {
      const tracked = await open(browser, event.id, { viewport });
      const { page } = tracked;
      await expect(heading(page, "Business Information").isVisible()).resolves.toBe(true);
      await expect(heading(page, "Event Information").isVisible()).resolves.toBe(true);
      await expect(heading(page, "Book Your Tickets").count()).resolves.toBe(0);
      await expect(page.getByText(formatLongDate(event.dateTime)!).count()).resolves.toBe(0);
      const info = sidePanel(page);
      await expect(info.getByText("Date", { exact: true }).count()).resolves.toBe(0);
      await expect(info.getByText("Location", { exact: true }).isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      expectNoErrors(tracked);
      await tracked.context.close();
    }
  });

  it("copies the link and says 'Link Copied' when the browser has no native share", async () => {
    const event = find(events, isPaid, "paid event");
    const tracked = await openPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
    const { page } = tracked;
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);
    await expect(page.evaluate(() => typeof navigator.share)).resolves.toBe("undefined");

    await page.getByRole("button", { name: "Share" }).click();
    await expect.poll(() => page.getByText("Link Copied", { exact: true }).isVisible()).toBe(true);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(`${baseUrl()}/events/${event.id}`);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("uses the native share sheet when there is one", async () => {
    const event = find(events, isPaid, "paid event");
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(window, "__shared", { value: shared });
      Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void shared.push(data), configurable: true });
    });
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Share" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared.map((d) => d.url)))
      .toEqual([`${baseUrl()}/events/${event.id}`]);
    await expect(page.getByText("Link Copied").count()).resolves.toBe(0);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it.each([
    ["an unknown id", randomUUID()],
    ["a malformed id", "not-an-event-id"],
  ])("answers 404 with 'Event not found' for %s", async (_label, id) => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const response = await page.goto(`/events/${id}`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Event not found" }).isVisible()).resolves.toBe(true);
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe("noindex");
    await page.getByRole("main").getByRole("link", { name: "Back to Events" }).click();
    await page.waitForURL(`${baseUrl()}/events`);
    expectNoErrors(tracked, [DOCUMENT_404]);
    await tracked.context.close();
  });

  it("server-renders meta tags and schema.org Event data that match the event", async () => {
    const event = find(events, (e) => isPaid(e) && !!e.imageUrl, "paid event with an image");
    const html = await (await fetch(`${baseUrl()}/events/${event.id}`)).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    // `<` must never appear raw inside the script, or a title could close it.
    expect(scripts[0]).not.toContain("<");
    const data = JSON.parse(scripts[0]!) as Record<string, unknown> & { offers: Record<string, unknown>; location: Record<string, unknown> };
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: event.title,
      startDate: event.dateTime,
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
    });
    expectAbsolute(data.url as string, `/events/${event.id}`);
    expect(data.offers).toMatchObject({
      "@type": "Offer",
      // The all-in price the page shows (D21), not the ticket price before the booking fee.
      price: (event.allInPricePence / 100).toFixed(2),
      priceCurrency: "GBP",
      availability: event.remaining === 0 ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    });
    expect(data.location).toMatchObject({ "@type": "Place", name: event.venue ?? event.location });

    const tracked = await open(browser, event.id);
    const { page } = tracked;
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    await expect(page.title()).resolves.toContain(event.title);
    expectAbsolute(await meta('meta[property="og:url"]'), `/events/${event.id}`);
    expectAbsolute(await meta('meta[property="og:image"]'), /^\/media\//);
    await expect(meta('meta[property="og:type"]')).resolves.toBeTruthy();
    const description = (await meta('meta[name="description"]'))!;
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(160);
    // The hero image is the largest paint: it must not wait for lazy loading.
    const hero = page.getByRole("img", { name: event.title, exact: true });
    await expect(hero.getAttribute("loading")).resolves.toBe("eager");
    await expect(hero.getAttribute("fetchpriority")).resolves.toBe("high");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("shows a YouTube promo video as a placeholder, and loads its youtube-nocookie.com frame only on a click (issue 34)", async () => {
    let youtube: EventDetail | undefined;
    for (const event of events) {
      const detail = await eventDetail(event.id);
      if (detail.videoUrl && /youtube\.com|youtu\.be/.test(detail.videoUrl)) {
        youtube = detail;
        break;
      }
    }
    if (!youtube) throw new Error("The seed has no event with a YouTube video");
    const tracked = await open(browser, youtube.id);
    const { page } = tracked;
    const play = page.getByRole("button", { name: "Play video (loads YouTube)" });
    await play.scrollIntoViewIfNeeded();
    await expect(page.locator("iframe").count()).resolves.toBe(0);
    expect(tracked.externalRequests).toEqual([]);
    await play.click();
    const frame = page.locator("iframe");
    await expect(frame.getAttribute("src")).resolves.toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1$/);
    await expect(frame.getAttribute("title")).resolves.toBe(`${youtube.title} promo video`);
    await expect(page.getByText("Invalid video URL").count()).resolves.toBe(0);
    // The click is what reaches YouTube (blocked in tests): only the frame's request leaves the site.
    await expect.poll(() => tracked.externalRequests.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/"))).toBe(true);
    expect(tracked.externalRequests.filter((url) => !url.startsWith("https://www.youtube-nocookie.com/"))).toEqual([]);
    expectNoErrors(tracked, [/youtube-nocookie\.com/, /net::ERR_FAILED/]);
    await tracked.context.close();
  });

  it("plays a direct video file natively without preloading it", async () => {
    let file: EventDetail | undefined;
    for (const event of events) {
      const detail = await eventDetail(event.id);
      if (detail.videoUrl && /\.(mp4|webm|ogg)$/i.test(detail.videoUrl)) {
        file = detail;
        break;
      }
    }
    if (!file) throw new Error("The seed has no event with a video file");
    const tracked = await open(browser, file.id);
    const video = tracked.page.locator("video");
    await expect(video.getAttribute("preload")).resolves.toBe("none");
    await expect(video.getAttribute("controls")).resolves.not.toBeNull();
    await expect(video.locator("source").getAttribute("src")).resolves.toBe(file.videoUrl);
    await tracked.context.close();
  });

  it("lists similar events of the same category, never the event itself", async () => {
    const event = find(events, (e) => isPaid(e) && e.category === "music", "paid music event");
    const sameCategory = await listedEvents(`&category=${event.category}`);
    const expected = sameCategory.filter((e) => e.id !== event.id).slice(0, 8);
    const tracked = await open(browser, event.id, { viewport: "phone" });
    const { page } = tracked;
    const section = page.getByRole("region", { name: "Similar Events" });
    const titles = await section.getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
    expect(titles).toEqual(expected.map((e) => e.title));
    expect(titles).not.toContain(event.title);
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("goes back to the events list", async () => {
    const event = find(events, isPaid, "paid event");
    const tracked = await open(browser, event.id);
    await tracked.page.getByRole("link", { name: "Back to Events" }).click();
    await tracked.page.waitForURL(`${baseUrl()}/events`);
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

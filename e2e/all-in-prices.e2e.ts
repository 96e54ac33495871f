import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allInPrice, formatPounds, isBusinessListing, type EventListResult, type EventSummary } from "@domain";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, toast, waitForHydration } from "./fixtures";

/** The seed's paid events: one whose buyers pay the booking fee, and the one whose organiser absorbs it. */
async function seededPaidEvents(): Promise<{ passedOn: EventSummary; absorbed: EventSummary }> {
  const { events } = (await (await fetch(`${baseUrl()}/api/events?pageSize=50&sort=price-high`)).json()) as EventListResult;
  const paid = events.filter((event) => event.pricePence > 0 && !isBusinessListing(event) && (event.remaining === null || event.remaining > 10));
  const passedOn = paid.find((event) => !event.absorbsBookingFee);
  const absorbed = paid.find((event) => event.absorbsBookingFee);
  if (!passedOn || !absorbed) throw new Error("The seed needs a paid event of each kind");
  return { passedOn, absorbed };
}

const sidePanel = (page: Page) => page.getByRole("complementary", { name: "Tickets and event information" });

async function addToCart(page: Page, event: EventSummary) {
  await page.goto(`/events/${event.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await toast(page, "Added to cart").waitFor();
}

describe("all-in prices (D21)", () => {
  let browser: Browser;
  let passedOn: EventSummary;
  let absorbed: EventSummary;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ passedOn, absorbed } = await seededPaidEvents());
  });
  afterAll(async () => browser?.close());

  it("cards and the event page show the price with the fee in it, named; an absorbed fee shows the ticket price and 'No booking fee'", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const paying = allInPrice(passedOn);
    expect(paying.feeText).toBe("incl. £2.30 booking & processing fee per ticket");

    // A card in the listing.
    await page.goto(`/events?q=${encodeURIComponent(passedOn.title)}`);
    await waitForHydration(page);
    const card = page.getByRole("article").filter({ hasText: passedOn.title }).first();
    await card.getByText(paying.priceText, { exact: true }).waitFor();
    await card.getByText(paying.feeText!, { exact: true }).waitFor();

    // The event page: the headline and the live split.
    await page.goto(`/events/${passedOn.id}`);
    await waitForHydration(page);
    const side = sidePanel(page);
    await side.getByText(paying.priceText, { exact: true }).first().waitFor();
    await side.getByText(paying.feeText!, { exact: true }).waitFor();
    await page.getByLabel("Ticket quantity").fill("2");
    await expect.poll(() => side.getByRole("status", { name: "Total" }).innerText()).toBe(formatPounds((passedOn.pricePence + paying.feePence) * 2));
    await side.getByText(`2 × ${formatPounds(passedOn.pricePence)}`, { exact: true }).waitFor();
    await side.getByText("2 × £2.30", { exact: true }).waitFor();

    const free = allInPrice(absorbed);
    expect(free).toMatchObject({ priceText: formatPounds(absorbed.pricePence), feeText: "No booking fee" });
    await page.goto(`/events/${absorbed.id}`);
    await waitForHydration(page);
    await side.getByText(free.priceText, { exact: true }).first().waitFor();
    await side.getByText("No booking fee", { exact: true }).waitFor();
    await expect(side.getByText("Booking & processing fee").count()).resolves.toBe(0);
    await expect(side.getByRole("status", { name: "Total" }).innerText()).resolves.toBe(formatPounds(absorbed.pricePence));
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("the cart shows each line's all-in price and the split: tickets, booking fee, total", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await addToCart(page, passedOn);
    await addToCart(page, absorbed);
    await page.goto("/cart");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Shopping Cart" }).waitFor();
    const paying = allInPrice(passedOn);
    await page.getByText(`${paying.priceText} per ticket`).waitFor();
    await page.getByText(`ticket ${formatPounds(passedOn.pricePence)} + booking & processing fee £2.30`).waitFor();
    await page.getByText(`${formatPounds(absorbed.pricePence)} per ticket`).waitFor();
    await page.getByText("No booking fee", { exact: true }).waitFor();

    const summary = page.getByRole("heading", { name: "Order Summary" }).locator("..");
    const row = (name: string) => summary.locator("div", { has: page.getByText(name, { exact: true }) }).locator("dd");
    await expect(row("Subtotal (2 tickets)").innerText()).resolves.toBe(formatPounds(passedOn.pricePence + absorbed.pricePence));
    await expect(row("Booking & processing fee").innerText()).resolves.toBe("£2.30");
    await expect(row("Total").innerText()).resolves.toBe(formatPounds(passedOn.pricePence + absorbed.pricePence + 230));
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

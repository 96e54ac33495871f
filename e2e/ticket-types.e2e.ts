import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditableEvent } from "../src/domain";
import { baseUrl, DEMO_ORGANISER, expectAccessible, expectNoErrors, launchBrowser, openPage, signedInState, signIn, waitForHydration } from "./fixtures";
import { createConfirmedAccount } from "./mail";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** An event with several ticket types, bought from its page (issue 36). */
describe("ticket types on the event page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("lists each type with its all-in price and what is left, and buys the chosen type", async () => {
    // The demo organiser (seller details complete) puts on an event with four types, one hidden, one not yet on sale.
    const organiser = await browser.newContext({ baseURL: baseUrl(), storageState: await signedInState(browser, DEMO_ORGANISER) });
    const title = `Harbour Types Night ${Date.now().toString(36)}`;
    const created = await organiser.request.post("/api/events", {
      headers: { origin: baseUrl() },
      data: {
        title,
        category: "music",
        dateTime: inDays(40),
        venue: "The Harbour Hall",
        location: "Bristol",
        maxAttendees: 150,
        ticketTypes: [
          { name: "Standard", pricePence: 1500 },
          { name: "VIP", pricePence: 4000, capacity: 12, description: "Balcony seats and a welcome drink" },
          { name: "Late release", pricePence: 1800, salesStart: inDays(10) },
          { name: "Crew", pricePence: 500, hidden: true },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = (await created.json()) as EditableEvent;
    await organiser.close();

    const account = await createConfirmedAccount("types-buyer");
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, account);
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);

    const types = page.getByRole("group", { name: "Ticket type" });
    await types.waitFor();
    // Shown types only, each with its all-in price (D21); Crew is hidden.
    expect(await types.getByRole("radio").count()).toBe(3);
    expect(await types.getByText("Crew").count()).toBe(0);
    await types.getByText("£17.30").waitFor();
    await types.getByText("£42.30").waitFor();
    await types.getByText("Only 12 left").waitFor();
    await types.getByText(/^On sale /).waitFor();
    expect(await types.getByRole("radio", { name: /Late release/ }).isDisabled()).toBe(true);
    expect(await types.getByRole("radio", { name: /Standard/ }).isChecked()).toBe(true);
    await expectAccessible(page);

    await types.getByRole("radio", { name: /VIP/ }).check();
    await page.getByText("£42.30").first().waitFor();
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByLabel("Name on the ticket").fill("Ada Lovelace");
    const popup = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Buy Now" }).click();
    const checkout = await popup;
    await checkout.waitForURL((url) => url.pathname.startsWith("/checkout/test/cs_test_"));
    await waitForHydration(checkout);
    // The checkout names the type, and charges two VIP tickets with their fees.
    await checkout.getByText(`${title}: VIP`).first().waitFor();
    await checkout.getByRole("button", { name: "Pay £84.60" }).waitFor();
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

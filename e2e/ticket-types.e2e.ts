import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditableEvent } from "../src/domain";
import { baseUrl, DEMO_ORGANISER, expectAccessible, expectNoErrors, launchBrowser, openPage, signedInState, signIn, toast, waitForHydration } from "./fixtures";
import { createConfirmedAccount } from "./mail";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** A day ahead at a time, as a datetime-local input takes it (UK time). */
const localInDays = (days: number, time: string) => `${inDays(days).slice(0, 10)}T${time}`;

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

  it("an organiser sets up three types in the event form; a buyer puts two of them in the cart and reaches the checkout with both lines", async () => {
    const organiser = await openPage(browser, { storageState: await signedInState(browser, DEMO_ORGANISER) });
    const form = organiser.page;
    await form.goto("/create-event");
    await waitForHydration(form);
    const title = `Harbour Cart Night ${Date.now().toString(36)}`;
    await form.getByLabel("Event Title").fill(title);
    await form.getByLabel("Event Type").selectOption("music");
    await form.getByLabel("Start Date & Time").fill(localInDays(40, "19:30"));
    await form.getByLabel("Venue").fill("The Harbour Hall");
    await form.getByLabel("Location").fill("Bristol");
    // The spec's form: one price; the first type takes it once another is added.
    await form.getByLabel("Price (£)").fill("10");
    await form.getByLabel("Max Attendees").fill("150");

    await form.getByRole("button", { name: "Add another ticket type" }).click();
    const first = form.getByRole("group", { name: /^Ticket type 1/ });
    const second = form.getByRole("group", { name: /^Ticket type 2/ });
    // Focus is on the new type's name.
    await expect.poll(() => second.getByRole("textbox", { name: "Name" }).evaluate((input) => input === document.activeElement)).toBe(true);
    await first.getByRole("textbox", { name: "Name" }).fill("Early bird");
    await first.getByLabel("Capacity").fill("50");
    await first.getByLabel("On sale until").fill(localInDays(20, "18:00"));
    await second.getByRole("textbox", { name: "Name" }).fill("Standard");
    await second.getByLabel("Price (£)").fill("15");
    await form.getByRole("button", { name: "Add another ticket type" }).click();
    const third = form.getByRole("group", { name: /^Ticket type 3/ });
    await third.getByRole("textbox", { name: "Name" }).fill("VIP");
    await third.getByLabel("Price (£)").fill("40");
    await third.getByLabel("Capacity").fill("20");
    await expectAccessible(form);

    const saved = form.waitForResponse((response) => response.url().endsWith("/api/events") && response.request().method() === "POST");
    await form.getByRole("button", { name: "Create Event" }).click();
    const event = (await (await saved).json()) as EditableEvent;
    await toast(form, "Event created successfully!").waitFor();
    expect(event.maxAttendees).toBe(150);
    expect(event.ticketTypes.map((type) => [type.name, type.pricePence, type.capacity, type.salesEnd !== null])).toEqual([
      ["Early bird", 1000, 50, true],
      ["Standard", 1500, null, false],
      ["VIP", 4000, 20, false],
    ]);
    expectNoErrors(organiser);
    await organiser.context.close();

    const account = await createConfirmedAccount("types-cart-buyer");
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, account);
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);
    const types = page.getByRole("group", { name: "Ticket type" });
    await types.getByText("£12.30").waitFor();
    await types.getByText("£17.30").waitFor();
    await types.getByText("£42.30").waitFor();
    await types.getByText(/On sale until/).waitFor();

    await types.getByRole("radio", { name: /Standard/ }).check();
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await toast(page, "Added to cart").waitFor();
    await types.getByRole("radio", { name: /VIP/ }).check();
    await page.getByLabel("Ticket quantity").fill("1");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => page.getByText(`1 ticket for ${title}: VIP.`).count()).toBeGreaterThan(0);

    await page.goto("/cart");
    await waitForHydration(page);
    await page.getByText("3 tickets for 1 event").waitFor();
    const lines = page.getByRole("list", { name: "Cart items" });
    const standardLine = lines.getByRole("listitem").filter({ hasText: "Standard" }).first();
    const vipLine = lines.getByRole("listitem").filter({ hasText: "VIP" }).first();
    await standardLine.getByText("£17.30 per ticket").waitFor();
    await standardLine.getByText("£34.60").waitFor();
    await vipLine.getByText("£42.30 per ticket").waitFor();
    await expectAccessible(page);
    await page.getByLabel("Name on the ticket").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(page);
    // Both lines reach the checkout, each named with its type.
    await page.getByText(`${title}: Standard`).first().waitFor();
    await page.getByText(`${title}: VIP`).first().waitFor();
    await page.getByRole("button", { name: "Pay £76.90" }).waitFor();
    expectNoErrors(tracked);
    await tracked.context.close();
    // Two people's journeys: the organiser's form and the buyer's cart.
  }, 150_000);

  it("a free type beside paid ones is booked from the event page with no payment: straight to the booked ticket", async () => {
    const organiser = await browser.newContext({ baseURL: baseUrl(), storageState: await signedInState(browser, DEMO_ORGANISER) });
    const title = `Harbour Family Day ${Date.now().toString(36)}`;
    const created = await organiser.request.post("/api/events", {
      headers: { origin: baseUrl() },
      data: { title, category: "music", dateTime: inDays(40), venue: "The Harbour Hall", location: "Bristol", maxAttendees: 150, ticketTypes: [{ name: "Under 5s", pricePence: 0 }, { name: "Adult", pricePence: 1200 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = (await created.json()) as EditableEvent;
    await organiser.close();

    const account = await createConfirmedAccount("types-free-buyer");
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, account);
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);
    const types = page.getByRole("group", { name: "Ticket type" });
    await types.getByRole("radio", { name: /Under 5s/ }).check();
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByText("£0.00").last().waitFor();
    await page.getByLabel("Name on the ticket").fill("Ada Lovelace");
    // No checkout window: this tab goes to the booked tickets.
    await page.getByRole("button", { name: "Buy Now" }).click();
    await page.waitForURL((url) => url.pathname === "/payment-success" && url.searchParams.get("session_id")!.startsWith("free_"));
    await page.getByRole("heading", { level: 1, name: "Booking Confirmed!" }).waitFor();
    const booking = page.getByRole("list", { name: "Your bookings" });
    await booking.getByText(title).waitFor();
    expect(await booking.getByText("Under 5s").count()).toBe(2);
    expect(tracked.context.pages()).toHaveLength(1);
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

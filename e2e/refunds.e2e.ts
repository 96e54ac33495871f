import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";
import { createAccount, createEvent } from "../test/fixtures";
import { expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, toast, waitForHydration } from "./fixtures";
import { createConfirmedAccount, waitForMail } from "./mail";

const PASSWORD = "issue19-pass-1";

describe("an organiser's refund from Attendee Management (issue 19)", () => {
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

  it("refunds one ticket of a 2-ticket booking; the buyer sees 'Partly refunded' with 1 valid ticket on My Tickets and gets the refund e-mail", async () => {
    const organiser = await createAccount(database.db, { password: PASSWORD });
    const title = `Refundable Riverside Jazz ${Date.now().toString(36)}`;
    const event = await createEvent(database.db, { userId: organiser.id, title, pricePence: 1500, maxAttendees: 50, dateTime: new Date(Date.now() + 30 * 86_400_000) });
    const buyer = await createConfirmedAccount("refund-buyer");

    // The buyer buys 2 tickets through the test checkout.
    const buying = await openPage(browser);
    await signIn(buying.page, buyer);
    await buying.page.goto(`/events/${event.id}`);
    await waitForHydration(buying.page);
    await buying.page.getByRole("button", { name: "One ticket more" }).click();
    await buying.page.getByLabel("Name on the ticket").fill("Grace Hopper");
    const popup = buying.page.context().waitForEvent("page");
    await buying.page.getByRole("button", { name: "Buy Now" }).click();
    const checkout = await popup;
    await checkout.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(checkout);
    await checkout.getByRole("button", { name: "Pay £34.60" }).click();
    await checkout.waitForURL((url) => url.pathname === "/payment-success");
    await waitForMail(buyer.email, (m) => m.subject === `Your ticket: ${title}`);

    // The organiser refunds one of the two from Attendee Management.
    const managing = await openPage(browser);
    const { page } = managing;
    await signIn(page, { email: organiser.email, password: PASSWORD });
    await page.goto(`/dashboard/attendees?event=${event.id}`);
    await waitForHydration(page);
    // A row per ticket (issue 36): the booking's first row carries its refund.
    const row = page.getByRole("row", { name: /Grace Hopper/ }).first();
    await row.getByRole("button", { name: "Refund Grace Hopper" }).click();
    const dialog = page.getByRole("dialog", { name: "Refund tickets" });
    await dialog.waitFor();
    const quantity = dialog.getByLabel("Tickets to refund");
    expect(await quantity.inputValue()).toBe("2");
    await dialog.getByText("2 tickets refunded to the buyer's card: £34.60 (tickets £30.00, booking fee £4.60).").waitFor();
    await quantity.selectOption("1");
    await dialog.getByText("1 ticket refunded to the buyer's card: £17.30 (tickets £15.00, booking fee £2.30).").waitFor();
    await dialog.getByText(/1 ticket will still be valid/).waitFor();
    // No reason: the form says so and sends nothing.
    await dialog.getByRole("button", { name: "Refund £17.30" }).click();
    await dialog.getByText("Please give a reason for the refund.").waitFor();
    await dialog.getByLabel("Reason").fill("The buyer's friend cannot come");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Refund £17.30" }).click();
    await toast(page, "Tickets refunded").waitFor();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Partly refunded").waitFor();
    await row.getByText("1 refunded").waitFor();
    await row.getByText("£17.30 back").waitFor();
    await expectAccessible(page);
    expectNoErrors(managing);

    // The buyer's My Tickets: partly refunded, 1 valid ticket, its QR still shown.
    await buying.page.goto("/my-tickets");
    await waitForHydration(buying.page);
    const card = buying.page.getByRole("article", { name: title });
    await card.getByText("Partly refunded").waitFor();
    await card.getByText("1 of 2 valid").waitFor();
    await card.getByText("Show this QR code at the event entrance: 1 ticket still valid").waitFor();
    expect(await card.getByText("Refunded — this ticket is no longer valid for entry").count()).toBe(0);
    await expectAccessible(buying.page);
    expectNoErrors(buying);

    const mail = await waitForMail(buyer.email, (m) => m.subject === `Your refund: ${title}`);
    expect(mail.text).toContain("1 ticket of your booking has been refunded: £17.30 (tickets £15.00, booking fee £2.30)");
    expect(mail.text).toContain("Reason: The buyer's friend cannot come");

    await managing.context.close();
    await buying.context.close();
  });
});

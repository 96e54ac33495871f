import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";
import { createAccount, createBooking, createEvent } from "../test/fixtures";
import { downloadedBytes, expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, toast, waitForHydration } from "./fixtures";

const PASSWORD = "issue17-pass-1";
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

/** Words users must never read: the e-mail providers' and the dev mailbox's names (issue 17). */
async function expectNoVendorNames(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/\bbrevo\b|\boutbox\b|\bvia resend\b|\bresend via\b/i);
  // 'Resend' is also a plain verb ('Resend ticket'); alone, as an option or a label, it is the provider.
  expect(text.split("\n").map((line) => line.trim())).not.toContain("Resend");
}

describe("dashboard and My Tickets (issue 17)", () => {
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

  it("My Tickets shows upcoming tickets first and past ones apart, each with Resend ticket, Try another way and Add to calendar", async () => {
    const { db } = database;
    const organiser = await createAccount(db, { password: PASSWORD });
    const buyer = await createAccount(db, { password: PASSWORD });
    const dated = async (title: string, days: number, boughtDaysAgo: number) => {
      const event = await createEvent(db, { userId: organiser.id, title, location: "Leeds", dateTime: inDays(days) });
      return createBooking(db, { eventId: event.id, quantity: 1, userId: buyer.id, email: buyer.email, name: "Ada Lovelace", createdAt: inDays(-boughtDaysAgo) });
    };
    // Bought in an order that matches neither section's order.
    await dated("Harbour Quiz Last Spring", -200, 220);
    await dated("Moonlight Cinema Next Month", 30, 1);
    await dated("Canal Walk Last Week", -7, 30);
    const soonest = await dated("Jazz Brunch Tomorrow", 1, 10);

    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await signIn(page, { email: buyer.email, password: PASSWORD });
    await page.goto("/my-tickets");
    await waitForHydration(page);

    const upcoming = page.getByRole("list", { name: "Upcoming" });
    const past = page.getByRole("list", { name: "Past events" });
    await upcoming.waitFor();
    expect(await upcoming.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual([
      "Jazz Brunch Tomorrow",
      "Moonlight Cinema Next Month",
    ]);
    expect(await past.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual(["Canal Walk Last Week", "Harbour Quiz Last Spring"]);
    // The Upcoming section comes before the past one.
    const [upcomingBox, pastBox] = [await upcoming.boundingBox(), await past.boundingBox()];
    expect(upcomingBox!.y).toBeLessThan(pastBox!.y);

    const card = page.getByRole("article", { name: "Jazz Brunch Tomorrow" });
    await card.getByRole("button", { name: "Resend ticket" }).waitFor();
    await card.getByRole("button", { name: "Try another way" }).click();
    await toast(page, `Ticket sent to ${buyer.email}`).waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: "Add to calendar" }).click()]);
    expect(download.suggestedFilename()).toBe(`${soonest.ticketCode}.ics`);
    const ics = (await downloadedBytes(download)).toString("utf8");
    expect(ics).toContain("SUMMARY:Jazz Brunch Tomorrow");

    await expectNoVendorNames(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("Attendee Management opens on the next upcoming event, with past events grouped after", async () => {
    const { db } = database;
    const organiser = await createAccount(db, { password: PASSWORD });
    // The past event has the sales: it used to be the one the section opened on.
    const past = await createEvent(db, { userId: organiser.id, title: "Autumn Folk Evening at the Old Corn Exchange", dateTime: inDays(-20) });
    await createBooking(db, { eventId: past.id, quantity: 4 });
    await createEvent(db, { userId: organiser.id, title: "Winter Lights Late Night Market and Street Food Festival", dateTime: inDays(40) });
    const next = await createEvent(db, { userId: organiser.id, title: "Northern Choir Christmas Concert in the Cathedral", dateTime: inDays(5) });

    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, { email: organiser.email, password: PASSWORD });
    await page.goto("/dashboard/attendees");
    await waitForHydration(page);
    const select = page.getByLabel("Event", { exact: true });
    expect(await select.inputValue()).toBe(next.id);
    const groups = await select.evaluate((element) =>
      [...(element as HTMLSelectElement).querySelectorAll("optgroup")].map((group) => ({
        label: group.label,
        options: [...group.querySelectorAll("option")].map((option) => option.textContent!.split(" · ")[0]),
      })),
    );
    expect(groups).toEqual([
      { label: "Upcoming", options: ["Northern Choir Christmas Concert in the Cathedral", "Winter Lights Late Night Market and Street Food Festival"] },
      { label: "Past", options: ["Autumn Folk Evening at the Old Corn Exchange"] },
    ]);
    // At 1280 the closed select shows the whole title and date.
    expect(await select.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    // The dashboard's resender offers the two ways in plain words.
    const resender = page.getByLabel("How to send");
    expect(await resender.locator("option").allInnerTexts()).toEqual(["Usual way (default)", "Another way"]);
    await expectNoVendorNames(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("My Events frames posters whole and shows no ticket figures for a business listing", async () => {
    const { db } = database;
    const organiser = await createAccount(db, { password: PASSWORD });
    await createEvent(db, {
      userId: organiser.id,
      title: "Corner Bakery",
      category: "ongoing-business",
      businessType: "restaurant",
      dateTime: new Date("2030-12-31T23:59:00Z"),
      imageUrl: "/favicon.svg",
    });
    await createEvent(db, { userId: organiser.id, title: "Poetry Slam", dateTime: inDays(9), imageUrl: "/favicon.svg" });

    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, { email: organiser.email, password: PASSWORD });
    await page.goto("/dashboard");
    await waitForHydration(page);
    const listing = page.getByRole("article", { name: "Corner Bakery" });
    await listing.getByText("Business listing").waitFor();
    await listing.getByText("Open all year").waitFor();
    expect(await listing.getByText("Tickets sold").count()).toBe(0);
    expect(await listing.getByText("£0.00").count()).toBe(0);
    expect(await listing.innerText()).not.toContain("2030");
    const event = page.getByRole("article", { name: "Poetry Slam" });
    await event.getByText("Tickets sold").waitFor();
    expect(await event.locator("img").evaluate((image) => getComputedStyle(image).objectFit)).toBe("contain");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("the resend and e-mail test pages offer the two ways without a provider's name", async () => {
    const { db } = database;
    const account = await createAccount(db, { password: PASSWORD });
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await page.goto("/resend-ticket");
    await waitForHydration(page);
    expect(await page.getByRole("radio", { name: "Usual way" }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "Another way" }).waitFor();
    await expectNoVendorNames(page);

    await signIn(page, { email: account.email, password: PASSWORD });
    await page.goto("/email-test");
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Usual way" }).waitFor();
    await expectNoVendorNames(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

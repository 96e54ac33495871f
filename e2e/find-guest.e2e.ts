import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";
import { createAccount, createBooking, createEvent, futureDay } from "../test/fixtures";
import { expectAccessible, launchBrowser, openPage, signIn, waitForHydration } from "./fixtures";

const PASSWORD = "find-guest-pass-3";

describe("Find a guest at the scanner (issue 38)", () => {
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

  it("an organiser finds a guest by name and admits them with a tap; a ticket for another night asks first", async () => {
    const { db } = database;
    const organiser = await createAccount(db, { password: PASSWORD });
    const tonight = await createEvent(db, { userId: organiser.id, title: "Find Guest Tonight", location: "Leeds", dateTime: new Date(Date.now() + 60 * 60_000), doorOpensMinutesBefore: 180 });
    // Its door opens the usual 3 hours before: today is the wrong day.
    const later = await createEvent(db, { userId: organiser.id, title: "Find Guest Later", location: "Leeds", dateTime: futureDay(5), doorOpensMinutesBefore: 180 });
    await createBooking(db, { eventId: tonight.id, quantity: 1, name: "Grace Hopper", email: "grace.hopper@example.com" });
    await createBooking(db, { eventId: later.id, quantity: 1, name: "Grace Brewster", email: "brewster@example.com" });

    const { page } = await openPage(browser, { viewport: "phone" });
    await signIn(page, { email: organiser.email, password: PASSWORD });
    await page.goto("/check-in");
    await waitForHydration(page);
    await page.getByLabel("Checking in for").selectOption({ label: "Any of my events" });

    await page.getByRole("button", { name: "Find a guest" }).click();
    const search = page.getByRole("search", { name: "Find a guest" });
    await search.getByLabel("Name, e-mail or ticket code").fill("hopper grace");
    const found = page.getByRole("list", { name: "Guests found" });
    await page.getByRole("status").filter({ hasText: "1 guest found" }).waitFor();
    const row = found.getByRole("listitem");
    await row.getByText("g***@example.com").waitFor();
    expect(await row.textContent()).not.toContain("grace.hopper@example.com");
    await expectAccessible(page);

    await row.getByRole("button", { name: "Admit Grace Hopper" }).click();
    const result = page.getByRole("region", { name: "Guest check-in result" });
    await result.getByRole("heading", { name: "Ticket valid", exact: true }).waitFor();
    await row.getByText(/^Checked in \d\d:\d\d$/).waitFor();

    // A ticket for another night: not admitted until staff confirm.
    await search.getByLabel("Name, e-mail or ticket code").fill("brewster");
    await found.getByRole("button", { name: "Admit Grace Brewster" }).click();
    await result.getByRole("heading", { name: "Not admitted yet", exact: true }).waitFor();
    await result.getByText(/^This ticket is for /).waitFor();
    await expectAccessible(page);
    await result.getByRole("button", { name: "Admit anyway" }).click();
    await result.getByRole("heading", { name: "Ticket valid", exact: true }).waitFor();
  });
});

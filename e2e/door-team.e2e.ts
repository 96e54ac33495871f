import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { EditableEvent } from "../src/domain";
import { openPostgres, type Database } from "../src/server/db/client";
import { createBooking } from "../test/fixtures";
import { baseUrl, DEMO_ORGANISER, expectAccessible, expectNoErrors, launchBrowser, openPage, signedInState, signIn, waitForHydration } from "./fixtures";
import { createConfirmedAccount, linkTo, waitForMail } from "./mail";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The titles in the scanner's "Checking in for" choice. */
async function scannerEvents(page: Page): Promise<string> {
  const select = page.getByLabel("Checking in for");
  await select.waitFor();
  await expect.poll(() => select.isEnabled()).toBe(true);
  return (await select.locator("option").allTextContents()).join("\n");
}

/** The door team (issue 38, D26): a steward invited by e-mail and a door link with a PIN, each for one event, until revoked. */
describe("door team", () => {
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

  it("the organiser invites a steward to one event, who accepts and scans only that event; a door link with a PIN opens the scanner on a fresh phone until it is revoked", async () => {
    const storageState = await signedInState(browser, DEMO_ORGANISER);
    const organiser = await openPage(browser, { storageState });
    const suffix = Date.now().toString(36);
    const titles = { granted: `Door Granted Night ${suffix}`, other: `Door Other Night ${suffix}` };
    const ids: Record<string, string> = {};
    for (const title of Object.values(titles)) {
      const created = await organiser.context.request.post("/api/events", {
        headers: { origin: baseUrl() },
        data: { title, category: "music", dateTime: inDays(30), venue: "The Harbour Hall", location: "Bristol", maxAttendees: 100, ticketTypes: [{ name: "Standard", pricePence: 1500 }] },
      });
      expect(created.status(), await created.text()).toBe(201);
      const event = (await created.json()) as EditableEvent;
      expect(event.title).toBe(title);
      ids[title] = event.id;
    }

    // The Door team section, from the dashboard's sections.
    const screen = organiser.page;
    await screen.goto("/dashboard");
    await waitForHydration(screen);
    await screen.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Door team" }).click();
    await screen.waitForURL((url) => url.pathname === "/dashboard/door-team");

    // A steward: an invitation with no event chosen is refused beside the events, with the e-mail kept.
    const steward = await createConfirmedAccount("door-steward");
    const invite = screen.getByRole("form", { name: "Invite staff" });
    await invite.getByLabel("E-mail").fill(steward.email);
    await invite.getByLabel("Name (optional)").fill("Sam Steward");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await invite.getByText("Choose at least one event").waitFor();
    expect(await invite.getByLabel("E-mail").inputValue()).toBe(steward.email);
    await invite.getByRole("checkbox", { name: new RegExp(titles.granted) }).check();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await screen.getByRole("status").filter({ hasText: `Invitation sent to ${steward.email}.` }).waitFor();
    const staffList = screen.getByRole("list", { name: "Staff" });
    await staffList.getByRole("listitem").filter({ has: screen.getByRole("heading", { name: "Sam Steward" }) }).getByText("Invited", { exact: true }).waitFor();
    await expectAccessible(screen);

    // The steward opens the e-mail's link, signs in, accepts, and scans only the granted event.
    const mail = await waitForMail(steward.email, (one) => one.subject.includes("door team"));
    const invitation = linkTo(mail, "/door/invitations/");
    const stewardPage = await openPage(browser);
    const { page } = stewardPage;
    await page.goto(invitation);
    await page.getByRole("link", { name: "Sign in or sign up" }).waitFor();
    await signIn(page, steward);
    await page.goto(invitation);
    await page.getByRole("heading", { name: /^Join .+'s door team$/ }).waitFor();
    await page.getByRole("list", { name: "Events" }).getByText(titles.granted).waitFor();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.getByRole("heading", { name: "You're on the door team" }).waitFor();
    await page.getByRole("link", { name: "Open the ticket scanner" }).click();
    await page.waitForURL((url) => url.pathname === "/check-in");
    await waitForHydration(page);
    await page.getByText("Checking in as").waitFor();
    const stewardEvents = await scannerEvents(page);
    expect(stewardEvents).toContain(titles.granted);
    expect(stewardEvents).not.toContain(titles.other);
    expect(await page.content()).not.toContain(titles.other);
    expectNoErrors(stewardPage);

    // A door link with a PIN: shown once, with a copy button.
    await screen.goto("/dashboard/door-team");
    await waitForHydration(screen);
    const linkForm = screen.getByRole("form", { name: "Create a door link" });
    await linkForm.getByLabel("Name", { exact: true }).fill("North door");
    await linkForm.getByLabel("PIN (optional)").fill("4826");
    await linkForm.getByRole("checkbox", { name: new RegExp(titles.granted) }).check();
    await linkForm.getByRole("button", { name: "Create link" }).click();
    await screen.getByText("it will not be shown again").waitFor();
    const address = await screen.getByRole("textbox", { name: "Door link for North door" }).inputValue();
    expect(new URL(address).pathname).toMatch(/^\/door\/[A-Za-z0-9_-]{43}$/);
    await screen.getByRole("button", { name: "Copy link" }).waitFor();

    // A fresh phone: a wrong PIN is refused, the right one opens the scanner for the link's event only.
    const phone = await openPage(browser);
    await phone.page.goto(address);
    await phone.page.getByRole("heading", { name: "North door" }).waitFor();
    await phone.page.getByLabel("PIN").fill("1111");
    await phone.page.getByRole("button", { name: "Open the scanner" }).click();
    await phone.page.getByText("That PIN is not right. Please try again.").waitFor();
    await phone.page.getByLabel("PIN").fill("4826");
    await phone.page.getByRole("button", { name: "Open the scanner" }).click();
    await phone.page.waitForURL((url) => url.pathname === "/check-in");
    await waitForHydration(phone.page);
    await phone.page.getByText("Checking in as").waitFor();
    const linkEvents = await scannerEvents(phone.page);
    expect(linkEvents).toContain(titles.granted);
    expect(linkEvents).not.toContain(titles.other);
    expect(await phone.page.content()).not.toContain(titles.other);
    expect(await phone.page.getByRole("link", { name: "Dashboard" }).count()).toBe(0);

    // Door figures live at the link's phone (issue 38): the organiser admits a guest on their own device.
    const guest = await createBooking(database.db, { eventId: ids[titles.granted]!, quantity: 1, name: "Grace Hopper" });
    await phone.page.getByRole("status").filter({ hasText: "Admitted 0 / 1" }).waitFor();
    expect((await organiser.context.request.post(`/api/bookings/${guest.id}/check-in`, { headers: { origin: baseUrl() } })).status()).toBe(200);
    await phone.page.getByRole("status").filter({ hasText: "Admitted 1 / 1" }).waitFor();

    // The organiser revokes the link (asked first): the phone is out at once.
    await screen.goto("/dashboard/door-team");
    await waitForHydration(screen);
    const linkRow = screen.getByRole("list", { name: "Door links" }).getByRole("listitem").filter({ has: screen.getByRole("heading", { name: "North door" }) }).first();
    await linkRow.getByRole("link", { name: "Revoke North door" }).click();
    await linkRow.getByRole("button", { name: "Yes, revoke" }).click();
    await screen.getByRole("status").filter({ hasText: "North door can no longer check tickets in." }).waitFor();
    await linkRow.getByText("Revoked", { exact: true }).waitFor();

    await phone.page.goto("/check-in");
    await phone.page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    await phone.page.goto(address);
    await phone.page.getByRole("heading", { name: "Door link not valid" }).waitFor();
    expectNoErrors(phone, [/Failed to load resource: the server responded with a status of (403|404)/]);
    // The invitation refused for want of an event answered 400.
    expectNoErrors(organiser, [/status of 400/]);
  });
});

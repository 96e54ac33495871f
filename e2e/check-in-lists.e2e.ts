import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendeeList, CheckResult, EditableEvent } from "../src/domain";
import { baseUrl, DEMO_ORGANISER, expectAccessible, expectNoErrors, launchBrowser, openPage, signedInState, waitForHydration } from "./fixtures";
import { createConfirmedAccount } from "./mail";

/** The dashboard's Check-in section (issue 38): the door time, a VIP entrance, the door figures and the scan log. */
describe("check-in lists and the scan log", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("the organiser sets the door time, adds a VIP entrance for the VIP type, and sees a refused and an admitted scan in the log and the figures", async () => {
    const storageState = await signedInState(browser, DEMO_ORGANISER);
    const organiser = await openPage(browser, { storageState });
    const title = `Harbour Door Night ${Date.now().toString(36)}`;
    // Within the door window now: it starts in an hour.
    const start = new Date(Math.ceil((Date.now() + 3600_000) / 60_000) * 60_000);
    const created = await organiser.context.request.post("/api/events", {
      headers: { origin: baseUrl() },
      data: { title, category: "music", dateTime: start.toISOString(), venue: "The Harbour Hall", location: "Bristol", maxAttendees: 150, ticketTypes: [{ name: "Standard", pricePence: 1500 }, { name: "VIP", pricePence: 4000 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = (await created.json()) as EditableEvent;

    const page = organiser.page;
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Check-in" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/check-in");
    await page.getByLabel("Event", { exact: true }).selectOption(event.id);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("event") === event.id);

    // The door opens two hours before the start.
    const door = page.getByRole("form", { name: "Door opening time" });
    await door.getByLabel("How long before the start").fill("2");
    await door.getByLabel("Unit").selectOption("hours");
    await door.getByRole("button", { name: "Save door time" }).click();
    await page.getByRole("status").filter({ hasText: "Door opening time saved." }).waitFor();
    await door.getByText("2 hours before the start:").waitFor();

    // A VIP entrance for the VIP type; the same name again is refused beside the field, focus on it.
    const form = page.getByRole("form", { name: "New check-in list" });
    await form.getByLabel("Name").fill("VIP entrance");
    await form.getByRole("checkbox", { name: "VIP" }).check();
    await form.getByRole("button", { name: "Add list" }).click();
    await page.getByRole("status").filter({ hasText: "Check-in list VIP entrance added." }).waitFor();
    const lists = page.getByRole("table", { name: "Check-in lists" });
    const vipRow = lists.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "VIP entrance" }) });
    await vipRow.getByRole("cell", { name: "VIP", exact: true }).waitFor();
    await form.getByLabel("Name").fill("vip ENTRANCE");
    await form.getByRole("checkbox", { name: "VIP" }).check();
    await form.getByRole("button", { name: "Add list" }).click();
    await form.getByText("This event already has a check-in list called VIP entrance").waitFor();
    await expect.poll(() => form.getByLabel("Name").evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await form.getByLabel("Name").inputValue()).toBe("vip ENTRANCE");
    await expectAccessible(page);

    // A buyer's Standard ticket, found at the door and tried at the VIP entrance, then at the main door.
    const buyer = await createConfirmedAccount("door-buyer");
    const buyerContext = await browser.newContext({ baseURL: baseUrl() });
    const signedIn = await buyerContext.request.post("/api/auth/sign-in/email", { data: { email: buyer.email, password: buyer.password }, headers: { origin: baseUrl() } });
    expect(signedIn.status()).toBe(200);
    const standardId = event.ticketTypes!.find((type) => type.name === "Standard")!.id;
    const bought = await buyerContext.request.post("/api/functions/create-payment", { headers: { origin: baseUrl() }, data: { attendeeName: "Grace Hopper", items: [{ eventId: event.id, ticketTypeId: standardId, ticketQuantity: 1 }] } });
    expect(bought.status(), await bought.text()).toBe(200);
    const session = (await bought.json()) as { sessionId: string };
    expect((await buyerContext.request.post(`/api/checkout/test/${session.sessionId}/pay`, { headers: { origin: baseUrl() } })).status()).toBe(200);
    await buyerContext.close();
    const attendees = (await (await organiser.context.request.get(`/api/events/${event.id}/attendees`)).json()) as AttendeeList;
    const ticketId = attendees.attendees[0]!.ticketId;
    const listsNow = (await (await organiser.context.request.get(`/api/events/${event.id}/check-in-lists`)).json()) as { lists: { id: string; name: string }[] };
    const vipList = listsNow.lists.find((list) => list.name === "VIP entrance")!;
    const scan = async (data: Record<string, unknown>) =>
      // The scanner's tap on a guest found by name (the door's list and rules, as a scan).
      (await (await organiser.context.request.post(`/api/door/tickets/${ticketId}/check-in`, { headers: { origin: baseUrl() }, data })).json()) as CheckResult;
    expect(await scan({ listId: vipList.id })).toMatchObject({ valid: false, error: "VIP entrance only: a Standard ticket does not enter here." });
    expect(await scan({})).toMatchObject({ valid: true, alreadyCheckedIn: false });

    // The log and the figures, after a reload and filtered to refusals.
    await page.reload();
    await waitForHydration(page);
    const figures = page.getByRole("region", { name: "Door figures" });
    const byList = figures.getByRole("table", { name: "By check-in list" });
    await byList.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "All tickets" }) }).getByRole("cell", { name: "1", exact: true }).first().waitFor();
    const byType = figures.getByRole("table", { name: "By ticket type" });
    await byType.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Standard" }) }).getByRole("cell", { name: "1", exact: true }).first().waitFor();
    const log = page.getByRole("region", { name: "Scan log" });
    const table = log.getByRole("table", { name: "Scan log, newest first" });
    await table.getByRole("cell", { name: "VIP entrance only: a Standard ticket does not enter here." }).waitFor();
    expect(await table.getByRole("cell", { name: "Admitted" }).count()).toBe(1);
    await log.getByLabel("Result").selectOption("refused");
    await log.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL((url) => url.searchParams.get("result") === "refused");
    // The address changes as the filtered log arrives; the table follows on React's next render.
    await expect.poll(() => table.getByRole("cell", { name: "Admitted" }).count()).toBe(0);
    await table.getByRole("cell", { name: "Refused" }).waitFor();
    expect(await log.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(`/api/events/${event.id}/scans?result=refused&format=csv`);
    await expectAccessible(page);
    // The refused list name is the action's 409 (the API's status for a taken name), which Chromium logs.
    expectNoErrors(organiser, [/status of 409 \(Conflict\)/]);
  });
});

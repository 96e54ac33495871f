import pg from "pg";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, toast, waitForHydration } from "./fixtures";

const ORGANISER = { email: "northern.sounds@eventora.test", password: "demo-organiser-2026" };
const ADMIN = { email: "admin@eventora.test", password: "demo-admin-2026" };
const ATTENDEE = { email: "attendee@eventora.test", password: "demo-attendee-2026" };

/** A weekday evening a month ahead, as the datetime-local input takes it. */
function nextMonthEvening(): string {
  const date = new Date(Date.now() + 30 * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T19:30`;
}

async function fillEvent(page: Page, title: string) {
  await page.getByLabel("Event Title").fill(title);
  await page.getByLabel("Description").fill("An evening of northern soul classics with two DJs.");
  await page.getByLabel("Event Type").selectOption("entertainment");
  await page.getByLabel("Start Date & Time").fill(nextMonthEvening());
  await page.getByLabel("Venue").fill("Brudenell Social Club");
  await page.getByLabel("Location").fill("Leeds");
  await page.getByLabel("Price (£)").fill("14.50");
  await page.getByLabel("Max Attendees").fill("120");
}

describe("organisers", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("creates a paid event with an uploaded image, sees it listed, edits it and deletes it", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, ORGANISER);
    await page.goto("/create-event");
    await waitForHydration(page);
    await expectAccessible(page);

    const title = `Soul Weekender ${Date.now().toString(36)}`;
    await fillEvent(page, title);
    const poster = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#5418d6" } }).png().toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: poster });
    await page.getByRole("img", { name: /preview/i }).first().waitFor();
    await page.getByLabel("Affiliate Code").fill("tomf2026");
    await page.getByText("Valid affiliate code - Tom Fletcher").waitFor();
    expect(await page.getByLabel("Affiliate Code").inputValue()).toBe("TOMF2026");
    await page.getByRole("button", { name: "Create Event" }).click();
    await toast(page, "Event created successfully!").waitFor();
    await page.waitForURL((url) => url.pathname === "/");

    // Listed on the home page and on its own page, with its price and the stored image.
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: "Search featured events" }).fill(title);
    const card = page.getByRole("list", { name: "Featured events" }).getByRole("article").filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain("Brudenell Social Club, Leeds");
    await card.getByRole("link", { name: title }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/events/"));
    const eventPath = new URL(page.url()).pathname;
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByText("£14.50").first().waitFor();
    // The venue the organiser typed, where 'Venue TBD' used to be (issue 17).
    const main = page.getByRole("main");
    await main.getByText("Brudenell Social Club").first().waitFor();
    expect(await main.textContent()).not.toContain("Venue TBD");
    const image = await page.locator("main img[src*='/media/events/']").first().getAttribute("src");
    expect(image).toMatch(/\/media\/events\/[0-9a-f-]+\/[0-9a-f]+-(600|800|1200)\.webp/);

    // Edit from the dashboard.
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.waitForURL((url) => url.pathname === "/create-event" && url.searchParams.has("edit"));
    await waitForHydration(page);
    expect(await page.getByLabel("Event Title").inputValue()).toBe(title);
    expect(await page.getByLabel("Venue").inputValue()).toBe("Brudenell Social Club");
    // The stored image shows as a picture with 'Change image', never as its storage path (issue 17).
    await page.getByRole("img", { name: /preview/i }).first().waitFor();
    expect(await page.getByLabel("Change image").isEnabled()).toBe(true);
    expect(await page.getByLabel("Or enter an image URL").inputValue()).toBe("");
    expect(await page.getByRole("main").innerText()).not.toContain("/media/");
    await page.getByLabel("Event Title").fill(`${title} (Extended)`);
    await page.getByLabel("Venue").fill("The Wardrobe");
    await page.getByRole("button", { name: "Update Event" }).click();
    await toast(page, "Event updated successfully!").waitFor();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto(eventPath);
    await page.getByRole("heading", { level: 1, name: `${title} (Extended)` }).waitFor();
    await page.getByRole("main").getByText("The Wardrobe").first().waitFor();
    // The image was kept through the edit.
    expect(await page.locator("main img[src*='/media/events/']").count()).toBeGreaterThan(0);

    // Delete, after confirming.
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("article").filter({ hasText: `${title} (Extended)` }).getByRole("button", { name: /Delete/ }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Delete Event" }).click();
    await toast(page, "Event deleted successfully").waitFor();
    expectNoErrors(tracked);
    // (Checked last: the browser logs the expected 404 as a console error.)
    const gone = await page.goto(eventPath);
    expect(gone?.status()).toBe(404);
    await tracked.context.close();
  });

  it("lists an ongoing business without a venue, and no page shows its placeholder date (issue 17)", async () => {
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await signIn(page, ORGANISER);
    await page.goto("/create-event");
    await waitForHydration(page);
    const title = `Corner Record Shop ${Date.now().toString(36)}`;
    await page.getByLabel("Event Title").fill(title);
    await page.getByLabel("Event Type").selectOption("ongoing-business");
    expect(await page.getByLabel("Venue").getAttribute("required")).toBeNull();
    await page.getByLabel("Location").fill("Call Lane, Leeds");
    await page.getByRole("button", { name: "Create Event" }).click();
    await toast(page, "Event created successfully!").waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    const { events } = (await (await page.request.get(`/api/events?q=${encodeURIComponent(title)}`)).json()) as { events: { id: string }[] };
    const id = events[0]!.id;
    const placeholder = /2030|31 Dec/;

    await page.goto(`/events/${id}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const eventPage = await page.getByRole("main").innerText();
    expect(eventPage).toContain("Call Lane, Leeds");
    expect(eventPage).not.toMatch(placeholder);
    expect(eventPage).not.toContain("Venue TBD");

    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("article").filter({ hasText: title }).getByText("Open all year").waitFor();
    expect(await page.getByRole("main").innerText()).not.toMatch(placeholder);
    await page.goto(`/dashboard/attendees?event=${id}`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Attendee Management" }).waitFor();
    expect(await page.getByRole("main").innerText()).not.toMatch(placeholder);
    // The select's options are not in innerText: read them too.
    const options = await page.getByLabel("Event").locator("option").allTextContents();
    expect(options.join("\n")).not.toMatch(placeholder);

    await page.goto(`/create-event?edit=${id}`);
    await waitForHydration(page);
    expect(await page.getByLabel("Event Title").inputValue()).toBe(title);
    const values = await page.locator("main input, main textarea").evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
    expect(values.join("\n")).not.toMatch(/2030/);
    expect(await page.getByRole("main").innerText()).not.toMatch(placeholder);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("lets an admin create an event for another organiser", async () => {
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await signIn(page, ADMIN);
    await page.goto("/create-event");
    await waitForHydration(page);
    const title = `Admin-made Comedy ${Date.now().toString(36)}`;
    await fillEvent(page, title);
    const organiser = page.getByLabel("Event Organizer (Admin Only)");
    const laughLines = await organiser.locator("option", { hasText: "@laugh_lines" }).getAttribute("value");
    await organiser.selectOption(laughLines!);
    await page.getByRole("button", { name: "Create Event" }).click();
    await toast(page, "Event created successfully!").waitFor();
    const { events } = (await (await page.request.get(`/api/events?q=${encodeURIComponent(title)}`)).json()) as { events: { organiser: { username: string } }[] };
    expect(events).toHaveLength(1);
    expect(events[0]!.organiser.username).toBe("laugh_lines");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("refuses another user's edit page with 'Access denied'", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const { events } = (await (await page.request.get("/api/events?organiser=northern_sounds&pageSize=1")).json()) as { events: { id: string }[] };
    await signIn(page, ATTENDEE);
    await page.goto(`/create-event?edit=${events[0]!.id}`);
    await toast(page, "Access denied").waitFor();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("shows a sale as a toast on an open dashboard the moment it is written", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, ORGANISER);
    // The dashboard document's own live connection (its Referer), not one of the page before: the server
    // listens for sales before it answers, so once its headers arrive no sale can be missed.
    const streamOpen = page.waitForResponse(
      async (response) =>
        new URL(response.url()).pathname === "/api/realtime/bookings" &&
        response.status() === 200 &&
        new URL((await response.request().allHeaders()).referer ?? "http://unknown/").pathname === "/dashboard/sales",
    );
    await page.goto("/dashboard/sales");
    await waitForHydration(page);
    const { events } = (await (await page.request.get("/api/me/events")).json()) as { events: { id: string; title: string; pricePence: number }[] };
    const event = events.find((candidate) => candidate.pricePence > 0)!;
    // Once the page's live connection is open, record a sale as checkout will.
    await streamOpen;
    const db = new pg.Client({ connectionString: inject("databaseUrl") });
    await db.connect();
    try {
      await db.query(
        `insert into bookings (event_id, ticket_type_id, status, attendee_name, attendee_email, ticket_quantity, total_amount_pence, ticket_code)
         values ($1, (select id from ticket_types where event_id = $1 order by position limit 1), 'confirmed', 'Live Buyer', 'live.buyer@example.com', 2, 3360, $2)`,
        [event.id, `TCKT-2026-${Date.now().toString(16).slice(-8).toUpperCase()}`],
      );
    } finally {
      await db.end();
    }
    const sale = toast(page, "New ticket sale!");
    await sale.waitFor();
    expect(await sale.textContent()).toContain("Live Buyer");
    expect(await sale.textContent()).toContain(event.title);

    // The buyer arrives: checked in from Attendee Management, and the export shows it.
    await page.goto(`/dashboard/attendees?event=${event.id}`);
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Check In Live Buyer" }).first().click();
    await toast(page, "Attendee checked in successfully").waitFor();
    const csvHref = await page.getByRole("link", { name: /Export CSV/ }).getAttribute("href");
    const csv = await (await page.request.get(csvHref!)).text();
    // A byte order mark first, so Excel reads £ and names as UTF-8; amounts are numbers a spreadsheet sums (issue 33).
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFName,Email,Type,Ticket code,Status,Checked in at,Buyer,Buyer email,Booking Date,Venue,Booking tickets,Booking amount,Refunded tickets,Refund status,Amount refunded",
    );
    // A row per ticket (issue 36): the first of the two tickets checked in, its booking's money beside it.
    expect(csv).toMatch(/Live Buyer,live\.buyer@example\.com,[^,]+,TCKT-[^,]+,Checked In,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2},Live Buyer,live\.buyer@example\.com,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2},.*,2,33\.60,/);
    expect(csv).toMatch(/Live Buyer,live\.buyer@example\.com,[^,]+,TCKT-[^,]+,Pending,,/);
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DEMO_ORGANISER, expectAccessible, expectNoErrors, launchBrowser, openPage, signedInState, signIn, toast, VIEWPORTS, waitForHydration, plainPaidEvents } from "./fixtures";
import { createConfirmedAccount, uniqueEmail, waitForMail } from "./mail";

/** Screenshots for a person to look at, outside the repository, when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SHOTS, `${name}-${viewport.width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

describe("passing a ticket on and renaming it (issue 36)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("a buyer of two tickets passes the second on from My Tickets and sees its new holder; the organiser renames it", async () => {
    const account = await createConfirmedAccount("passer");
    const event = (await plainPaidEvents({ organiser: DEMO_ORGANISER.username }))[0]!;
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, account);
    const checkout = await page.request.post("/api/functions/create-payment", { data: { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 }, headers: { origin: baseUrl() } });
    expect(checkout.status()).toBe(200);
    const session = new URL(((await checkout.json()) as { url: string }).url).pathname.split("/").pop()!;
    expect((await page.request.post(`/api/checkout/test/${session}/pay`, { headers: { origin: baseUrl() } })).status()).toBe(200);

    await page.goto("/my-tickets");
    await waitForHydration(page);
    const list = page.getByRole("list", { name: `Tickets for ${event.title}` });
    const second = list.getByRole("listitem").nth(1);
    const oldCode = (await second.locator(".font-mono").innerText()).trim();
    await second.getByRole("button", { name: /^Pass this ticket on/ }).click();

    const dialog = page.getByRole("dialog", { name: "Pass this ticket on" });
    await dialog.getByText("They get a new ticket by e-mail, and this ticket's QR code stops working.").waitFor();
    const holder = uniqueEmail("grace");
    await dialog.getByLabel("Their name").fill("Grace Hopper");
    await dialog.getByLabel("Their e-mail").fill(holder);
    await expectAccessible(page);
    await shot(page, "my-tickets-pass-on");
    await dialog.getByRole("button", { name: "Pass ticket on" }).click();

    await toast(page, "Ticket passed to Grace Hopper").waitFor();
    await dialog.waitFor({ state: "detached" });
    await second.getByText("Grace Hopper").waitFor();
    const newCode = (await second.locator(".font-mono").innerText()).trim();
    expect(newCode).toMatch(/^TCKT-\d{4}-[A-Z0-9]{8}$/);
    expect(newCode).not.toBe(oldCode);
    await page.getByRole("img", { name: `QR code for ticket ${newCode}` }).waitFor();
    // The new holder gets their ticket under its new code.
    const mail = await waitForMail(holder, (message) => message.subject === `Your ticket: ${event.title}`);
    expect(mail.text).toContain(newCode);
    expectNoErrors(tracked);
    await tracked.context.close();

    // The organiser renames that ticket from Attendee Management; its code stays.
    const organiser = await openPage(browser, { viewport: "desktop", storageState: await signedInState(browser, DEMO_ORGANISER) });
    await organiser.page.goto(`/dashboard/attendees?event=${event.id}`);
    await waitForHydration(organiser.page);
    const row = organiser.page.getByRole("row").filter({ hasText: newCode });
    await row.getByRole("button", { name: "Rename Grace Hopper's ticket" }).click();
    const rename = organiser.page.getByRole("dialog", { name: "Rename ticket" });
    expect(await rename.getByLabel("Name on the ticket").inputValue()).toBe("Grace Hopper");
    expect(await rename.getByLabel("Their e-mail (optional)").inputValue()).toBe(holder);
    await rename.getByLabel("Name on the ticket").fill("Grace B. Hopper");
    await expectAccessible(organiser.page);
    await shot(organiser.page, "attendees-rename");
    await rename.getByRole("button", { name: "Save name" }).click();
    await toast(organiser.page, "Ticket renamed").waitFor();
    await rename.waitFor({ state: "detached" });
    await row.getByRole("rowheader", { name: /^Grace B\. Hopper/ }).waitFor();
    expectNoErrors(organiser);
    await organiser.context.close();
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";
import { createAccount, createEvent } from "../test/fixtures";
import { pdfText } from "../test/pdf-text";
import { baseUrl, downloadedBytes, expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, toast, waitForHydration } from "./fixtures";
import { createConfirmedAccount, waitForMail } from "./mail";

const PASSWORD = "issue20-pass-1";

describe("a buyer's receipt (issue 20)", () => {
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

  it("an organiser gives their seller details; the buyer opens My Tickets → Receipt, sees them as the seller with the VAT and the total, and downloads the PDF", async () => {
    const organiser = await createAccount(database.db, { password: PASSWORD });
    const title = `Receipted Riverside Jazz ${Date.now().toString(36)}`;
    const event = await createEvent(database.db, { userId: organiser.id, title, pricePence: 2400, maxAttendees: 50, dateTime: new Date(Date.now() + 30 * 86_400_000) });

    // The organiser fills in their "Seller details" (issue 34): a wrong VAT number is refused beside its field.
    const selling = await openPage(browser);
    await signIn(selling.page, { email: organiser.email, password: PASSWORD });
    await selling.page.goto("/profile/edit");
    await waitForHydration(selling.page);
    const section = selling.page.getByRole("region", { name: "Seller details" });
    await section.getByRole("radio", { name: /A business/ }).check();
    await section.getByLabel("Legal or trading name").fill("Riverside Jazz Promotions Ltd");
    await section.getByLabel("Address").fill("4 Wharf Road\nNottingham\nNG1 7EH");
    await section.getByLabel("VAT on your tickets").selectOption("standard");
    const vat = section.getByLabel("VAT number");
    await vat.fill("GB 123 456");
    await selling.page.getByRole("button", { name: "Save Profile" }).click();
    await section.getByText(/A UK VAT number has 9 digits \(12 for a branch\), not 6/).first().waitFor();
    expect(await vat.getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(selling.page);
    await vat.fill("gb 980 7806 84");
    await selling.page.getByRole("button", { name: "Save Profile" }).click();
    await toast(selling.page, "Profile Updated").waitFor();
    expectNoErrors(selling, [/status of 400/]);

    // The buyer pays for 2 tickets (the checkout's API and the local test checkout's Pay).
    const buyer = await createConfirmedAccount("receipt-buyer");
    const buying = await openPage(browser);
    const { page } = buying;
    await signIn(page, buyer);
    const started = await page.request.post("/api/functions/create-payment", { data: { attendeeName: "Grace Hopper", eventId: event.id, ticketQuantity: 2 }, headers: { origin: baseUrl() } });
    expect(started.status(), await started.text()).toBe(200);
    const paid = await page.request.post(`/api/checkout/test/${(await started.json()).sessionId}/pay`, { headers: { origin: baseUrl() } });
    expect(paid.status(), await paid.text()).toBe(200);
    const mail = await waitForMail(buyer.email, (m) => m.subject === `Your ticket: ${title}`);
    expect(mail.text).toMatch(new RegExp(`View your receipt: ${baseUrl()}/receipts/[0-9a-f-]{36}`));

    await page.goto("/my-tickets");
    await waitForHydration(page);
    const card = page.getByRole("article", { name: title });
    await card.getByRole("link", { name: "Receipt" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/receipts/"));
    expect(mail.text).toContain(`${baseUrl()}${new URL(page.url()).pathname}`);
    await page.getByRole("heading", { level: 1, name: "Receipt" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Sold by Riverside Jazz Promotions Ltd" }).waitFor();
    const tickets = page.getByRole("table", { name: "Tickets sold by Riverside Jazz Promotions Ltd" });
    await tickets.getByRole("rowheader", { name: new RegExp(title) }).waitFor();
    await tickets.getByText("VAT included at 20%: £8.00").waitFor();
    await page.getByText("VAT number: GB980780684").waitFor();
    await page.getByText("4 Wharf Road").waitFor();
    const total = page.getByRole("term").filter({ hasText: "Total paid" });
    expect(await total.locator("xpath=following-sibling::dd").textContent()).toBe("£52.60");
    await expectAccessible(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^eventora-receipt-R-\d{6}\.pdf$/);
    const bytes = await downloadedBytes(file);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("Tickets sold by Riverside Jazz Promotions Ltd");
    expect(text).toMatch(/Total paid\s+£52\.60/);
    expectNoErrors(buying);
  });
});

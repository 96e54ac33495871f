import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DEMO_ORGANISER, expectAccessible, launchBrowser, openPage, plainPaidEvents, signIn, waitForHydration } from "./fixtures";
import { createConfirmedAccount } from "./mail";

describe("tickets in Apple Wallet and Google Wallet (D27)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("My Tickets offers each ticket's two wallet links; the Apple one downloads a signed .pkpass, the Google one leads to Google's save page", async () => {
    const account = await createConfirmedAccount("wallet");
    const [event] = await plainPaidEvents({ organiser: DEMO_ORGANISER.username, minRemaining: 5 });
    const { page } = await openPage(browser, { viewport: "phone" });
    await signIn(page, account);
    const checkout = await page.request.post("/api/functions/create-payment", { data: { attendeeName: "Ada Lovelace", eventId: event!.id, ticketQuantity: 1 }, headers: { origin: baseUrl() } });
    const session = new URL(((await checkout.json()) as { url: string }).url).pathname.split("/").pop()!;
    expect((await page.request.post(`/api/checkout/test/${session}/pay`, { headers: { origin: baseUrl() } })).status()).toBe(200);

    await page.goto("/my-tickets");
    await waitForHydration(page);
    const ticket = page.getByRole("list", { name: `Tickets for ${event!.title}` }).getByRole("listitem").first();
    const code = (await ticket.locator(".font-mono").innerText()).trim();
    const apple = ticket.getByRole("link", { name: `Add to Apple Wallet: Ada Lovelace, ${code}` });
    const google = ticket.getByRole("link", { name: `Add to Google Wallet: Ada Lovelace, ${code}` });
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent("download"), apple.click()]);
    expect(download.suggestedFilename()).toBe(`${code}.pkpass`);
    // The browser runs as a server (global-setup): the file is copied here to be read.
    const pkpassFile = join(mkdtempSync(join(tmpdir(), "wallet-e2e-")), "ticket.pkpass");
    await download.saveAs(pkpassFile);
    const files = unzipSync(new Uint8Array(readFileSync(pkpassFile)));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["pass.json", "manifest.json", "signature", "icon.png"]));
    expect(JSON.parse(Buffer.from(files["pass.json"]!).toString("utf8")).eventTicket.primaryFields[0].value).toBe(event!.title);

    const saved = await page.request.get((await google.getAttribute("href"))!, { maxRedirects: 0 });
    expect(saved.status()).toBe(303);
    expect(saved.headers().location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

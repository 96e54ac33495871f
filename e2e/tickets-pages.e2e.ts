import jsQR from "jsqr";
import type { Browser, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventDetail, EventListResult, MyTicket } from "../src/domain";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, toast, waitForHydration, type TrackedPage } from "./fixtures";
import { createConfirmedAccount, waitForMail } from "./mail";

/**
 * Two paid events with places that the spec's one-event body buys: one ticket type, no questions, no age limit
 * (other files' events share the catalogue, and some ask for more).
 */
async function twoPaidEvents(): Promise<EventListResult["events"]> {
  const response = await fetch(`${baseUrl()}/api/events?price=under-25&pageSize=50`);
  const { events } = (await response.json()) as EventListResult;
  const candidates = events.filter((event) => event.pricePence > 0 && (event.remaining === null || event.remaining > 10) && event.category !== "food" && event.category !== "ongoing-business");
  const plain: EventListResult["events"] = [];
  for (const event of candidates.reverse()) {
    const detail = (await (await fetch(`${baseUrl()}/api/events/${event.id}`)).json()) as EventDetail;
    if (detail.ticketTypes.length === 1 && detail.questions.length === 0 && !detail.minAge) plain.unshift(event);
    if (plain.length === 2) break;
  }
  return plain;
}

/** Starts a local test checkout for one ticket and answers its URL. */
async function startCheckout(page: Page, eventId: string): Promise<string> {
  const response = await page.request.post("/api/functions/create-payment", { data: { attendeeName: "Ada Lovelace", eventId, ticketQuantity: 1 }, headers: { origin: baseUrl() } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** Reads a QR image as the scanner would: drawn large on a canvas, then decoded. */
async function decodeQr(page: Page, name: string): Promise<string | null> {
  const dataUrl = await page.getByRole("img", { name }).evaluate(async (element) => {
    const image = new Image();
    image.src = (element as HTMLImageElement).src;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 600;
    const context = canvas.getContext("2d")!;
    // Drawn a pixel a module, the page scales it up unsmoothed (image-rendering: pixelated).
    context.imageSmoothingEnabled = false;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, 600, 600);
    context.drawImage(image, 0, 0, 600, 600);
    return canvas.toDataURL("image/png");
  });
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

const pdfPages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;

describe("ticket pages", () => {
  let browser: Browser;
  let buyer: TrackedPage;
  let account: { email: string; password: string };
  let tickets: MyTicket[];

  // One buyer with two bookings: the first paid in the browser (the success page), the second through the API.
  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createConfirmedAccount("ticketholder");
    const [first, second] = await twoPaidEvents();
    buyer = await openPage(browser);
    const { page } = buyer;
    await signIn(page, account);

    await page.goto(await startCheckout(page, first!.id));
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await page.waitForURL((url) => url.pathname === "/payment-success");
    await waitForHydration(page);
    // The server sends the ticket in the background; the page follows it without sending anything itself.
    await page.getByText(`Ticket email sent to ${account.email}. Please check your inbox.`).waitFor();
    await toast(page, "Ticket email sent").waitFor();
    await waitForMail(account.email, (mail) => mail.subject === `Your ticket: ${first!.title}`);

    const session = new URL(await startCheckout(page, second!.id)).pathname.split("/").pop()!;
    const paid = await page.request.post(`/api/checkout/test/${session}/pay`, { headers: { origin: baseUrl() } });
    expect(paid.status()).toBe(200);

    const response = await page.request.get("/api/me/tickets");
    tickets = ((await response.json()) as { tickets: MyTicket[] }).tickets;
    // Upcoming tickets come soonest first (issue 17).
    const soonestFirst = [first!, second!].sort((a, b) => a.dateTime.localeCompare(b.dateTime));
    expect(tickets.map((ticket) => ticket.event.title)).toEqual(soonestFirst.map((event) => event.title));
  });
  afterAll(async () => {
    await buyer?.context.close();
    await browser?.close();
  });

  it("My Tickets shows each booking with its signed QR code, resends the e-mail and prints one ticket", async () => {
    const { page } = buyer;
    const [sooner, later] = tickets as [MyTicket, MyTicket];
    await page.goto("/my-tickets");
    await waitForHydration(page);
    await page.getByRole("heading", { name: "My Tickets", level: 1 }).waitFor();
    await expect.poll(() => page.getByRole("list", { name: "Upcoming" }).getByRole("article").count()).toBe(2);
    const card = page.getByRole("article", { name: later.event.title });
    await card.getByText("Total Paid").waitFor();
    // The buyer, and each ticket's attendee (issue 36), carry the name.
    await card.getByText(later.attendeeName).first().waitFor();
    await card.getByText("Show this QR code at the event entrance").waitFor();

    // The QR carries exactly the signed payload the scanner verifies.
    const qrName = `QR code for ticket ${later.ticketCode}`;
    await page.getByRole("img", { name: qrName }).waitFor();
    expect(await decodeQr(page, qrName)).toBe(JSON.stringify(later.qrPayload));
    expect(later.qrPayload.sig).toBeTruthy();
    await expectAccessible(page);

    await card.getByRole("button", { name: "Resend ticket" }).click();
    await toast(page, `Ticket sent to ${account.email}`).waitFor();
    await toast(page, "Your ticket has been resent to your email address.").waitFor();

    // Print Ticket prints that card alone: page chrome, buttons and the other ticket stay off the paper.
    await page.evaluate(() => {
      window.print = () => {
        document.documentElement.dataset.printed = "true";
      };
    });
    await card.getByRole("button", { name: "Print Ticket" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.printed)).toBe("true");
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("body > header").isVisible()).toBe(false);
    expect(await page.locator("body > footer").isVisible()).toBe(false);
    expect(await card.getByRole("button", { name: "Print Ticket" }).isVisible()).toBe(false);
    expect(await card.getByRole("button", { name: "Resend ticket" }).isVisible()).toBe(false);
    expect(await card.isVisible()).toBe(true);
    expect(await page.getByRole("img", { name: qrName }).isVisible()).toBe(true);
    expect(await page.getByRole("article", { name: sooner.event.title }).isVisible()).toBe(false);
    // On A4 the ticket fills one page; printing the whole list gives each ticket its own page.
    expect(pdfPages(await page.pdf({ format: "A4" }))).toBe(1);
    await page.waitForFunction(() => document.querySelector("[data-my-tickets][data-print-only]") === null);
    expect(pdfPages(await page.pdf({ format: "A4" }))).toBe(2);
    await page.emulateMedia({ media: "screen" });
    expectNoErrors(buyer);
  });

  it("the Manual Email Sender sends to the user's own address and shows the ticket function's raw answer", async () => {
    const { page } = buyer;
    await page.goto("/email-test");
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Manual Email Sender" }).waitFor();
    await page.getByRole("button", { name: "Insert Sample" }).click();
    expect(await page.getByLabel("To Email").inputValue()).toBe(account.email);
    const subject = await page.getByLabel("Subject").inputValue();
    await page.getByRole("button", { name: "Send Email" }).click();
    await toast(page, "Email sent successfully!").waitFor();
    await toast(page, `Email sent to ${account.email}`).waitFor();
    expect(await page.getByLabel("Subject").inputValue()).toBe("");
    const mail = await waitForMail(account.email, (received) => received.subject === subject);
    // The sample is the ticket e-mail's own layout with sample data (issue 34).
    expect(subject).toContain("Sample: Your ticket");
    expect(mail.html).toContain("acts as their agent");

    await page.getByLabel("Booking ID").fill(tickets[0]!.bookingId);
    await page.getByRole("button", { name: "Test Ticket Email" }).click();
    await toast(page, "Ticket email function called").waitFor();
    const raw = page.getByRole("figure", { name: "Raw result" });
    await raw.getByText('"success": true').waitFor();
    expect(JSON.parse(await raw.locator("pre").innerText())).toMatchObject({ success: true, recipient: account.email, error: null });
    await expectAccessible(page);
    expectNoErrors(buyer);
  });

  it("anyone can resend a ticket to the booking's own address from /resend-ticket, on a phone", async () => {
    const visitor = await openPage(browser, { viewport: "phone" });
    const { page } = visitor;
    // The signed-in pages send visitors to sign in first, and back afterwards.
    for (const path of ["/my-tickets", "/email-test"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
    }

    await page.goto("/resend-ticket");
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Resend Ticket" }).waitFor();
    const button = page.getByRole("button", { name: "Resend Ticket Email" });
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: /Usual way/ }).isChecked()).toBe(true);
    await expectAccessible(page);

    const field = page.getByLabel("Booking ID, ticket code or payment session ID");
    await field.fill(`  ${tickets[0]!.ticketCode} `);
    await button.click();
    const result = page.getByRole("status").filter({ hasText: "Ticket email sent successfully!" });
    await result.waitFor();
    // A stranger sees the booking's address masked, and it is the only address the ticket goes to.
    await result.getByText(/^Sent to: \w\*\*\*@example\.com$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await field.fill("TCKT-2026-00000000");
    await button.click();
    await page.getByRole("status").filter({ hasText: "Failed to resend ticket: Ticket not found" }).waitFor();
    expectNoErrors(visitor);
    await visitor.context.close();
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPounds, type EventSummary } from "@domain";
import { launchBrowserWithCamera, writeImageVideo } from "./fake-camera";
import {
  DEMO_ORGANISER,
  expectAccessible,
  expectNoErrors,
  launchBrowser,
  openPage,
  plainPaidEvents,
  signedInState,
  toast,
  waitForHydration,
} from "./fixtures";
import { linkTo, uniqueEmail, waitForMail } from "./mail";

const PASSWORD = "whole-journey-1";

/** A plain paid event of the demo organiser with places left (a capacity, not unlimited). */
async function paidEventWithCapacity(): Promise<EventSummary> {
  const event = (await plainPaidEvents({ organiser: DEMO_ORGANISER.username })).find((candidate) => candidate.remaining !== null);
  if (!event) throw new Error(`The seed has no plain paid event with a capacity by ${DEMO_ORGANISER.username}`);
  return event;
}

describe("the whole journey", () => {
  let browser: Browser;
  let doorBrowser: Browser | undefined;
  let folder: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    folder = mkdtempSync(join(tmpdir(), "eventora-journey-"));
  });
  afterAll(async () => {
    await doorBrowser?.close();
    await browser?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("a visitor finds a paid event, signs up, buys two tickets from the cart, gets the QR by e-mail and is scanned in by the organiser", async () => {
    const event = await paidEventWithCapacity();
    const email = uniqueEmail("journey-visitor");
    const visitor = await openPage(browser);
    const { page } = visitor;

    // Browse: home, all events, the event's own page.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Browse Events" }).first().click();
    await page.waitForURL((url) => url.pathname === "/events");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: "Search events by title, description or location" }).fill(event.title);
    await page.keyboard.press("Enter");
    // Click only once the list on screen is the searched one: the search navigates when it lands.
    await page.waitForURL((url) => url.searchParams.get("q") === event.title);
    const results = page.getByRole("region", { name: "Results" });
    await expect
      .poll(async () => (await results.getAttribute("aria-busy")) === "false" && (await results.getAttribute("data-search")) === new URL(page.url()).search, { timeout: 15_000 })
      .toBe(true);
    await results.getByRole("link", { name: `Buy Tickets: ${event.title}` }).click();
    await page.waitForURL((url) => url.pathname === `/events/${event.id}`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: event.title }).waitFor();

    // The first ticket goes into the cart before signing up: the cart needs no account.
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await toast(page, "Added to cart").filter({ hasText: `1 ticket for ${event.title}.` }).waitFor();
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Cart, 1 item" }).waitFor();

    // Sign up, then confirm from the e-mail, whose link signs in.
    await header.getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const form = page.getByRole("tabpanel");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Date of birth").fill("1990-05-17");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await toast(page, "Account created successfully!").waitFor();
    const confirmation = await waitForMail(email, (mail) => mail.subject === "Confirm your Eventora account");
    await page.goto(linkTo(confirmation, "/api/auth/verify-email"));
    await waitForHydration(page);
    await header.getByRole("button", { name: "Sign Out" }).waitFor();

    // A second ticket for the same event: the cart now holds two.
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await toast(page, "Added to cart").filter({ hasText: `1 ticket for ${event.title} (2 in your cart).` }).waitFor();
    await header.getByRole("link", { name: "Cart, 2 items" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Shopping Cart" }).waitFor();
    await page.getByText("Subtotal (2 tickets)").waitFor();
    const total = formatPounds((event.pricePence + 230) * 2);
    // The tickets carry the name typed here, not the account's handle (issue 17).
    await page.getByLabel("Name on the ticket").fill("Priya Shah");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();

    // The local test payment page stands in for the card provider.
    await page.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Test payment" }).waitFor();
    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await page.waitForURL((url) => url.pathname === "/payment-success");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
    await page.getByText(event.title).first().waitFor();
    await toast(page, "Ticket email sent").waitFor();
    await header.getByRole("link", { name: "Cart, 0 items" }).waitFor();
    await expectAccessible(page);
    expectNoErrors(visitor);
    await visitor.context.close();

    // The ticket e-mail: one booking of two tickets, each its own QR code, an inline PNG (issue 36).
    const mail = await waitForMail(email, (m) => m.subject === `Your ticket: ${event.title}`);
    expect(mail.text).toContain("Each attendee shows their own QR code at the event entrance");
    const attendee = /Hi (.+), here are your 2 tickets\./.exec(mail.text)?.[1];
    expect(attendee).toBe("Priya Shah");
    const qrs = mail.attachments.filter((attachment) => attachment.contentId?.startsWith("ticket-qr-"));
    expect(qrs.map((attachment) => attachment.mimeType)).toEqual(["image/png", "image/png"]);
    const qr = qrs[0];

    // At the door: the organiser points a phone camera at the e-mailed QR code.
    const camera = join(folder, "camera.y4m");
    writeImageVideo(camera, Buffer.from(qr!.content, "base64"));
    doorBrowser = await launchBrowserWithCamera(camera);
    const door = await openPage(doorBrowser, { viewport: "phone", storageState: await signedInState(doorBrowser, DEMO_ORGANISER) });
    await door.page.goto("/check-in");
    await waitForHydration(door.page);
    // The event is weeks away: the door says which day the ticket is for, and the organiser admits it anyway (issue 38).
    const early = door.page.getByRole("alert").filter({ has: door.page.getByRole("button", { name: "Admit anyway" }) });
    await early.getByRole("heading", { name: "Not admitted yet" }).waitFor({ timeout: 20_000 });
    await early.getByText(/^This ticket is for \w{3} \d{1,2} \w{3,4} \d{4}, \d\d:\d\d$/).waitFor();
    await early.getByRole("button", { name: "Admit anyway" }).click();
    await toast(door.page, "Check-in successful").filter({ hasText: `${attendee} checked in` }).waitFor({ timeout: 20_000 });
    // The result fills the screen (decision 020) until a tap.
    const result = door.page.getByRole("alert").filter({ has: door.page.getByRole("button", { name: "Back to scanner" }) });
    await result.getByRole("heading", { name: "Ticket valid" }).waitFor();
    await result.getByText(event.title).waitFor();
    await result.getByText(attendee!).waitFor();

    // The organiser's dashboard lists the attendee as checked in.
    await door.page.goto(`/dashboard/attendees?event=${event.id}`);
    await waitForHydration(door.page);
    await door.page.getByRole("status").filter({ hasText: /\d+ of \d+ tickets? checked in/ }).waitFor();
    // A row per ticket (issue 36): the scanned one is in, the booking's other still to come.
    const card = door.page.getByRole("listitem").filter({ hasText: attendee! }).filter({ has: door.page.getByText("Checked In", { exact: true }) });
    await card.getByText("Checked In", { exact: true }).waitFor();
    await expect(card.innerText()).resolves.toContain(email);
    await expectAccessible(door.page);
    expectNoErrors(door);
    await door.context.close();
    // The whole journey, browse to door (and since issue 38 the door's confirmation): longer than one page's test.
  }, 90_000);
});

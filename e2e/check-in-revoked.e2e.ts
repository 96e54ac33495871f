import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { REFUNDED_TICKET_MESSAGE } from "../src/domain";
import { openPostgres, type Database } from "../src/server/db/client";
import { bookings } from "../src/server/db/schema";
import { createAccount, createBooking, createEvent, futureDay } from "../test/fixtures";
import { launchBrowserWithCamera, writeQrVideo } from "./fake-camera";
import { baseUrl, expectAccessible, expectNoErrors, openPage, signIn, toast, VIEWPORTS, waitForHydration } from "./fixtures";
import { dismissResult, fullScreenResult, restartCamera, ticketPayloads } from "./scanner";

const PASSWORD = "scanner-pass-2";
/** Screenshots for a person to look at, outside the repository (BRIEF: /work/shots/i19-<name>/). */
const SHOTS = process.env.SHOTS_DIR;

/** The page as a phone (the scanner's own size) and a desktop show it, when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SHOTS, `${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

describe("the scanner and refunded tickets (issue 19)", () => {
  let browser: Browser;
  let database: Database;
  let folder: string;
  let camera: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "eventora-camera-"));
    camera = join(folder, "camera.y4m");
    await writeQrVideo(camera, null);
    browser = await launchBrowserWithCamera(camera);
    database = await openPostgres(inject("databaseUrl"), 2);
  });

  afterAll(async () => {
    await browser?.close();
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function clearAndShow(page: Page, text: string) {
    const result = page.getByRole("region", { name: "Scan result" });
    await page.getByRole("button", { name: "Clear" }).click();
    await result.getByText("Point the camera at the QR code").waitFor();
    await writeQrVideo(camera, text);
  }

  it("refuses a refunded ticket by name online; a scanner that admitted it offline from an older list learns the refund at its sync and refuses it offline after", async () => {
    const { db } = database;
    const organiser = await createAccount(db, { password: PASSWORD });
    const buyer = await createAccount(db, { password: PASSWORD });
    const event = await createEvent(db, { userId: organiser.id, title: "Refund Door Night", location: "Leeds", dateTime: futureDay(3) });
    const ada = await createBooking(db, { eventId: event.id, quantity: 2, userId: buyer.id, name: "Ada Lovelace", email: buyer.email });
    const payloads = await ticketPayloads(browser, { email: buyer.email, password: PASSWORD });
    const qr = JSON.stringify(payloads.get(ada.id));

    const tracked = await openPage(browser, { viewport: "phone" });
    const { page, context } = tracked;
    await signIn(page, { email: organiser.email, password: PASSWORD });
    await page.goto("/check-in");
    await waitForHydration(page);
    // The list is downloaded while the ticket is still valid.
    await page.getByLabel("Event").selectOption(event.id);
    await page.getByRole("button", { name: "Download ticket list" }).click();
    // A ticket per place (issue 36): both of Ada's tickets.
    await toast(page, "Ticket list downloaded").filter({ hasText: "2 tickets for Refund Door Night" }).waitFor();

    // The organiser refunds the booking (Attendee Management's refund, through its API).
    const refund = await page.request.post(`/api/bookings/${ada.id}/refunds`, { data: { reason: "Cannot come", requestKey: randomUUID() }, headers: { origin: baseUrl() } });
    expect(refund.status()).toBe(200);

    // Online: refused by name, never admitted.
    await restartCamera(page, () => writeQrVideo(camera, qr));
    const refused = fullScreenResult(page);
    await refused.getByRole("heading", { name: "Ticket invalid", exact: true }).waitFor();
    await refused.getByText(REFUNDED_TICKET_MESSAGE).waitFor();
    await expectAccessible(page);
    await shot(page, "scan-refunded");
    await dismissResult(page);

    // Offline with the list downloaded before the refund: this device still admits it...
    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: "Offline" }).waitFor();
    // Cleared first: the scanner ignores the code it has just read.
    await restartCamera(page, () => clearAndShow(page, qr));
    const stale = fullScreenResult(page);
    await stale.getByRole("heading", { name: "Ticket valid", exact: true }).waitFor();
    await stale.getByText("Checked offline").waitFor();
    await dismissResult(page);

    // ...until it syncs: the server refuses the check-in by name, and the list comes back with the refund.
    await context.setOffline(false);
    await toast(page, "Check-ins synced with conflicts").waitFor();
    const conflicts = page.getByRole("region", { name: "Sync conflicts" });
    await conflicts.getByText(`Not admitted: ${REFUNDED_TICKET_MESSAGE}`, { exact: false }).waitFor();
    await page.getByText("0 tickets").first().waitFor();
    await conflicts.scrollIntoViewIfNeeded();
    await shot(page, "sync-refunded");

    // Offline again, the refreshed list refuses it with the same words.
    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: "Offline" }).waitFor();
    await restartCamera(page, () => clearAndShow(page, qr));
    const offline = fullScreenResult(page);
    await offline.getByRole("heading", { name: "Ticket invalid", exact: true }).waitFor();
    await offline.getByText(REFUNDED_TICKET_MESSAGE).waitFor();
    await shot(page, "scan-refunded-offline");
    await context.setOffline(false);

    const [row] = await db.select({ checkedInAt: bookings.checkedInAt, status: bookings.status }).from(bookings).where(eq(bookings.id, ada.id));
    expect(row).toEqual({ checkedInAt: null, status: "refunded" });
    expectNoErrors(tracked, [/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/]);
    await context.close();
  });
});

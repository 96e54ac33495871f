import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";
import { checkInLists, scans, ticketTypes, tickets } from "../src/server/db/schema";
import { createAccount, createBooking, createEvent } from "../test/fixtures";
import { launchBrowserWithCamera, writeQrVideo } from "./fake-camera";
import { expectAccessible, expectNoErrors, openPage, signIn, toast, waitForHydration } from "./fixtures";
import { dismissResult, fullScreenResult, ticketPayloads } from "./scanner";

/**
 * The door's rules at the scanner (issue 38): the check-in list chosen, a ticket for tomorrow admitted only
 * with 'Admit anyway', a Standard ticket refused at the VIP entrance, and Exit then Entry where the list
 * allows re-entry. With E2E_SHOTS set, each state is saved there as a screenshot at the page's width.
 */
const PASSWORD = "door-scanner-1";

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

describe("the door's rules at the scanner (issue 38)", () => {
  let browser: Browser;
  let database: Database;
  let folder: string;
  let camera: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "eventora-door-"));
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

  for (const viewport of ["phone", "desktop"] as const) {
    it(`checks a ticket for tomorrow in only with 'Admit anyway', refuses a Standard ticket at the VIP entrance, and scans out and back in (${viewport})`, async () => {
      const { db } = database;
      const organiser = await createAccount(db, { password: PASSWORD });
      const buyer = await createAccount(db, { password: PASSWORD });
      const tomorrow = new Date(Date.now() + 26 * 3600_000);
      const event = await createEvent(db, { userId: organiser.id, title: `Door Rules Night ${viewport}`, location: "Leeds", dateTime: tomorrow, doorOpensMinutesBefore: 180 });
      await db.update(ticketTypes).set({ name: "Standard" }).where(eq(ticketTypes.eventId, event.id));
      const [vip] = await db.insert(ticketTypes).values({ eventId: event.id, name: "VIP", pricePence: 0, position: 1 }).returning();
      await db.insert(checkInLists).values({ eventId: event.id, name: "VIP entrance", ticketTypeIds: [vip!.id], allowReentry: true });
      const ada = await createBooking(db, { eventId: event.id, quantity: 1, userId: buyer.id, name: "Ada Lovelace", email: buyer.email });
      const grace = await createBooking(db, { eventId: event.id, quantity: 1, userId: buyer.id, name: "Grace Hopper", email: buyer.email });
      await db.update(tickets).set({ ticketTypeId: vip!.id }).where(eq(tickets.bookingId, grace.id));
      const payloads = await ticketPayloads(browser, { email: buyer.email, password: PASSWORD });
      const qr = (bookingId: string) => JSON.stringify(payloads.get(bookingId));

      const tracked = await openPage(browser, { viewport });
      const { page } = tracked;
      await signIn(page, { email: organiser.email, password: PASSWORD });
      await writeQrVideo(camera, qr(ada.id));
      await page.goto(`/check-in?event=${event.id}`);
      await waitForHydration(page);

      // Tomorrow's ticket: the door says which day it is for, and admits it only when staff confirm.
      const early = fullScreenResult(page);
      await early.getByRole("heading", { name: "Not admitted yet" }).waitFor();
      await early.getByText(/^This ticket is for \w{3} \d{1,2} \w{3,4} \d{4}, \d\d:\d\d$/).waitFor();
      await toast(page, "Not admitted yet").waitFor();
      await expectAccessible(page);
      await shot(page, "door-not-admitted-yet");
      await early.getByRole("button", { name: "Admit anyway" }).click();
      await toast(page, "Check-in successful").filter({ hasText: "Ada Lovelace checked in" }).waitFor();
      await fullScreenResult(page).getByText("Check-in list: All tickets · Standard").waitFor();
      await dismissResult(page, { clear: true });
      await page.getByRole("status").filter({ hasText: "Admitted 1 / 2" }).waitFor();

      // The VIP entrance takes VIP tickets only, and lets them out and back in.
      await page.getByRole("button", { name: "Turn camera off" }).click();
      await page.getByLabel("Check-in list").selectOption({ label: "VIP entrance" });
      await page.getByRole("radio", { name: "Exit" }).waitFor();
      await shot(page, "door-bar-vip");
      await page.getByRole("button", { name: "Turn camera on" }).click();
      const refused = fullScreenResult(page);
      await refused.getByRole("heading", { name: "Ticket invalid" }).waitFor();
      await refused.getByText("VIP entrance only: a Standard ticket does not enter here.").waitFor();
      await shot(page, "door-wrong-list");
      await dismissResult(page, { clear: true });

      await page.getByRole("button", { name: "Turn camera off" }).click();
      await writeQrVideo(camera, qr(grace.id));
      await page.getByRole("button", { name: "Turn camera on" }).click();
      await fullScreenResult(page).getByRole("button", { name: "Admit anyway" }).click();
      await toast(page, "Check-in successful").filter({ hasText: "Grace Hopper checked in" }).waitFor();
      await dismissResult(page, { clear: true });

      await page.getByRole("button", { name: "Turn camera off" }).click();
      // The radios are drawn as a switch: a person taps its visible label.
      await page.getByText("Exit", { exact: true }).click();
      expect(await page.getByRole("radio", { name: "Exit" }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Turn camera on" }).click();
      await fullScreenResult(page).getByRole("heading", { name: "Scanned out" }).waitFor();
      await shot(page, "door-scanned-out");
      await dismissResult(page, { clear: true });

      // Back in through the list that allows re-entry (still tomorrow's ticket: confirmed again).
      await page.getByRole("button", { name: "Turn camera off" }).click();
      await page.getByText("Entry", { exact: true }).click();
      expect(await page.getByRole("radio", { name: "Entry" }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Turn camera on" }).click();
      await fullScreenResult(page).getByRole("button", { name: "Admit anyway" }).click();
      // "Not admitted yet" names the list too: wait for the admission's own screen before putting it away.
      await fullScreenResult(page).getByRole("heading", { name: "Ticket valid" }).waitFor();
      await fullScreenResult(page).getByText("Check-in list: VIP entrance · VIP").waitFor();
      await dismissResult(page, { clear: true });

      // Every scan is in the log, with who and where.
      const log = await db.select().from(scans).where(eq(scans.eventId, event.id));
      expect(log.map((entry) => `${entry.direction} ${entry.result}${entry.confirmed ? " confirmed" : ""}`).sort()).toEqual(
        ["in refused", "in admitted confirmed", "in refused", "in refused", "in admitted confirmed", "out exited", "in refused", "in admitted confirmed"].sort(),
      );
      expect(new Set(log.map((entry) => entry.deviceId)).size).toBe(1);
      expectNoErrors(tracked);
      await tracked.context.close();
      // A long walk through the door: eight scans, each with its camera restart.
    }, 120_000);
  }
});

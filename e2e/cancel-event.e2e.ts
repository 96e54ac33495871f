import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CANCELLED_EVENT_TICKET_MESSAGE, type CheckResult } from "../src/domain";
import { openPostgres, type Database } from "../src/server/db/client";
import { bookings } from "../src/server/db/schema";
import { createAccount, createEvent, futureDay } from "../test/fixtures";
import { createPaidBookings } from "../test/paid-bookings";
import { expectNoErrors, launchBrowser, openPage, signedInState, toast, waitForHydration } from "./fixtures";

const PASSWORD = "cancel-event-pass-1";
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

describe("an organiser cancels an event from the dashboard (decision 027)", () => {
  it("refunds its buyers, the event page says Cancelled, and the buyer's ticket is refused at the door", async () => {
    const organiser = await createAccount(database.db, { password: PASSWORD });
    const event = await createEvent(database.db, { userId: organiser.id, title: "Lantern Parade Night", pricePence: 1500, maxAttendees: 100, dateTime: futureDay(3) });
    const { bookingIds } = await createPaidBookings(database.db, { eventId: event.id, pricePence: 1500, count: 3 });
    const [ticket] = await database.db.select().from(bookings).where(eq(bookings.id, bookingIds[0]!));

    const tracked = await openPage(browser, { storageState: await signedInState(browser, { email: organiser.email, password: PASSWORD }) });
    const { page } = tracked;
    try {
      await page.goto("/dashboard");
      await waitForHydration(page);
      const row = page.getByRole("article", { name: "Lantern Parade Night" });
      // An event with sales is cancelled, not deleted.
      expect(await row.getByRole("button", { name: /^Delete/ }).count()).toBe(0);
      await row.getByRole("button", { name: "Cancel event Lantern Parade Night" }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel this event?" });
      await expect.poll(() => dialog.textContent()).toContain("Every buyer is refunded in full, including the booking fee");
      await dialog.getByLabel("Reason for cancelling").fill("The park is closed for repairs.");
      await dialog.getByRole("button", { name: "Cancel event and refund everyone" }).click();
      await toast(page, "Event cancelled").waitFor();
      await row.getByText("Cancelled — all 3 bookings refunded").waitFor({ timeout: 60_000 });

      await page.goto(`/events/${event.id}`);
      await waitForHydration(page);
      await page.getByText("This event has been cancelled. Every ticket holder is refunded in full.").waitFor();
      expect(await page.getByRole("button", { name: /Buy Now|Add to Cart/ }).count()).toBe(0);

      // The door, as the scanner asks it: the refunded ticket of a cancelled event is not admitted.
      const scan = await page.evaluate(async (ticketId) => {
        const response = await fetch("/api/functions/check-ticket", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ticketId, checkIn: true }) });
        return { status: response.status, body: (await response.json()) as CheckResult };
      }, ticket!.ticketCode);
      expect(scan.status).toBe(200);
      expect(scan.body.valid).toBe(false);
      expect(scan.body.error).toBe(CANCELLED_EVENT_TICKET_MESSAGE);
      const [after] = await database.db.select().from(bookings).where(eq(bookings.id, ticket!.id));
      expect(after).toMatchObject({ status: "refunded", ticketQuantity: 0, checkedInAt: null });
      expectNoErrors(tracked);
    } finally {
      await tracked.context.close();
    }
  }, 120_000);
});

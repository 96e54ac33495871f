import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { payoutDueAt } from "../src/domain";
import { openPostgres, type Database } from "../src/server/db/client";
import { runDuePayouts } from "../src/server/features/payouts/payouts.service";
import { createLocalPayments } from "../src/server/providers/payments/local";
import { createAccount, createEvent } from "../test/fixtures";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, waitForHydration } from "./fixtures";
import { createConfirmedAccount, waitForMail } from "./mail";

const PASSWORD = "issue20-pass-1";

describe("an organiser is paid after the event, and the statement shows it (issue 20)", () => {
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

  it("connects a payout account (local provider), sells a ticket, and once the payout has run the statement shows it with its transfer id", async () => {
    const organiser = await createAccount(database.db, { password: PASSWORD });
    const title = `Paid-out Harbour Quiz ${Date.now().toString(36)}`;
    const startsAt = new Date(Date.now() + 2 * 86_400_000);
    const event = await createEvent(database.db, { userId: organiser.id, title, pricePence: 1500, maxAttendees: 50, dateTime: startsAt, endTime: new Date(startsAt.getTime() + 3 * 3_600_000) });

    // The organiser connects a payout account from the dashboard's Payouts section: nothing sold yet.
    const managing = await openPage(browser);
    const { page } = managing;
    await signIn(page, { email: organiser.email, password: PASSWORD });
    await page.goto("/dashboard/payouts");
    await waitForHydration(page);
    await page.getByRole("heading", { name: "No statements yet" }).waitFor();
    await page.getByRole("button", { name: "Set up payouts" }).click();
    await page.getByRole("heading", { name: "Payouts on" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard/payouts");

    // A buyer buys one ticket at its all-in price (£15.00 + £2.30 booking fee).
    const buyer = await createConfirmedAccount("payout-buyer");
    const buying = await openPage(browser);
    await signIn(buying.page, buyer);
    await buying.page.goto(`/events/${event.id}`);
    await waitForHydration(buying.page);
    await buying.page.getByLabel("Name on the ticket").fill("Grace Hopper");
    const popup = buying.page.context().waitForEvent("page");
    await buying.page.getByRole("button", { name: "Buy Now" }).click();
    const checkout = await popup;
    await checkout.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(checkout);
    await checkout.getByRole("button", { name: "Pay £17.30" }).click();
    await checkout.waitForURL((url) => url.pathname === "/payment-success");
    await waitForMail(buyer.email, (m) => m.subject === `Your ticket: ${title}`);
    expectNoErrors(buying);
    await buying.context.close();

    // Before the event ends: the statement waits for it. £15.00 less the organiser fee (2.9% = 44p, + 30p) is £14.26.
    await page.reload();
    await waitForHydration(page);
    const statements = page.getByRole("region", { name: "Statements" });
    const table = statements.getByRole("table");
    const row = table.getByRole("row", { name: new RegExp(title) });
    await row.getByText("Awaiting event end").waitFor();
    await expect.poll(() => row.getByRole("cell").allInnerTexts()).toEqual(expect.arrayContaining(["£15.00", "£2.30", "£0.74", "£14.26", "£0.00"]));
    await page.getByRole("region", { name: "Payout history" }).getByText("No payouts yet.", { exact: false }).waitFor();
    // This month's fee statement is issued once the month is over (issue 34): listed, not yet a link.
    await page.getByRole("region", { name: "Monthly fee statements" }).getByText(/: statement issued when the month ends$/).waitFor();

    // The event ends and its payout falls due: the payout run is told the time is past the due date.
    const dueAt = payoutDueAt(event);
    const report = await runDuePayouts({ db: database.db, gateway: createLocalPayments({ publicUrl: baseUrl(), db: database.db }) }, new Date(dueAt.getTime() + 60_000));
    const paid = report.paid.find((outcome) => outcome.eventId === event.id && outcome.payeeKind === "organiser");
    expect(paid).toMatchObject({ amountPence: 1426, providerId: expect.stringMatching(/^tr_local_/) });

    await page.reload();
    await waitForHydration(page);
    await row.getByText(/^Paid /).waitFor();
    await row.getByText(paid!.providerId!).waitFor();
    const payouts = page.getByRole("region", { name: "Payout history" });
    await payouts.getByText(title).waitFor();
    await payouts.getByText(paid!.providerId!).waitFor();
    await payouts.getByText("£14.26").waitFor();
    await expectAccessible(page);

    // The statements download as CSV with the transfer on the event's row.
    const csv = await page.request.get("/api/payouts/statements.csv");
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(`${title},`);
    expect(await csv.text()).toContain(paid!.providerId!);
    expectNoErrors(managing);
    await managing.context.close();
  });
});

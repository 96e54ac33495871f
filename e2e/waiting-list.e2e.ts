import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";
import { createAccount, createEvent } from "../test/fixtures";
import { expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, waitForHydration } from "./fixtures";
import { createConfirmedAccount, linkTo, waitForMail } from "./mail";

const PASSWORD = "issue37-pass-1";

/** The waiting list from the buyer's side (issue 37, D25): join a sold-out event, get the freed place by e-mail, buy it. */
describe("the waiting list", () => {
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

  it("a buyer joins a sold-out event's list from its page; a refund offers them the place by e-mail; its link buys it; My Tickets shows the ticket", async () => {
    const organiser = await createAccount(database.db, { password: PASSWORD });
    const title = `Waiting List Folk Night ${Date.now().toString(36)}`;
    const event = await createEvent(database.db, { userId: organiser.id, title, pricePence: 1500, maxAttendees: 1, dateTime: new Date(Date.now() + 30 * 86_400_000) });

    // The one place is sold.
    const first = await createConfirmedAccount("wait-first");
    const buying = await openPage(browser);
    await signIn(buying.page, first);
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
    await buying.context.close();

    // Sold out: the second buyer joins the list with the page's plain form, before its scripts load.
    const second = await createConfirmedAccount("wait-second");
    const waiting = await openPage(browser, { viewport: "phone" });
    const { page } = waiting;
    await signIn(page, second);
    await page.goto(`/events/${event.id}`);
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    await page.getByText("You're on the waiting list").waitFor();
    await page.getByText("General Admission: number 1 in line").waitFor();
    await expectAccessible(page);

    // The organiser refunds the ticket: the place goes to the list, not back on sale.
    const managing = await openPage(browser);
    await signIn(managing.page, { email: organiser.email, password: PASSWORD });
    const attendees = await managing.page.request.get(`/api/events/${event.id}/attendees`);
    const bookingId = ((await attendees.json()) as { attendees: { bookingId: string }[] }).attendees[0]!.bookingId;
    const refunded = await managing.page.request.post(`/api/bookings/${bookingId}/refunds`, { headers: { origin: new URL(managing.page.url()).origin }, data: { reason: "Cannot come any more", requestKey: `wait-${Date.now()}` } });
    expect(refunded.status(), await refunded.text()).toBe(200);

    // The offer e-mail's link holds the place for them.
    const mail = await waitForMail(second.email, (m) => m.subject === `A place has come free for ${title}`, 60_000);

    // The organiser's Waiting Lists screen shows them offered the place, with nothing free for anyone else.
    await managing.page.goto(`/dashboard/waiting-list?event=${event.id}`);
    const row = managing.page.getByRole("row", { name: /wait-second/ });
    await row.getByText("Place offered").waitFor();
    await row.getByText(second.email).waitFor();
    await managing.page.getByText("Places free for the list:").getByText("0").waitFor();
    await expectAccessible(managing.page);
    const offerLink = linkTo(mail, `/events/${event.id}`);
    expect(new URL(offerLink).searchParams.get("offer")).toBeTruthy();
    const { pathname, search } = new URL(offerLink);
    await page.goto(pathname + search);
    await page.getByText(/^A place is held for you until /).first().waitFor();
    await page.getByText("Quantity: 1 ticket").waitFor();
    await waitForHydration(page);
    await page.getByLabel("Name on the ticket").fill("Alan Turing");
    const offered = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Buy Now" }).click();
    const pay = await offered;
    await pay.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(pay);
    await pay.getByRole("button", { name: "Pay £17.30" }).click();
    await pay.waitForURL((url) => url.pathname === "/payment-success");

    // My Tickets: the ticket, and the entry bought (nothing left to leave).
    await page.goto("/my-tickets");
    await page.getByRole("heading", { name: title }).first().waitFor();
    const lists = page.getByRole("region", { name: "Waiting lists" });
    await lists.getByText("Bought").waitFor();
    expect(await lists.getByRole("button", { name: /^Leave the waiting list/ }).count()).toBe(0);
    expectNoErrors(waiting);
    await managing.context.close();
    await waiting.context.close();
  });
});

import { eq } from "drizzle-orm";
import type { Browser, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres, type Database } from "../src/server/db/client";
import { affiliateCommissions, affiliates, bookings, users } from "../src/server/db/schema";
import { expectNoErrors, launchBrowser, openPage, signedInState, waitForHydration, plainPaidEvents } from "./fixtures";
import { createConfirmedAccount } from "./mail";

/** The seeded demo attendee's affiliate code (src/server/db/seed.ts DEMO_AFFILIATE_CODE). */
const DEMO_AFFILIATE_CODE = "TOMF2026";

describe("an affiliate's ?ref= link stores nothing before consent (issue 34)", () => {
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

  it("a visit with ?ref= leaves no trace of the code in the browser, still credits the affiliate for a purchase in that visit, and stores the code only after Yes", async () => {
    const buyer = await createConfirmedAccount("referred");
    const event = (await plainPaidEvents())[0]!;
    const tracked = await openPage(browser, { storageState: await signedInState(browser, buyer) });
    const { page, context } = tracked;
    const setCookies: Promise<string | null>[] = [];
    context.on("response", (response: Response) => void setCookies.push(response.headerValue("set-cookie")));
    const code = DEMO_AFFILIATE_CODE;

    await page.goto(`/events/${event.id}?ref=${code.toLowerCase()}`);
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: "Affiliate link" });
    await banner.getByText(`You came from ${code}'s link. Remember it for 30 days so they get credit if you buy later?`).waitFor();

    /** Everything of this visit the browser or the server could have kept about the code. */
    async function traces(): Promise<string[]> {
      const inPage = await page.evaluate(async () => ({
        local: Object.entries(localStorage).flat(),
        session: Object.entries(sessionStorage).flat(),
        cookie: document.cookie,
        indexedDb: (await indexedDB.databases()).map((database) => database.name ?? ""),
      }));
      const cookies = (await context.cookies()).flatMap((cookie) => [cookie.name, cookie.value]);
      const headers = (await Promise.all(setCookies)).filter((header): header is string => header !== null);
      return [...inPage.local, ...inPage.session, inPage.cookie, ...inPage.indexedDb, ...cookies, ...headers].filter((text) => /affiliate|tomf2026/i.test(text));
    }
    expect(await traces()).toEqual([]);

    // Buy without answering: the code travels with the visit to create-payment.
    await page.getByLabel("Name on the ticket").fill("Referred Buyer");
    const popup = context.waitForEvent("page");
    await page.getByRole("button", { name: "Buy Now" }).click();
    const checkout = await popup;
    await checkout.waitForURL((url) => url.pathname.startsWith("/checkout/test/cs_test_"));
    await waitForHydration(checkout);
    await checkout.getByRole("button", { name: /^Pay £/ }).click();
    await checkout.waitForURL((url) => url.pathname === "/payment-success");
    const credited = async () =>
      database.db
        .select({ code: affiliates.affiliateCode })
        .from(affiliateCommissions)
        .innerJoin(affiliates, eq(affiliates.id, affiliateCommissions.affiliateId))
        .innerJoin(bookings, eq(bookings.id, affiliateCommissions.bookingId))
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(eq(users.email, buyer.email));
    await expect.poll(async () => (await credited()).map((row) => row.code)).toEqual([code]);
    await checkout.close();
    expect(await traces()).toEqual([]);

    // Yes is what stores it, for 30 days.
    const before = Date.now();
    await banner.getByRole("button", { name: "Yes" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("affiliate_code"))).toBe(code);
    const expiry = Number(await page.evaluate(() => localStorage.getItem("affiliate_expiry")));
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
    // Nothing about the code went into a cookie, whichever answer.
    expect((await context.cookies()).filter((cookie) => /affiliate|tomf2026/i.test(cookie.name + cookie.value))).toEqual([]);
    expectNoErrors(tracked);
    await context.close();
  });

  it("No thanks stores nothing and does not ask again in the visit", async () => {
    const event = (await plainPaidEvents())[0]!;
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await page.goto(`/events/${event.id}?ref=${DEMO_AFFILIATE_CODE}`);
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: "Affiliate link" });
    await banner.getByRole("button", { name: "No thanks" }).click();
    await banner.waitFor({ state: "detached" });
    // An in-app page change keeps the visit (and its answer).
    await page.getByRole("navigation", { name: "Quick Links" }).getByRole("link", { name: "All Events" }).click();
    await page.waitForURL((url) => url.pathname === "/events");
    expect(await banner.count()).toBe(0);
    expect(await page.evaluate(() => ({ local: localStorage.getItem("affiliate_code"), cookie: document.cookie }))).toEqual({ local: null, cookie: "" });
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

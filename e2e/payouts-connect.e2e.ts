import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, expectNoErrors, launchBrowser, openPage, signIn, waitForHydration } from "./fixtures";
import { createConfirmedAccount } from "./mail";

describe("payouts", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("an organiser opens Payouts, sets up payouts (local provider) and sees Payouts on", async () => {
    const account = await createConfirmedAccount("payouts");
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, account);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Payouts" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/payouts");
    await page.getByRole("heading", { name: "Get paid for your sales" }).waitFor();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Set up payouts" }).click();
    // The local provider's account is ready at once: its onboarding link is the return page, which shows the section.
    await page.getByRole("heading", { name: "Payouts on" }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/dashboard/payouts");
    expect(await page.getByText(/Paid to your Stripe account ending [0-9a-f]{4}\. Payouts are made 7 business days after each event ends\./).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Set up payouts" }).count()).toBe(0);
    await expectAccessible(page);
    expectNoErrors(tracked);
  });
});

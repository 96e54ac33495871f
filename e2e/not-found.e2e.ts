import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, waitForHydration } from "./fixtures";

describe("unknown paths", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("answer 404 with the not-found page and a way home", async () => {
    const tracked = await openPage(browser);
    const response = await tracked.page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await waitForHydration(tracked.page);
    await expect.poll(() => tracked.page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).toBe(true);
    await tracked.page.getByRole("link", { name: "Return to Home" }).click();
    await tracked.page.waitForURL(`${baseUrl()}/`);
    await expectAccessible(tracked.page);
    // The 404 document itself is reported by Chromium as a failed resource load.
    expectNoErrors(tracked, [/status of 404/]);
    await tracked.context.close();
  });
});

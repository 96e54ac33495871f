import type { Page } from "playwright-core";

/**
 * Waits until React has hydrated the page, so clicks reach React handlers. The public pages load their
 * scripts only when the visitor first reaches for something (decision 039): a key press starts them, as a
 * visitor's first key, tap or click would. e2e/hydrate-on-interaction.e2e.ts tests that path itself.
 */
export async function waitForHydration(page: Page) {
  const isHydrated = () => document.documentElement.dataset.hydrated === "true";
  for (let attempt = 1; ; attempt++) {
    // A page still navigating has no document to ask yet: press and wait again.
    if (await page.evaluate(isHydrated).catch(() => false)) return;
    await page.keyboard.press("Shift");
    if (await page.waitForFunction(isHydrated, null, { timeout: 5_000 }).then(() => true, () => false)) return;
    if (attempt === 12) throw new Error(`${page.url()} did not hydrate within a minute`);
  }
}

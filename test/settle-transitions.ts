import type { Page } from "playwright-core";

/**
 * Waits (2 s at most) for running transitions and finite animations to finish: axe reads colours as they
 * are, so a tab still fading to its selected colour after a click measures as too little contrast. Used by
 * the browser tests (e2e/fixtures.ts) and the page budgets (scripts/check-budgets.ts).
 */
export async function settleTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** How `npm run audit` sums up a page's Lighthouse runs: each category's median, and the run that explains it. */
import type { Result } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A category's score out of 100; a category Lighthouse could not score counts as 0. */
export const categoryScore = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

export function medianScores(runs: Result[]): Record<Category, number> {
  return Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((run) => categoryScore(run, c)))])) as Record<Category, number>;
}

/** The run whose performance score is the median one: its metrics and failing audits explain the score. */
export function typicalRun(runs: Result[]): Result {
  return [...runs].sort((a, b) => categoryScore(a, "performance") - categoryScore(b, "performance"))[Math.floor(runs.length / 2)]!;
}

import type { Result } from "lighthouse";
import { describe, expect, it } from "vitest";
import { belowBar, medianScores, typicalRun } from "./audit-scores";

/** A Lighthouse result holding only category scores (0-1), which is all the verdict reads. */
function run(performance: number | null, other = 1, id = "run"): Result {
  const category = (score: number | null) => ({ score, auditRefs: [] });
  return {
    requestedUrl: id,
    categories: {
      performance: category(performance),
      accessibility: category(other),
      "best-practices": category(other),
      seo: category(other),
    },
  } as unknown as Result;
}

const bars = { performance: 95, other: 95 };

describe("the audit's verdict", () => {
  it("takes each category's median over the runs, so one bad run does not fail a page", () => {
    const scores = medianScores([run(1), run(0.6), run(0.97), run(0.99), run(1)]);
    expect(scores.performance).toBe(99);
    expect(belowBar(scores, bars)).toEqual([]);
  });

  it("fails a page whose median performance is below the bar, naming the category and score", () => {
    const scores = medianScores([run(0.94), run(0.9), run(0.99)]);
    expect(belowBar(scores, bars)).toEqual([{ category: "performance", score: 94 }]);
  });

  it("holds accessibility, best practices and SEO to their own bar", () => {
    const scores = medianScores([run(1, 0.92), run(1, 0.92), run(1, 1)]);
    expect(belowBar(scores, bars)).toEqual([
      { category: "accessibility", score: 92 },
      { category: "best-practices", score: 92 },
      { category: "seo", score: 92 },
    ]);
    expect(belowBar(scores, { performance: 95, other: 90 })).toEqual([]);
  });

  it("counts a category Lighthouse could not score as 0", () => {
    expect(belowBar(medianScores([run(null), run(null), run(1)]), bars)).toEqual([{ category: "performance", score: 0 }]);
  });

  it("explains the score with the run whose performance is the median one", () => {
    expect(typicalRun([run(1, 1, "a"), run(0.5, 1, "b"), run(0.9, 1, "c")]).requestedUrl).toBe("c");
  });
});

import type { Result } from "lighthouse";
import { describe, expect, it } from "vitest";
import { medianScores, typicalRun } from "./audit-scores";

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

describe("the audit's summary", () => {
  it("takes each category's median over the runs, so one bad run does not move a page's score", () => {
    expect(medianScores([run(1), run(0.6), run(0.97), run(0.99), run(1)])).toEqual({ performance: 99, accessibility: 100, "best-practices": 100, seo: 100 });
    expect(medianScores([run(1, 0.92), run(1, 0.92), run(1, 1)]).accessibility).toBe(92);
  });

  it("counts a category Lighthouse could not score as 0", () => {
    expect(medianScores([run(null), run(null), run(1)]).performance).toBe(0);
  });

  it("explains the score with the run whose performance is the median one", () => {
    expect(typicalRun([run(1, 1, "a"), run(0.5, 1, "b"), run(0.9, 1, "c")]).requestedUrl).toBe("c");
  });
});

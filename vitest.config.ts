import { randomInt } from "node:crypto";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./src/web", import.meta.url)),
  "@domain": fileURLToPath(new URL("./src/domain", import.meta.url)),
};

// One fast-check seed per run, shared by every worker (test/fast-check.ts): FC_SEED replays a run.
process.env.FC_SEED ??= String(randomInt(0, 2 ** 31 - 1));
const setupFiles = ["test/fast-check.ts"];

/**
 * Test files at a time: one per core. Vitest's default keeps a core for its main process, which leaves a
 * 2-core CI machine running one file at a time while that file mostly waits on PostgreSQL; each file has
 * its own database (test/database.ts), so files never share state.
 */
const maxWorkers = Math.max(2, availableParallelism());

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          maxWorkers,
          include: ["src/domain/**/*.test.ts", "src/web/**/*.test.ts", "src/web/**/*.test.tsx", "scripts/**/*.test.ts", "test/stand-ins/**/*.test.ts"],
          // A domain rule's SQL form is tested against PostgreSQL, in the integration project.
          exclude: [...configDefaults.exclude, "src/domain/**/*.sql.test.ts"],
          environment: "node",
          setupFiles,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          maxWorkers,
          setupFiles,
          include: ["src/server/**/*.test.ts", "src/domain/**/*.sql.test.ts"],
          globalSetup: ["test/postgres-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          setupFiles,
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["test/postgres-global-setup.ts", "e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser on a busy 2-core machine can take seconds to re-render; polls wait for it.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time against the one app and browser: a journey mostly waits on them.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "system",
          setupFiles,
          include: ["test/system/**/*.system.ts"],
          globalSetup: ["test/postgres-global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

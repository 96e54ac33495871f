import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Issue 17: run as root (as in most containers) from a clone under /root or any folder only its owner
 * can enter, the tests' embedded PostgreSQL, which may not run as root, could not reach its own
 * binaries or data and every integration test died with `spawn …/initdb EACCES`. This copies the
 * project (its files as they are now, with node_modules hard-linked, so it takes seconds) into a
 * mode-700 folder and runs one integration test file there, on the embedded PostgreSQL.
 */
const REPO = fileURLToPath(new URL("../..", import.meta.url));
const RUN_TIMEOUT_MS = 240_000;

const privateFolder = mkdtempSync(join(tmpdir(), "eventora-private-"));
afterAll(() => rmSync(privateFolder, { recursive: true, force: true }));

/** The project's tracked and new (not ignored) files, as they are in the working tree. */
function copyWorkingTree(to: string) {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: REPO, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    const from = join(REPO, file);
    if (!statSync(from, { throwIfNoEntry: false })?.isFile()) continue; // deleted, not yet committed
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(from, join(to, file));
  }
  // Hard links keep the packages' paths inside the private folder, where PostgreSQL's binaries must be reached.
  execFileSync("cp", ["-al", join(REPO, "node_modules"), join(to, "node_modules")]);
}

describe("the tests in a folder only its owner can enter", () => {
  it("run an integration test file on the embedded PostgreSQL (as root too, as in most containers)", async () => {
    const clone = join(privateFolder, "eventora");
    copyWorkingTree(clone);
    expect(statSync(privateFolder).mode & 0o777).toBe(0o700);

    const env: NodeJS.ProcessEnv = { NO_COLOR: "1", FORCE_COLOR: "0" };
    // Not this run's Vitest worker settings, nor a DATABASE_URL: the child starts its own PostgreSQL.
    for (const [key, value] of Object.entries(process.env)) if (!/^(VITEST|TEST$|NODE_ENV$|DATABASE_URL$|FORCE_COLOR$)/.test(key)) env[key] ??= value;
    const run = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn("npx", ["vitest", "run", "--project", "integration", "src/server/db/database-unavailable.test.ts"], { cwd: clone, env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("error", reject);
      child.once("close", (code) => resolve({ code, output }));
    });
    expect(run.output, run.output.slice(-5_000)).toMatch(/Tests\s+3 passed/);
    expect(run.code, run.output.slice(-5_000)).toBe(0);
  }, RUN_TIMEOUT_MS);
});

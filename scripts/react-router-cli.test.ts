import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { reactRouterCli } from "./react-router-cli.mjs";

describe("reactRouterCli", () => {
  it("is the installed React Router CLI, which `npm start` builds a missing web build with", () => {
    const run = spawnSync(process.execPath, [reactRouterCli(), "--version"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import config from "../../vitest.config";

/**
 * The real unit and integration projects (their globalSetup, setup files, aliases and timeouts), with
 * their test files swapped for this folder's canaries, which no project of vitest.config.ts includes.
 * Used only by test/system/exit-code.system.ts.
 */
const canaryProjects = (config.test!.projects as TestProjectInlineConfiguration[])
  .filter((project) => project.test?.name === "unit" || project.test?.name === "integration")
  .map((project) => ({ ...project, test: { ...project.test, include: [`test/canary/*.${project.test!.name as string}.canary.ts`] } }));

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: { projects: canaryProjects },
});

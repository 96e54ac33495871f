import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startAppProcess } from "../test/app-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the built app (production mode) on a fresh, seeded PostgreSQL database for the browser journeys. */
export default async function setup(project: TestProject) {
  const { postgresServerUrl, templateDatabase } = project.getProvidedContext();
  const name = `eventora_e2e_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresServerUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  const databaseUrl = new URL(postgresServerUrl);
  databaseUrl.pathname = `/${name}`;

  const dataDir = mkdtempSync(join(tmpdir(), "eventora-e2e-"));
  const app = await startAppProcess({ DATABASE_URL: databaseUrl.toString(), DATA_DIR: dataDir, SEED_DEMO_DATA: "always" });
  project.provide("baseUrl", app.baseUrl);

  return async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: postgresServerUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await cleanup.end();
  };
}

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startAppProcess } from "../test/app-process";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";
import { startSmtpReceiver } from "../test/smtp-receiver";
import { walletTestEnv } from "../test/wallet-env";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** JSON list of the mail the app sent over SMTP (see test/smtp-receiver.ts). */
    mailUrl: string;
    /** The app's database, for journeys that stand in for another part of the system (e.g. a sale). */
    databaseUrl: string;
    /** One Chromium for the whole run (launchBrowser connects to it; each test file's contexts are its own). */
    browserWsEndpoint: string;
  }
}

/**
 * Starts the built app (production mode) on a fresh, seeded PostgreSQL database for the browser journeys,
 * and one Chromium that the test files connect to: launching a browser per file cost 1–2 s each.
 */
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
  const smtp = await startSmtpReceiver();
  const app = await startAppProcess({
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: "always",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    PAYMENT_PROVIDER: "local",
    SMTP_URL: smtp.smtpUrl,
    // Both wallets offered (a test identity; nothing is pushed): My Tickets and the success page show their links.
    ...walletTestEnv(),
  });
  const browserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  project.provide("baseUrl", app.baseUrl);
  project.provide("mailUrl", smtp.messagesUrl);
  project.provide("databaseUrl", databaseUrl.toString());
  project.provide("browserWsEndpoint", browserServer.wsEndpoint());

  return async () => {
    await app.stop();
    await browserServer.close();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: postgresServerUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await cleanup.end();
  };
}

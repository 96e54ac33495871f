import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { expectAccessible, launchBrowser, waitForHydration } from "./fixtures";

/**
 * The "done when": a newcomer's demo install (no mail server) where the sign-up confirmation
 * and sign-in codes are read at /dev/mailbox. Runs its own app in demo mode on a fresh database.
 */
describe("a newcomer's demo install", () => {
  let app: AppProcess;
  let browser: Browser;
  let dataDir: string;
  let databaseName: string;

  beforeAll(async () => {
    const serverUrl = inject("postgresServerUrl");
    databaseName = `eventora_newcomer_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName} template ${inject("templateDatabase")}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    dataDir = mkdtempSync(join(tmpdir(), "eventora-newcomer-"));
    // NODE_ENV=test is demo mode: no SMTP_URL, so mail goes to the outbox shown at /dev/mailbox.
    app = await startAppProcess({ NODE_ENV: "test", DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_DEMO_DATA: "never" });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: inject("postgresServerUrl") });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await admin.end();
  });


  it("creates an account, confirms it from /dev/mailbox, and signs in by code read there", async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = `newcomer-${Date.now().toString(36)}@example.com`;

    await page.goto("/auth");
    // Demo mode: the auth screens say where their e-mails go (the server decides; never in production).
    const pointer = page.getByRole("link", { name: "/dev/mailbox" });
    expect(await pointer.getAttribute("href")).toBe("/dev/mailbox");
    expect(await pointer.locator("xpath=..").textContent()).toMatch(/^Demo: open the mailbox at \/dev\/mailbox/);
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const panel = page.getByRole("tabpanel");
    await panel.getByLabel("Email").fill(email);
    await panel.getByLabel("Password", { exact: true }).fill("newcomer-pass");
    await panel.getByLabel("Date of birth").fill("1988-02-11");
    await panel.getByRole("button", { name: "Sign Up" }).click();
    // One message: the toast and the note on Sign In both ask for the confirmation first.
    const confirmFirst = "Check your email and click the confirmation link before signing in.";
    await page.locator("[data-sonner-toast]").filter({ hasText: "Account created successfully!" }).filter({ hasText: confirmFirst }).waitFor();
    expect(await page.getByRole("tabpanel").getByRole("status").textContent()).toBe(`We've sent a confirmation link to ${email}. ${confirmFirst}`);
    expect(await page.content()).not.toContain("You can now sign in");

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Confirm your Eventora account" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("link", { name: /verify-email/ }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    // Signed in as before, and now told why: 'Email confirmed', drawn by the server.
    await page.getByRole("status").filter({ hasText: "Email confirmed." }).waitFor();
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    // The header changes at once; the toast follows the server's answer, after which /auth is open again.
    await page.locator("[data-sonner-toast]").filter({ hasText: "Signed out successfully" }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();

    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "OTP" }).click();
    await page.getByRole("tabpanel").getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("tabpanel").getByRole("button", { name: "Send Email OTP" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "OTP sent!" }).waitFor();

    const mailbox = await context.newPage();
    await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const subject = await mailbox.getByRole("heading", { name: /is your Eventora sign-in code/ }).first().textContent();
    const code = /\d{6}/.exec(subject ?? "")?.[0];
    expect(code).toMatch(/^\d{6}$/);
    await mailbox.close();

    await page.getByRole("tabpanel").getByLabel("Verification code").fill(code!);
    await page.getByRole("tabpanel").getByRole("button", { name: "Verify & Sign In" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Welcome!" }).waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).waitFor();
    await context.close();
  });
});

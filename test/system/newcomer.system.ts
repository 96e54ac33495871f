import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { EventListResult, LiveSale, MailboxMessage } from "../../src/domain";
import { freePort } from "../app-process";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { waitForHydration } from "../wait-for-hydration";
import { HttpClient, openEventStream, REQUEST_TIMEOUT_MS, waitFor } from "./http";

/**
 * The README's quick start, as a newcomer runs it: `npm start` on an empty DATA_DIR with no
 * DATABASE_URL (PGlite, demo data, the test checkout and the dev mailbox), then a demo attendee buys a
 * ticket in Chromium, the ticket e-mail arrives in /dev/mailbox and the organiser's live-sales stream
 * shows the sale. Needs `npm run build` first (as `npm start` would otherwise build).
 */
const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** Settings a newcomer has not made: the test runner's or CI's own must not reach the app. */
const NOT_A_NEWCOMERS =
  /^(DATABASE_URL|NODE_ENV|HOST|PORT|PUBLIC_URL|DATA_DIR|SEED_DEMO_DATA|LOG_LEVEL|AUTH_SECRET|EMAIL_FROM|SUPPORT_EMAIL|SMTP_URL|TRUST_PROXY|PAYMENT_PROVIDER|SMS_PROVIDER)$|^(BREVO|RESEND|TWILIO|STRIPE|OPENAI|S3|JOBS)_|^VITEST|^TEST$/;

/** Generous: the first start migrates and seeds PGlite, on a 2-core CI machine shared with other work. */
const START_TIMEOUT_MS = 240_000;

interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

let app: ChildProcess;
let output = "";
let baseUrl: string;
let browserUrl: string;
let accounts: DemoAccount[] = [];
let browser: Browser | undefined;
const dataDir = mkdtempSync(join(tmpdir(), "eventora-newcomer-"));

/** Resolves once the app's output matches, failing if the process ends first. */
function printed(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output);
      if (!match) return false;
      cleanup();
      resolve(match);
      return true;
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`npm start exited (${code}) before printing ${pattern}:\n${output.slice(-10_000)}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`npm start did not print ${pattern} within ${timeoutMs / 1000} s:\n${output.slice(-10_000)}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      app.stdout!.off("data", check);
      app.off("exit", onExit);
    };
    if (check()) return;
    app.stdout!.on("data", check);
    app.once("exit", onExit);
  });
}

/** This machine's environment less the settings a newcomer has not made. */
function newcomersEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!NOT_A_NEWCOMERS.test(key)) env[key] = value;
  return env;
}

beforeAll(async () => {
  const port = await freePort();
  const env = newcomersEnv();
  // Detached: its own process group, so `npm`, scripts/start.mjs and the server all stop together.
  app = spawn("npm", ["start"], { cwd: REPO, env: { ...env, PORT: String(port), DATA_DIR: dataDir }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-500_000);
  };
  app.stdout!.on("data", keep);
  app.stderr!.on("data", keep);

  // The banner comes once the server listens: where it runs, and the demo accounts, ending with the mailbox.
  const banner = await printed(/Eventora is running at (\S+) \(embedded database in [^)]+\)[\s\S]*?e-mail and SMS appear at \S+\/dev\/mailbox/, START_TIMEOUT_MS);
  browserUrl = banner[1]!;
  expect(browserUrl).toBe(`http://localhost:${port}`);
  accounts = [...banner[0].matchAll(/^\s+(\w+)\s+(\S+@\S+)\s+password: (\S+)$/gm)].map(([, role, email, password]) => ({ role: role!, email: email!, password: password! }));
  // Demo mode may listen on loopback only: the test connects as a local browser does, over IPv4 loopback.
  baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      const ready = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => undefined);
      return ready?.ok ? true : undefined;
    },
    { timeoutMs: START_TIMEOUT_MS, what: "/readyz" },
  );
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await browser?.close();
  if (app && app.exitCode === null && app.signalCode === null) {
    const exited = once(app, "exit");
    process.kill(-app.pid!, "SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("a newcomer's `npm start` on an empty data directory", () => {
  it("runs on the embedded database with demo accounts, sells a ticket through the test checkout, mails it to the dev mailbox and shows the sale live", async () => {
    onTestFailed(() => {
      console.error(`npm start's output (last 20 KB):\n${output.slice(-20_000)}`);
    });
    // The embedded database was created in the empty DATA_DIR.
    expect(readdirSync(dataDir).length).toBeGreaterThan(0);
    const organiser = accounts.find((account) => account.email === "northern.sounds@eventora.test");
    const attendee = accounts.find((account) => account.role === "attendee");
    expect(organiser, `demo accounts printed: ${JSON.stringify(accounts)}`).toBeDefined();
    expect(attendee).toBeDefined();
    const node = { baseUrl };

    // The organiser follows sales live (the dashboard's stream), signed in with the printed password.
    const organiserClient = new HttpClient(undefined, browserUrl);
    await organiserClient.signIn(node, organiser!.email, organiser!.password);
    const stream = await openEventStream(node, organiserClient);
    try {
      const listing = await organiserClient.get(node, "/api/events?organiser=northern_sounds&pageSize=50");
      expect(listing.status).toBe(200);
      // Without an age limit: the demo attendee has no date of birth, so an 18+ event would first ask for one (issue 34).
      const event = (listing.body as EventListResult).events.find((candidate) => candidate.pricePence > 0 && candidate.minAge === null && (candidate.remaining === null || candidate.remaining >= 5));
      expect(event, "a paid demo event of northern.sounds with places left").toBeDefined();

      // The attendee buys one ticket in Chromium at the address the start-up banner printed.
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        // localhost is the banner's address; pinned to IPv4 loopback as the server may listen there only.
        args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP localhost 127.0.0.1"],
      });
      const context = await browser.newContext({ baseURL: browserUrl, viewport: { width: 1280, height: 900 }, locale: "en-GB", timezoneId: "Europe/London" });
      // A cold server on a busy 2-core machine: each step waits for its page or element up to a minute.
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      // A cold server: a minute for each page to hydrate (waitForHydration presses a key for the public pages, decision 039).
      const hydrated = () => waitForHydration(page);
      await page.goto("/auth");
      await hydrated();
      const panel = page.getByRole("tabpanel");
      await panel.getByLabel("Email").fill(attendee!.email);
      await panel.getByLabel("Password").fill(attendee!.password);
      await panel.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/");

      await page.goto(`/events/${event!.id}`);
      await hydrated();
      const checkoutPage = context.waitForEvent("page");
      await page.getByRole("button", { name: "Buy Now" }).click();
      // The checkout opens in a new tab (or this one, where pop-ups are blocked).
      const checkout = await Promise.race([checkoutPage, page.waitForURL((url) => url.pathname.startsWith("/checkout/test/")).then(() => page)]);
      await checkout.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
      await waitForHydration(checkout);
      await checkout.getByRole("heading", { name: "Test payment" }).waitFor();
      await checkout.getByRole("button", { name: /^Pay £/ }).click();
      await checkout.waitForURL((url) => url.pathname === "/payment-success");
      const ticketCode = await checkout.getByText(/TCKT-\d{4}-[0-9A-F]{8}/).first().textContent();
      const code = /TCKT-\d{4}-[0-9A-F]{8}/.exec(ticketCode ?? "")![0];

      // The organiser's open stream shows the sale.
      const sale = (await stream.sale((candidate) => candidate.eventId === event!.id, 60_000)) as unknown as LiveSale;
      expect(sale).toMatchObject({ eventTitle: event!.title, ticketQuantity: 1, change: "new" });

      // The ticket e-mail lands in the dev mailbox with the ticket's code.
      const mail = await waitFor(
        async () => {
          const answer = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(attendee!.email)}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
          expect(answer.status).toBe(200);
          const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
          return messages.find((message) => message.subject === `Your ticket: ${event!.title}`);
        },
        { timeoutMs: 60_000, what: "the ticket e-mail in the dev mailbox" },
      );
      expect(JSON.stringify(mail)).toContain(code);
      await context.close();
    } finally {
      await stream.close();
    }
  }, 240_000);

  it("prints readable lines only and ends start-up with one block (address, demo accounts, mailbox) that browsing does not scroll away", () => {
    onTestFailed(() => {
      console.error(`npm start's output (last 20 KB):\n${output.slice(-20_000)}`);
    });
    const lines = output.split("\n").map((line) => line.trimEnd()).filter(Boolean);
    // Issue 17: deprecation and future-flag warnings, then a JSON line per request, buried the demo accounts.
    expect(lines.filter((line) => /^\s*\{".*\}$/.test(line))).toEqual([]);
    expect(lines.filter((line) => /warn|deprecat/i.test(line))).toEqual([]);
    const rules = lines.flatMap((line, index) => (/^─+$/.test(line) ? [index] : []));
    expect(rules, "the start-up block between two rules").toHaveLength(2);
    const block = lines.slice(rules[0]!, rules[1]! + 1).join("\n");
    expect(block).toMatch(/Eventora is running at http:\/\/localhost:\d+ /);
    expect(block).toContain("northern.sounds@eventora.test");
    expect(block).toMatch(/\/dev\/mailbox/);
    // Signing in, browsing and buying (the test before) printed nothing after it.
    expect(lines.slice(rules[1]! + 1)).toEqual([]);
  });

  it("stops the server when only `npm start` is told to stop, as a process manager does", async () => {
    // Last in this file: it ends the app. Before, scripts/start.mjs ignored a SIGTERM of its own and the
    // server kept running, still holding the port and the embedded database.
    const exited = once(app, "exit");
    process.kill(app.pid!, "SIGTERM");
    await exited;
    await waitFor(
      async () => {
        const answer = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => "refused" as const);
        return answer === "refused" ? true : undefined;
      },
      { timeoutMs: 30_000, what: "the server to stop listening" },
    );
  }, 60_000);

  it("leaves a ledger that balances: `npm run admin -- reconcile` on the demo data and the ticket just sold exits 0 (issue 19)", async () => {
    // After the app has stopped (the test before): the admin command opens the same embedded database.
    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "admin", "--", "reconcile"], { cwd: REPO, env: { ...newcomersEnv(), DATA_DIR: dataDir }, timeout: 120_000 }).catch(
      (error: { code: number; stdout: string; stderr: string }) => {
        throw new Error(`npm run admin -- reconcile exited ${error.code}:\n${error.stdout}\n${error.stderr}`);
      },
    );
    expect(stdout).toMatch(/Orders on the ledger: \d+/);
    expect(stdout).toMatch(/Charged £[\d,]+\.\d\d = refunded £[1-9][\d,]*\.\d\d \+ disputed £0\.00 \+ held £[\d,]+\.\d\d/);
    expect(stdout).toContain("The ledger balances.");
  }, 150_000);
});

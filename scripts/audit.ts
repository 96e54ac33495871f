/**
 * `npm run audit`: Lighthouse 13 at its own default mobile settings (simulated slow 4G, CPU slowdown 4×,
 * a Moto G Power's screen) on the pages visits start on, reporting each page's median score per
 * category over AUDIT_RUNS runs (default 9) with the metrics and failing audits of its median run. A
 * report, not a gate: it exits 0 whatever the scores, and 1 only when it could not measure. Its timings
 * depend on the host's speed (decision 018); `npm run budgets` is the gate that does not.
 *
 * It measures the built app (`npm run build` first) on a fresh demo-seeded PostgreSQL
 * (scripts/measured-app.ts); BASE_URL audits a running app. AUDIT_PAGES picks pages by name (default: home,
 * listing, event, auth, cart, categories, sell; any page of scripts/measured-app.ts); AUDIT_REPORT_DIR
 * keeps each run's report.
 *   npm run audit
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";
import { CATEGORIES, categoryScore, medianScores, typicalRun } from "./audit-scores";
import { exitWith, LANDING_PAGES, measuredPages, pickPages, startMeasuredApp, type MeasuredPage } from "./measured-app";

const RUNS = Number(process.env.AUDIT_RUNS ?? 9);
/** Lighthouse now and then loses a trace (NO_NAVSTART, NO_FCP): such a run is repeated, this often per page. */
const RETRIES = 3;
/** A folder to keep each run's Lighthouse report in (JSON), to see what a score is made of. */
const REPORT_DIR = process.env.AUDIT_REPORT_DIR;

/** One Lighthouse run, with local storage prepared through a second DevTools client when the page needs it. */
async function measure(port: number, baseUrl: string, page: MeasuredPage): Promise<Result | null> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    skipAudits: page.noindex ? ["is-crawlable"] : [],
  };
  if (page.localStorage || page.cookies) {
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
        { entries: page.localStorage ?? {}, cookies: page.cookies ?? [] },
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

function report(path: string, runs: Result[]): void {
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
}

async function main(): Promise<number> {
  const started = Date.now();
  const app = await startMeasuredApp("eventora_audit");
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    const pages = pickPages(await measuredPages(app.baseUrl), process.env.AUDIT_PAGES ?? LANDING_PAGES.join(","));
    // First runs warm the server and the browser; their scores do not count.
    for (let i = 0; i < 2; i++) await measure(chrome.port, app.baseUrl, pages[0]!);
    console.log(`Lighthouse ${RUNS}× per page at its default mobile settings (simulated throttling, CPU slowdown 4×), medians (a report, not a gate):`);
    for (const page of pages) {
      const runs: Result[] = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + RETRIES; attempt++) {
        const run = await measure(chrome.port, app.baseUrl, page);
        if (run) runs.push(run);
      }
      if (runs.length < RUNS) throw new Error(`Lighthouse could not measure ${page.path}`);
      report(page.path, runs);
      if (page.noindex) console.log(`    seo: is-crawlable not scored (${page.path} is noindex on purpose)`);
    }
    console.log(`Audit took ${Math.round((Date.now() - started) / 1000)} s.`);
    return 0;
  } finally {
    await chrome.kill();
    await app.stop();
  }
}

exitWith(main);

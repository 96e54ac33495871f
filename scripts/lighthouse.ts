/**
 * Lighthouse (mobile) on the public pages, with Debian's Chromium. Starts the built app on the
 * embedded database in a temp dir unless BASE_URL points at a running one. Each page is measured
 * LIGHTHOUSE_RUNS times (default 3) and the median run is reported, as Lighthouse's own guidance
 * advises for its simulated throttling.
 *   npm run build && npm run lighthouse
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startAppProcess } from "../test/app-process";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

async function startApp(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL, stop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-lh-"));
  const app = await startAppProcess({ DATA_DIR: dataDir });
  return {
    base: app.baseUrl,
    stop: async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
try {
  const listing = (await (await fetch(`${app.base}/api/events?price=25-50&pageSize=1`)).json()) as { events: { id: string }[] };
  const pages = ["/", "/events", `/events/${listing.events[0]!.id}`, "/auth"];
  let worst = 100;
  for (const path of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${app.base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      if (result && !result.lhr.runtimeError) runs.push(result.lhr);
    }
    if (runs.length === 0) throw new Error(`Lighthouse could not measure ${path}`);
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    worst = Math.min(worst, ...scores);
    const lcp = lhr.audits["largest-contentful-paint"]?.displayValue;
    const cls = lhr.audits["cumulative-layout-shift"]?.displayValue;
    const tbt = lhr.audits["total-blocking-time"]?.displayValue;
    console.log(`${path.padEnd(50)} ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join("  ")}   LCP ${lcp}  CLS ${cls}  TBT ${tbt}`);
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) console.log(`    ${c}: ${audit.id} ${audit.score} ${audit.displayValue ?? ""}`);
      }
    }
  }
  console.log(`\nLowest score: ${worst}`);
} finally {
  await chrome.kill();
  await app.stop();
}

/**
 * Lighthouse (mobile) on the public pages, with Debian's Chromium. Starts the built app on the
 * embedded database in a temp dir unless BASE_URL points at a running one.
 *   npm run build && npm run lighthouse
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

async function startApp(): Promise<{ base: string; stop: () => void }> {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL, stop: () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-lh-"));
  const port = 19000 + Math.floor(Math.random() * 1000);
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (i > 400) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: () => {
      server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const listing = (await (await fetch(`${app.base}/api/events?price=25-50&pageSize=1`)).json()) as { events: { id: string }[] };
  const pages = ["/", "/events", `/events/${listing.events[0]!.id}`];
  let worst = 100;
  for (const path of pages) {
    const result = await lighthouse(`${app.base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    const lhr = result!.lhr;
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
  app.stop();
}

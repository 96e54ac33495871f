/**
 * `npm run budgets`: every page of the app (scripts/measured-app.ts), loaded once in Chromium as a phone
 * with an empty cache, against its budget in scripts/budgets.ts (decision 018), and held to Lighthouse's
 * accessibility, best-practices and SEO scores (95 or more), to no serious or critical axe violation and
 * to 24×24 px tap targets at 390 px (axe's target-size, WCAG 2.2 SC 2.5.8). Exits 1 naming every page and
 * figure over its budget, every score under 95 with its failing audits, every axe violation and every
 * response whose body could not be read. Counts bytes, requests, elements and audits, never time, so it
 * gives the same verdict on any host.
 *
 * It measures the built app (`npm run build` first; `npm test` runs it after the browser tests, which
 * build) on a fresh demo-seeded PostgreSQL (scripts/measured-app.ts); BASE_URL measures a running app
 * (with the demo data). BUDGET_PAGES picks pages by name (home, listing, event, auth, cart, …);
 * BUDGET_DETAILS=1 lists the files behind every byte figure (else only behind a figure over its budget) and
 * prints each page's exact figures, to copy into its row's `measured`.
 */
import AxeBuilder from "@axe-core/playwright";
import * as chromeLauncher from "chrome-launcher";
import { Worker } from "node:worker_threads";
import type { Flags } from "lighthouse";
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";
import { settleTransitions } from "../test/settle-transitions";
import { BUDGETS, describeOverrun, FIGURES, formatFigure, limitOf, overBudget, type Overrun, type PageFigures } from "./budgets";
import { figuresOf, unreadableBodies, type RecordedRequest } from "./page-figures";
import type { LighthouseAnswer, LighthouseRequest } from "./lighthouse-thread";
import { exitWith, measuredPages, pickPages, startMeasuredApp, type MeasuredPage } from "./measured-app";

/** Lighthouse's categories that do not depend on the host's speed, and the score each page must reach. */
const LIGHTHOUSE_CATEGORIES = ["accessibility", "best-practices", "seo"] as const;
const MIN_SCORE = 95;

/** The narrow phone the tap targets are checked at (e2e's phone viewport). */
const NARROW = { width: 390, height: 844 };

/** axe's rule sets: WCAG 2.0 and 2.1 A and AA, as the e2e tests run, and WCAG 2.2 AA (target-size). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Lighthouse's mobile device (a Moto G Power): its width and pixel ratio pick the image variants. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Chromium's marks for a request the first paint waits on (CDP Network.RenderBlockingBehavior). */
const RENDER_BLOCKING = new Set(["Blocking", "InBodyParserBlocking", "PotentiallyBlocking"]);

type Request = RecordedRequest & { finished: boolean; stream?: boolean };

/** Every request of one visit, its body once it has arrived, and a way to wait until none is in flight. */
function recordRequests(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  const reads: Promise<void>[] = [];
  let started = 0;
  let settled: (() => void) | null = null;
  const inFlight = () => [...requests.values()].filter((request) => !request.finished).length;
  const finish = (id: string) => {
    const request = requests.get(id);
    if (request) request.finished = true;
    if (inFlight() === 0) settled?.();
  };
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!/^https?:/.test(event.request.url)) return;
    // A redirect reuses the request id: the hop before counts as a request of its own.
    if (requests.has(event.requestId)) requests.set(`${event.requestId}-${started}`, { ...requests.get(event.requestId)!, finished: true });
    started++;
    const behaviour = (event as { renderBlockingBehavior?: string }).renderBlockingBehavior;
    requests.set(event.requestId, { url: event.request.url, renderBlocking: behaviour !== undefined && RENDER_BLOCKING.has(behaviour), finished: false });
  });
  cdp.on("Network.responseReceived", (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.mimeType = event.response.mimeType;
    request.status = event.response.status;
    // A live stream (server-sent events: the dashboard's sales) stays open while the page is: it counts as a
    // request, its body (events, not code) as nothing.
    if (event.response.mimeType === "text/event-stream") {
      request.stream = true;
      finish(event.requestId);
    }
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (!request || request.stream) return;
    reads.push(
      cdp.send("Network.getResponseBody", { requestId: event.requestId }).then(
        ({ body, base64Encoded }) => {
          request.body = Buffer.from(body, base64Encoded ? "base64" : "utf8");
          finish(event.requestId);
        },
        (error: Error) => {
          request.bodyError = error.message;
          finish(event.requestId);
        },
      ),
    );
  });
  cdp.on("Network.loadingFailed", (event) => finish(event.requestId));
  return {
    requests,
    started: () => started,
    /** Resolves when no request is in flight (at once if none is); fails naming them after `timeoutMs`. */
    settled: (timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        if (inFlight() === 0) return resolve();
        const timer = setTimeout(() => {
          const open = [...requests.values()].filter((request) => !request.finished).map((request) => request.url);
          reject(new Error(`Requests still open after ${timeoutMs / 1000} s (a stream would never let the visit end): ${open.join(", ")}`));
        }, timeoutMs);
        settled = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    bodiesRead: () => Promise.all(reads),
  };
}

interface Visit {
  figures: PageFigures;
  blocking: string[];
  files: ReturnType<typeof figuresOf>["files"];
  /** Responses whose body could not be read (a gate failure, never 0 bytes). */
  unreadable: string[];
  /** Serious and critical axe violations at 390 px, target-size included (and a wrong noindex declaration). */
  violations: string[];
  /** Whether this Chromium has a native BarcodeDetector (the scanner then needs no WebAssembly decoder). */
  barcodeDetector: boolean;
}

const HYDRATED = "html[data-hydrated='true']";

/**
 * Waits until the browser has gone idle with nothing in flight: an idle callback that starts no request
 * ends the wait (the stored cart and React Router's route manifest load when idle, decision 012).
 */
async function settle(recorder: ReturnType<typeof recordRequests>, tab: Page) {
  for (;;) {
    await recorder.settled(60_000);
    const before = recorder.started();
    await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    if (recorder.started() === before) break;
  }
}

/**
 * One visit to a page, measured once it is hydrated and idle; a public page, whose scripts wait for the
 * visitor (decision 039), once idle without them (it fails if it hydrated by itself), and then again once a
 * key press has started them and it is hydrated and idle (`interactiveJsBytes`). A page that never
 * hydrates, or keeps a request open, fails here. Then, on the same page narrowed to 390 px, axe.
 */
async function visit(browser: Browser, baseUrl: string, page: MeasuredPage): Promise<Visit> {
  const context = await browser.newContext(PHONE);
  try {
    const tab = await context.newPage();
    // The page's stored cart and cookies are in place before its first request, with no visit of another
    // document first (a document opened to reach storage left its favicon load and request ids in the
    // measured visit: a favicon request that never ended, or the page's HTML read as 0 bytes).
    if (page.cookies) await context.addCookies(cookiesOf(page, baseUrl));
    if (page.localStorage) {
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      }, page.localStorage);
    }
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable", { maxTotalBufferSize: 100_000_000, maxResourceBufferSize: 20_000_000 });
    await cdp.send("Network.clearBrowserCache");
    const recorder = recordRequests(cdp);
    const response = await tab.goto(`${baseUrl}${page.path}`, { waitUntil: "load" });
    if (response?.status() !== (page.status ?? 200)) throw new Error(`${page.path} answered ${response?.status()}, not ${page.status ?? 200}`);
    // A page whose scripts wait for the visitor (decision 039) is measured first as it arrives, then again
    // once a key press has started them; any other page is measured hydrated.
    const waitsForVisitor = BUDGETS[page.name]?.public === true;
    if (!waitsForVisitor) await tab.waitForSelector(HYDRATED, { state: "attached", timeout: 60_000 });
    if (page.readyWhen) await tab.waitForSelector(page.readyWhen, { state: "attached", timeout: 60_000 });
    await settle(recorder, tab);
    const hydratedAtOnce = await tab.evaluate(() => document.documentElement.dataset.hydrated === "true");
    const mismatch = waitsForVisitor && hydratedAtOnce ? ["the page hydrated before the visitor did anything, but its scripts should wait for the visitor (decision 039: its route's handle)"] : [];
    const arrival = [...recorder.requests.values()];
    const domElements = await tab.evaluate(() => document.getElementsByTagName("*").length);
    if (waitsForVisitor && !hydratedAtOnce) {
      await tab.keyboard.press("Shift");
      await tab.waitForSelector(HYDRATED, { state: "attached", timeout: 60_000 });
      await settle(recorder, tab);
    }
    await recorder.bodiesRead();
    const barcodeDetector = await tab.evaluate(() => "BarcodeDetector" in window);
    // Lighthouse leaves out is-crawlable only for a page that is noindex on purpose: the declaration must match the page.
    const noindex = await tab.evaluate(() => /noindex/i.test(document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? ""));
    if (noindex !== Boolean(page.noindex)) mismatch.push(`the page is ${noindex ? "" : "not "}noindex but its MeasuredPage says ${page.noindex ? "noindex" : "indexable"} (scripts/measured-app.ts)`);
    const requests = [...recorder.requests.values()];
    const { figures, blocking, files } = figuresOf(arrival);
    const interactiveJsBytes = figuresOf(requests).figures.jsBytes;
    const violations = await axeViolations(tab);
    return { figures: { ...figures, interactiveJsBytes, domElements }, blocking, files, unreadable: unreadableBodies(requests), violations: [...mismatch, ...violations], barcodeDetector };
  } finally {
    await context.close();
  }
}

/** A page's document.cookie strings as Playwright cookies of the measured app. */
function cookiesOf(page: MeasuredPage, baseUrl: string) {
  return (page.cookies ?? []).map((cookie) => {
    const pair = cookie.split(";")[0]!;
    return { name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: baseUrl };
  });
}

/**
 * axe's serious and critical violations on the page at 390 px wide, once transitions have finished (axe
 * reads colours as they are). Toasts are left out, as in e2e/fixtures.ts expectAccessible.
 */
async function axeViolations(tab: Page): Promise<string[]> {
  await tab.setViewportSize(NARROW);
  await settleTransitions(tab);
  const results = await new AxeBuilder({ page: tab }).withTags(AXE_TAGS).exclude("[data-sonner-toaster]").setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `axe ${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** Audits a category may leave out for a page on purpose: the crawl rules of a noindex page, the status of the not-found page. */
function skippedAudits(page: MeasuredPage): string[] {
  return [...(page.noindex ? ["is-crawlable"] : []), ...(page.status && page.status !== 200 ? ["http-status-code"] : [])];
}

/**
 * Lighthouse's accessibility, best-practices and SEO on one page, in the browser's default context with
 * the page's session and stored cart. Those categories do not depend on the host's speed, so nothing is
 * throttled (it would only slow the run). Answers each category's score and, for a
 * category under MIN_SCORE, its failing audits.
 */
async function lighthouseScores(chrome: Chromium, baseUrl: string, page: MeasuredPage): Promise<{ scores: Record<string, number>; failures: string[] }> {
  const context = chrome.browser.contexts()[0]!;
  await context.clearCookies();
  if (page.cookies) await context.addCookies(cookiesOf(page, baseUrl));
  if (page.localStorage) {
    const tab = await context.newPage();
    await tab.goto(`${baseUrl}/favicon.svg`);
    await tab.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, page.localStorage);
    await tab.close();
  }
  const flags: Flags = {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    skipAudits: skippedAudits(page),
    // "simulate" throttles nothing while the page loads (it only models timings, for the performance
    // category, which is not run), and it is the one method that keeps the quiet windows below: with
    // "provided" or "devtools" Lighthouse stretches each to 5.25 s to observe real timings, which cost
    // about 9 s a page and measure nothing these categories score (decision 018).
    throttlingMethod: "simulate",
    disableFullPageScreenshot: true,
    skipAboutBlank: true,
    // Nothing timed is scored; the page is audited once it has loaded, its network and main thread then
    // quiet for 1 s (Lighthouse's own default windows), so hydration and what it logs are in.
    pauseAfterFcpMs: 1000,
    pauseAfterLoadMs: 1000,
    networkQuietThresholdMs: 1000,
    cpuQuietThresholdMs: 1000,
    // The not-found page is audited as it answers, 404 and all.
    ignoreStatusCode: page.status !== undefined && page.status !== 200,
  };
  const lhr = await chrome.lighthouse(`${baseUrl}${page.path}`, flags);
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse could not audit ${page.path}: ${lhr?.runtimeError?.message ?? "no result"}`);
  const scores: Record<string, number> = {};
  const failures: string[] = [];
  for (const id of LIGHTHOUSE_CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    if (scores[id] >= MIN_SCORE) continue;
    const failing = (category?.auditRefs ?? [])
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ ref, audit }) => ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
      .map(({ audit }) => {
        const items = ((audit!.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? []).map((item) => item.node?.selector ?? item.node?.snippet).filter(Boolean);
        return `${audit!.id}${items.length ? ` (${items.slice(0, 5).join(", ")})` : ""}`;
      });
    failures.push(`Lighthouse ${id} ${scores[id]} is under ${MIN_SCORE}: ${failing.join("; ")}`);
  }
  await context.clearCookies();
  return { scores, failures };
}

/**
 * One Chromium: Playwright drives the visits (each in a fresh context), Lighthouse its default context,
 * from a thread of its own (scripts/lighthouse-thread.ts): Lighthouse keeps state in its module (its log,
 * its performance marks), so the two Chromiums' audits run side by side only in separate threads.
 */
async function launchChromium() {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const thread = new Worker(new URL("./lighthouse-thread.ts", import.meta.url));
  /** One audit at a time per thread: each Chromium measures one page at a time. */
  const lighthouse = (url: string, flags: Flags) =>
    new Promise<LighthouseAnswer["lhr"]>((resolve, reject) => {
      const onError = (error: Error) => {
        thread.off("message", onMessage);
        reject(error);
      };
      const onMessage = (answer: LighthouseAnswer) => {
        thread.off("error", onError);
        if (answer.error) reject(new Error(`Lighthouse failed on ${url}: ${answer.error}`));
        else resolve(answer.lhr);
      };
      thread.once("message", onMessage);
      thread.once("error", onError);
      thread.postMessage({ url, flags } satisfies LighthouseRequest);
    });
  return {
    port: chrome.port,
    browser,
    lighthouse,
    close: async () => {
      await thread.terminate();
      await browser.close();
      await chrome.kill();
    },
  };
}

type Chromium = Awaited<ReturnType<typeof launchChromium>>;

interface PageReport {
  lines: string[];
  overruns: Overrun[];
  problems: string[];
  barcodeDetector: boolean;
}

/** One page's visit, Lighthouse run and verdict, as the lines to print for it. */
async function measure(chrome: Chromium, baseUrl: string, page: MeasuredPage): Promise<PageReport> {
  const { figures, blocking, files, unreadable, violations, barcodeDetector } = await visit(chrome.browser, baseUrl, page);
  const { scores, failures } = await lighthouseScores(chrome, baseUrl, page);
  const row = BUDGETS[page.name];
  const over = overBudget(page.name, figures);
  const lines: string[] = [];
  const cell = (figure: (typeof FIGURES)[number]) => {
    const limit = limitOf(row!, figure);
    const text = `${formatFigure(figure, figures[figure])}/${formatFigure(figure, limit).replace(" kB", "")}`;
    return (over.some((o) => o.figure === figure) ? `!${text}` : text).padStart(15);
  };
  const scoreText = LIGHTHOUSE_CATEGORIES.map((id) => `${scores[id]! < MIN_SCORE ? "!" : ""}${scores[id]}`).join("/");
  lines.push([page.name.padEnd(22), ...FIGURES.map(cell), `  ${scoreText}`].join(""));
  // The exact figures, to copy into the row's `measured`.
  if (process.env.BUDGET_DETAILS) lines.push(`    measured: ${JSON.stringify(figures)}`);
  const pageProblems = [...unreadable.map((request) => `response body could not be read: ${request}`), ...failures, ...violations];
  for (const problem of pageProblems) lines.push(`    ${problem}`);
  if (blocking.length) lines.push(`    render-blocking beyond the critical style sheet: ${blocking.join(", ")}`);
  // What an overrun is made of, largest first, so the fix can start from the list.
  const explained = process.env.BUDGET_DETAILS ? (["jsBytes", "decoderBytes", "cssBytes", "imageBytes", "fontBytes"] as const).map((figure) => ({ figure })) : over.filter((o) => o.figure.endsWith("Bytes"));
  for (const { figure } of explained) {
    const parts = files.filter((file) => file.figure === figure).sort((a, b) => b.bytes - a.bytes);
    if (parts.length) lines.push(`    ${figure}: ${parts.map((file) => `${file.path} ${formatFigure(figure, file.bytes)}`).join(", ")}`);
  }
  return { lines, overruns: over, problems: pageProblems.map((problem) => `${page.name} (${page.path}): ${problem}`), barcodeDetector };
}

/**
 * Pages measured at a time, each in its own Chromium with its own Lighthouse thread: one page's visit or
 * audit runs while the other's does (both mostly wait on the page and the app, so they share a 2-core
 * machine well). Only counts and scores are compared, never times, so measuring side by side cannot
 * change a verdict.
 */
const CHROMIUMS = 2;

async function main(): Promise<number> {
  const started = Date.now();
  const app = await startMeasuredApp("eventora_budgets");
  const chromes = await Promise.all(Array.from({ length: CHROMIUMS }, launchChromium));
  try {
    const pages = pickPages(await measuredPages(app.baseUrl), process.env.BUDGET_PAGES);
    console.log(`Page budgets (scripts/budgets.ts): one visit per page as a phone (412×823 at 1.75×), empty cache; bytes gzipped for JS, the barcode decoder, CSS, HTML; figure/budget.`);
    console.log(`Lighthouse ${LIGHTHOUSE_CATEGORIES.join(", ")} (at least ${MIN_SCORE}); axe ${AXE_TAGS.join(", ")} at ${NARROW.width} px (no serious or critical violation).`);
    console.log(["page".padEnd(22), ...FIGURES.map((figure) => figure.padStart(15)), "  a11y/bp/seo"].join(""));
    const reports: PageReport[] = [];
    let next = 0;
    // Each Chromium takes the next page in turn; a page's lines print together when it is done.
    await Promise.all(
      chromes.map(async (chrome) => {
        for (let i = next++; i < pages.length; i = next++) {
          const report = await measure(chrome, app.baseUrl, pages[i]!);
          reports[i] = report;
          console.log(report.lines.join("\n"));
        }
      }),
    );
    const overruns = reports.flatMap((report) => report.overruns);
    const problems = reports.flatMap((report) => report.problems);
    console.log(`This Chromium has ${reports[0]?.barcodeDetector ? "a" : "no"} native BarcodeDetector ('BarcodeDetector' in window).`);
    console.log(`Budgets took ${Math.round((Date.now() - started) / 1000)} s.`);
    if (overruns.length) console.error(`Over budget:\n  ${overruns.map(describeOverrun).join("\n  ")}`);
    if (problems.length) console.error(`Failed checks:\n  ${problems.join("\n  ")}`);
    return overruns.length || problems.length ? 1 : 0;
  } finally {
    await Promise.all(chromes.map((chrome) => chrome.close()));
    await app.stop();
  }
}

exitWith(main);

/**
 * `npm run budgets`: each page a visit starts on, loaded once in Chromium as a phone with an empty cache,
 * against its budget in scripts/budgets.ts (decision 018). Exits 1 naming every page and figure over its
 * budget. Counts bytes, requests and elements, never time, so it gives the same verdict on any host.
 *
 * It measures the built app (`npm run build` first; `npm test` runs it after the browser tests, which
 * build) on a fresh demo-seeded PostgreSQL (scripts/measured-app.ts); BASE_URL measures a running app.
 * BUDGET_PAGES picks pages by name (home, listing, event, auth, cart, categories, sell); BUDGET_DETAILS=1
 * lists the files behind every byte figure (else only behind a figure over its budget).
 */
import { chromium, type Browser, type CDPSession } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";
import { BUDGETS, describeOverrun, FIGURES, formatFigure, overBudget, type Overrun, type PageFigures } from "./budgets";
import { figuresOf, type RecordedRequest } from "./page-figures";
import { exitWith, measuredPages, pickPages, startMeasuredApp, type MeasuredPage } from "./measured-app";

/** Lighthouse's mobile device (a Moto G Power): its width and pixel ratio pick the image variants. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Chromium's marks for a request the first paint waits on (CDP Network.RenderBlockingBehavior). */
const RENDER_BLOCKING = new Set(["Blocking", "InBodyParserBlocking", "PotentiallyBlocking"]);

type Request = RecordedRequest & { finished: boolean };

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
    if (request) request.mimeType = event.response.mimeType;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    reads.push(
      cdp.send("Network.getResponseBody", { requestId: event.requestId }).then(
        ({ body, base64Encoded }) => {
          request.body = Buffer.from(body, base64Encoded ? "base64" : "utf8");
          finish(event.requestId);
        },
        () => finish(event.requestId),
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

/**
 * One visit to a page, measured once it is hydrated and the browser has gone idle with nothing in flight
 * (the stored cart and React Router's route manifest load when idle, decision 012): an idle callback
 * that starts no request ends the visit. A page that never hydrates, or keeps a request open, fails here.
 */
async function visit(browser: Browser, baseUrl: string, page: MeasuredPage): Promise<{ figures: PageFigures; blocking: string[]; files: ReturnType<typeof figuresOf>["files"] }> {
  const context = await browser.newContext(PHONE);
  try {
    const tab = await context.newPage();
    // The page's stored cart and cookies are in place before its first request, with no visit of another
    // document first (a document opened to reach storage left its favicon load and request ids in the
    // measured visit: a favicon request that never ended, or the page's HTML read as 0 bytes).
    if (page.cookies) {
      const cookies = page.cookies.map((cookie) => {
        const pair = cookie.split(";")[0]!;
        return { name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: baseUrl };
      });
      await context.addCookies(cookies);
    }
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
    if (!response?.ok()) throw new Error(`${page.path} answered ${response?.status()}`);
    await tab.waitForSelector("html[data-hydrated='true']", { state: "attached", timeout: 60_000 });
    for (;;) {
      await recorder.settled(60_000);
      const before = recorder.started();
      await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      if (recorder.started() === before) break;
    }
    await recorder.bodiesRead();
    const domElements = await tab.evaluate(() => document.getElementsByTagName("*").length);
    const { figures, blocking, files } = figuresOf([...recorder.requests.values()]);
    return { figures: { ...figures, domElements }, blocking, files };
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const app = await startMeasuredApp("eventora_budgets");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = pickPages(await measuredPages(app.baseUrl), process.env.BUDGET_PAGES);
    const overruns: Overrun[] = [];
    console.log(`Page budgets (scripts/budgets.ts): one visit per page as a phone (412×823 at 1.75×), empty cache; bytes gzipped for JS, CSS, HTML.`);
    console.log(["page".padEnd(12), ...FIGURES.map((figure) => figure.padStart(15))].join(""));
    for (const page of pages) {
      const { figures, blocking, files } = await visit(browser, app.baseUrl, page);
      const over = overBudget(page.name, figures);
      overruns.push(...over);
      const cell = (figure: (typeof FIGURES)[number]) => {
        const text = `${formatFigure(figure, figures[figure])}/${formatFigure(figure, BUDGETS[page.name]!.budget[figure]).replace(" kB", "")}`;
        return (over.some((o) => o.figure === figure) ? `!${text}` : text).padStart(15);
      };
      console.log([page.name.padEnd(12), ...FIGURES.map(cell)].join(""));
      if (blocking.length) console.log(`    render-blocking beyond the critical style sheet: ${blocking.join(", ")}`);
      // What an overrun is made of, largest first, so the fix can start from the list.
      const explained = process.env.BUDGET_DETAILS ? (["jsBytes", "cssBytes", "imageBytes", "fontBytes"] as const).map((figure) => ({ figure })) : over.filter((o) => o.figure.endsWith("Bytes"));
      for (const { figure } of explained) {
        const parts = files.filter((file) => file.figure === figure).sort((a, b) => b.bytes - a.bytes);
        console.log(`    ${figure}: ${parts.map((file) => `${file.path} ${formatFigure(figure, file.bytes)}`).join(", ")}`);
      }
    }
    console.log(`Budgets took ${Math.round((Date.now() - started) / 1000)} s.`);
    if (overruns.length) console.error(`Over budget:\n  ${overruns.map(describeOverrun).join("\n  ")}`);
    return overruns.length ? 1 : 0;
  } finally {
    await browser.close();
    await app.stop();
  }
}

exitWith(main);

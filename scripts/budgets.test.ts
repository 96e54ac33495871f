import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BUDGETS, describeOverrun, interactiveJsLimitOf, kB, MAX_JS_BYTES, MAX_PUBLIC_JS_BYTES, overBudget, type PageBudget, type PageFigures } from "./budgets";
import { figuresOf, unreadableBodies, type RecordedRequest } from "./page-figures";

const budget: PageFigures = { jsBytes: 140 * kB, interactiveJsBytes: 140 * kB, decoderBytes: 0, cssBytes: 17 * kB, imageBytes: 40 * kB, fontBytes: 0, htmlBytes: 20 * kB, requests: 15, domElements: 600, renderBlocking: 0 };
const table: Record<string, PageBudget> = { "a-page": { budget, measured: budget, why: "test" } };

describe("the budgets' verdict", () => {
  it("passes a page whose every figure is at or under its budget", () => {
    expect(overBudget("a-page", budget, table)).toEqual([]);
    expect(overBudget("a-page", { ...budget, imageBytes: 12 * kB, requests: 9 }, table)).toEqual([]);
  });

  it("fails a page for each figure over its budget, naming the page, the figure, its value and the budget", () => {
    const over = overBudget("a-page", { ...budget, jsBytes: 140 * kB + 1, domElements: 601, renderBlocking: 1 }, table);
    expect(over).toEqual([
      { page: "a-page", figure: "jsBytes", value: 140 * kB + 1, limit: 140 * kB },
      { page: "a-page", figure: "domElements", value: 601, limit: 600 },
      { page: "a-page", figure: "renderBlocking", value: 1, limit: 0 },
    ]);
    expect(over.map(describeOverrun)).toEqual([
      "a-page: jsBytes 140.0 kB is 1 bytes over its budget of 140.0 kB",
      "a-page: domElements 601 is 1 over its budget of 600",
      "a-page: renderBlocking 1 is 1 over its budget of 0",
    ]);
  });

  it("holds JavaScript to 150 kB on any page, whatever the page's row says", () => {
    const generous = { "a-page": { budget: { ...budget, jsBytes: 500 * kB }, measured: budget, why: "too generous" } };
    expect(overBudget("a-page", { ...budget, jsBytes: MAX_JS_BYTES }, generous)).toEqual([]);
    expect(overBudget("a-page", { ...budget, jsBytes: MAX_JS_BYTES + 1 }, generous)).toEqual([{ page: "a-page", figure: "jsBytes", value: MAX_JS_BYTES + 1, limit: 150_000 }]);
    for (const [page, row] of Object.entries(BUDGETS)) expect(row.budget.jsBytes, page).toBeLessThanOrEqual(150_000);
  });

  it("holds JavaScript to 120 kB on a public page, whatever the page's row says", () => {
    const generous = { "a-public-page": { budget: { ...budget, jsBytes: 150 * kB }, measured: budget, public: true, why: "too generous" } };
    expect(overBudget("a-public-page", { ...budget, jsBytes: MAX_PUBLIC_JS_BYTES }, generous)).toEqual([]);
    expect(overBudget("a-public-page", { ...budget, jsBytes: MAX_PUBLIC_JS_BYTES + 1 }, generous)).toEqual([{ page: "a-public-page", figure: "jsBytes", value: MAX_PUBLIC_JS_BYTES + 1, limit: 120_000 }]);
    for (const [page, row] of Object.entries(BUDGETS)) if (row.public) expect(row.budget.jsBytes, page).toBeLessThanOrEqual(120_000);
  });

  it("holds the JavaScript a page has once hydrated to 150 kB, a public page's too, whatever the page's row says", () => {
    const generous = { "a-public-page": { budget: { ...budget, jsBytes: 100 * kB, interactiveJsBytes: 500 * kB }, measured: budget, public: true, why: "too generous" } };
    expect(overBudget("a-public-page", { ...budget, jsBytes: 1 * kB, interactiveJsBytes: MAX_JS_BYTES }, generous)).toEqual([]);
    expect(overBudget("a-public-page", { ...budget, jsBytes: 1 * kB, interactiveJsBytes: MAX_JS_BYTES + 1 }, generous)).toEqual([
      { page: "a-public-page", figure: "interactiveJsBytes", value: MAX_JS_BYTES + 1, limit: 150_000 },
    ]);
    for (const [page, row] of Object.entries(BUDGETS)) {
      expect(row.budget.interactiveJsBytes, page).toBeLessThanOrEqual(150_000);
      expect(interactiveJsLimitOf(row), page).toBeLessThanOrEqual(150_000);
    }
  });

  it("calls the pages anyone lands on from outside public", () => {
    const publicPages = ["home", "listing", "listing-music", "event", "categories", "profile", "auth", "not-found", "sell", "about", "contact", "help", "affiliates", "social-media-strategy", "terms", "privacy", "booking-terms", "refund-policy", "gdpr", "accessibility"];
    expect(Object.keys(BUDGETS).filter((page) => BUDGETS[page]!.public).sort()).toEqual(publicPages.sort());
  });

  it("fails the barcode decoder over its own budget", () => {
    expect(overBudget("a-page", { ...budget, decoderBytes: 1 }, table)).toEqual([{ page: "a-page", figure: "decoderBytes", value: 1, limit: 0 }]);
  });

  it("refuses a page with no budget rather than passing it", () => {
    expect(() => overBudget("checkout", budget, table)).toThrow(/No budget for page "checkout"/);
  });
});

describe("a visit's figures", () => {
  const text = (size: number) => Buffer.from("x".repeat(size));
  const request = (path: string, mimeType: string, body: Buffer, renderBlocking = false): RecordedRequest => ({ url: `http://127.0.0.1${path}`, mimeType, body, renderBlocking });
  const gz = (body: Buffer) => gzipSync(body, { level: 9 }).length;

  it("counts the document, scripts and style sheets gzipped, images and fonts as received, and every request", () => {
    const html = text(5000);
    const js = Buffer.from("export const a = 1;".repeat(100));
    const css = Buffer.from(".a{color:red}".repeat(100));
    const image = Buffer.alloc(3000, 7);
    const font = Buffer.alloc(2000, 3);
    const wasm = Buffer.alloc(4000, 1);
    const { figures } = figuresOf([
      request("/", "text/html", html),
      request("/assets/app.js", "text/javascript", js),
      request("/assets/more.js", "application/javascript", js),
      request("/assets/zxing_reader-abc.wasm", "application/wasm", wasm),
      request("/assets/barcode-decoder-x1.js", "text/javascript", text(700)),
      request("/assets/app.css", "text/css", css, true),
      request("/media/poster-600.webp", "image/webp", image),
      request("/fonts/inter.woff2", "font/woff2", font),
      request("/api/events", "application/json", text(100)),
    ]);
    // The decoder's script counts with its WebAssembly, not as the page's JavaScript.
    expect(figures).toEqual({ htmlBytes: gz(html), jsBytes: 2 * gz(js), decoderBytes: gz(wasm) + gz(text(700)), cssBytes: gz(css), imageBytes: 3000, fontBytes: 2000, requests: 9, renderBlocking: 0 });
  });

  it("allows the first render-blocking style sheet and names every other render-blocking request", () => {
    const { figures, blocking } = figuresOf([
      request("/", "text/html", text(10)),
      request("/assets/app.css", "text/css", text(10), true),
      request("/assets/route.css", "text/css", text(10), true),
      request("/assets/legacy.js", "text/javascript", text(10), true),
      request("/assets/late.js", "text/javascript", text(10)),
    ]);
    expect(blocking).toEqual(["/assets/route.css", "/assets/legacy.js"]);
    expect(figures.renderBlocking).toBe(2);
  });

  it("does not take a blocking script for the critical style sheet", () => {
    const { blocking } = figuresOf([request("/", "text/html", text(10)), request("/assets/legacy.js", "text/javascript", text(10), true)]);
    expect(blocking).toEqual(["/assets/legacy.js"]);
  });
});

describe("responses whose body could not be read", () => {
  const response = (path: string, status: number, bodyError?: string): RecordedRequest => ({ url: `http://127.0.0.1${path}`, renderBlocking: false, status, bodyError });

  it("names a response that arrived with a body DevTools could not give, rather than counting it as 0 bytes", () => {
    expect(unreadableBodies([response("/", 200), response("/assets/app.js", 200, "No resource with given identifier found")])).toEqual([
      "http://127.0.0.1/assets/app.js (200: No resource with given identifier found)",
    ]);
  });

  it("does not hold a redirect, a 204 or a 304 to a body", () => {
    expect(unreadableBodies([response("/old", 302, "No data found"), response("/api/ping", 204, "No data found"), response("/x.js", 304, "No data found")])).toEqual([]);
  });
});

import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BUDGETS, describeOverrun, kB, MAX_JS_BYTES, overBudget, type PageBudget, type PageFigures } from "./budgets";
import { figuresOf, type RecordedRequest } from "./page-figures";

const budget: PageFigures = { jsBytes: 140 * kB, cssBytes: 17 * kB, imageBytes: 40 * kB, fontBytes: 0, htmlBytes: 20 * kB, requests: 15, domElements: 600, renderBlocking: 0 };
const table: Record<string, PageBudget> = { home: { budget, why: "test" } };

describe("the budgets' verdict", () => {
  it("passes a page whose every figure is at or under its budget", () => {
    expect(overBudget("home", budget, table)).toEqual([]);
    expect(overBudget("home", { ...budget, imageBytes: 12 * kB, requests: 9 }, table)).toEqual([]);
  });

  it("fails a page for each figure over its budget, naming the page, the figure, its value and the budget", () => {
    const over = overBudget("home", { ...budget, jsBytes: 140 * kB + 1, domElements: 601, renderBlocking: 1 }, table);
    expect(over).toEqual([
      { page: "home", figure: "jsBytes", value: 140 * kB + 1, limit: 140 * kB },
      { page: "home", figure: "domElements", value: 601, limit: 600 },
      { page: "home", figure: "renderBlocking", value: 1, limit: 0 },
    ]);
    expect(over.map(describeOverrun)).toEqual([
      "home: jsBytes 140.0 kB is 1 bytes over its budget of 140.0 kB",
      "home: domElements 601 is 1 over its budget of 600",
      "home: renderBlocking 1 is 1 over its budget of 0",
    ]);
  });

  it("holds JavaScript to 150 kB on any page, whatever the page's row says", () => {
    const generous = { home: { budget: { ...budget, jsBytes: 500 * kB }, why: "too generous" } };
    expect(overBudget("home", { ...budget, jsBytes: MAX_JS_BYTES + 1 }, generous)).toEqual([{ page: "home", figure: "jsBytes", value: MAX_JS_BYTES + 1, limit: 150_000 }]);
    for (const [page, row] of Object.entries(BUDGETS)) expect(row.budget.jsBytes, page).toBeLessThanOrEqual(150_000);
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
    const { figures } = figuresOf([
      request("/", "text/html", html),
      request("/assets/app.js", "text/javascript", js),
      request("/assets/more.js", "application/javascript", js),
      request("/assets/app.css", "text/css", css, true),
      request("/media/poster-600.webp", "image/webp", image),
      request("/fonts/inter.woff2", "font/woff2", font),
      request("/api/events", "application/json", text(100)),
    ]);
    expect(figures).toEqual({ htmlBytes: gz(html), jsBytes: 2 * gz(js), cssBytes: gz(css), imageBytes: 3000, fontBytes: 2000, requests: 7, renderBlocking: 0 });
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

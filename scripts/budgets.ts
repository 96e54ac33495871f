/**
 * What each page a visit starts on may weigh, and the verdict `npm run budgets` gives (decision 018).
 *
 * These figures are counted, not timed, so they read the same on a fast laptop and on a loaded 2-core CI
 * machine: a regression that makes pages slower on a phone (more script, a bigger image, a new blocking
 * request, thousands more elements) fails `npm test` wherever it runs. Lighthouse's timings stay in
 * `npm run audit`, as a report.
 *
 * Units: bytes, with kB = 1,000 bytes. JavaScript, CSS and HTML are counted as their bodies gzipped at
 * level 9, whatever encoding the server chose for Chromium (brotli); images and fonts as the bytes
 * received (they are compressed already).
 */

export const kB = 1000;

export interface PageFigures {
  /** JavaScript the page loads until it is hydrated and idle, gzipped. */
  jsBytes: number;
  /** Style sheets, gzipped. */
  cssBytes: number;
  /** Images (event posters, avatars; not data: URLs, which are counted in the CSS or HTML that holds them). */
  imageBytes: number;
  /** Web fonts. */
  fontBytes: number;
  /** The server-rendered HTML document, gzipped. */
  htmlBytes: number;
  /** Every HTTP request the visit makes, the document included. */
  requests: number;
  /** Elements in the document once it is hydrated and idle (Lighthouse's dom-size counts the same). */
  domElements: number;
  /**
   * Render-blocking requests beyond the critical style sheet, as Chromium marks them
   * (`renderBlockingBehavior` of `Network.requestWillBeSent`: `Blocking`, `InBodyParserBlocking` or
   * `PotentiallyBlocking`). The critical style sheet is the first render-blocking style sheet of the
   * document: the app's one Tailwind bundle, which a server-drawn page needs for its first paint. A
   * classic script in the head, a second style sheet or a blocking font counts here.
   */
  renderBlocking: number;
}

export type Figure = keyof PageFigures;

export const FIGURES: readonly Figure[] = ["jsBytes", "cssBytes", "imageBytes", "fontBytes", "htmlBytes", "requests", "domElements", "renderBlocking"];

/** JavaScript on any page: hydration script is paid for on the phone's CPU as well as its link. */
export const MAX_JS_BYTES = 150 * kB;

export interface PageBudget {
  budget: PageFigures;
  /** Why the figures are what they are. */
  why: string;
}

/**
 * Budgets per page (the names of scripts/measured-app.ts), a little above what each page weighs on the
 * demo data (measured 25 November 2026 after decision 018; `npm run budgets` prints both). Raise one only
 * with a reason written in its `why`. The style sheet is the app's one Tailwind bundle (15 kB), the same
 * file on every page; no page loads a web font (system fonts) and no page may block rendering on
 * anything but that style sheet.
 */
const css = 17 * kB;

export const BUDGETS: Record<string, PageBudget> = {
  home: {
    budget: { jsBytes: MAX_JS_BYTES, cssBytes: css, imageBytes: 45 * kB, fontBytes: 0, htmlBytes: 28 * kB, requests: 16, domElements: 650, renderBlocking: 0 },
    why: "The busiest page (146 kB JS, 31 kB images, 25 kB HTML, 13 requests, 560 elements): the hero, the carousel's first slide and the featured cards. Off-screen slides and the Similar Events rails are drawn near the viewport (decisions 004, 012), so they are not in the first visit.",
  },
  listing: {
    budget: { jsBytes: MAX_JS_BYTES, cssBytes: css, imageBytes: 135 * kB, fontBytes: 0, htmlBytes: 20 * kB, requests: 20, domElements: 880, renderBlocking: 0 },
    why: "A page of event cards (142 kB JS, 108 kB images, 17.5 kB HTML, 16 requests, 778 elements): the posters in view load at once at the width a phone needs (600 px or 800 px variants), the rest lazily.",
  },
  event: {
    budget: { jsBytes: MAX_JS_BYTES, cssBytes: css, imageBytes: 45 * kB, fontBytes: 0, htmlBytes: 12 * kB, requests: 20, domElements: 480, renderBlocking: 0 },
    why: "What a shared link opens (146 kB JS, 31 kB images, 9.8 kB HTML, 16 requests, 414 elements): the poster is the largest paint; Similar Events is drawn near the viewport.",
  },
  auth: {
    budget: { jsBytes: MAX_JS_BYTES, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 18, domElements: 220, renderBlocking: 0 },
    why: "Sign in and sign up (148 kB JS, 5.3 kB HTML, 15 requests, 176 elements): forms only; the one image is the favicon.",
  },
  cart: {
    budget: { jsBytes: MAX_JS_BYTES, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 19, domElements: 300, renderBlocking: 0 },
    why: "Two lines drawn on the server from the cart cookie (decision 011) (143 kB JS, 5.8 kB HTML, 16 requests, 261 elements); no posters.",
  },
  categories: {
    budget: { jsBytes: MAX_JS_BYTES, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 15, domElements: 410, renderBlocking: 0 },
    why: "The category index (141 kB JS, 6.9 kB HTML, 12 requests, 354 elements): a tile and a count per category, no posters.",
  },
  sell: {
    budget: { jsBytes: MAX_JS_BYTES, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 17, domElements: 340, renderBlocking: 0 },
    why: "The organisers' landing page (142 kB JS, 6.9 kB HTML, 14 requests, 297 elements): text and icons.",
  },
};

export interface Overrun {
  page: string;
  figure: Figure;
  value: number;
  limit: number;
}

/** Every figure of a page above its budget; JavaScript is also held to MAX_JS_BYTES whatever the table says. */
export function overBudget(page: string, figures: PageFigures, budgets: Record<string, PageBudget> = BUDGETS): Overrun[] {
  const row = budgets[page];
  if (!row) throw new Error(`No budget for page "${page}" in scripts/budgets.ts`);
  const limitOf = (figure: Figure) => (figure === "jsBytes" ? Math.min(row.budget.jsBytes, MAX_JS_BYTES) : row.budget[figure]);
  return FIGURES.filter((figure) => figures[figure] > limitOf(figure)).map((figure) => ({ page, figure, value: figures[figure], limit: limitOf(figure) }));
}

/** A figure as people read it: bytes in kB, counts as they are. */
export function formatFigure(figure: Figure, value: number): string {
  return figure.endsWith("Bytes") ? `${(value / kB).toFixed(1)} kB` : String(value);
}

export function describeOverrun({ page, figure, value, limit }: Overrun): string {
  const excess = figure.endsWith("Bytes") ? `${value - limit} bytes` : String(value - limit);
  return `${page}: ${figure} ${formatFigure(figure, value)} is ${excess} over its budget of ${formatFigure(figure, limit)}`;
}

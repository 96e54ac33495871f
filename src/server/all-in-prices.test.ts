import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allInPricePence, BOOKING_FEE_PENCE, formatPounds } from "../domain";
import { TEST_JOB_TIMINGS } from "../../test/app";
import type { AuthClient } from "../../test/auth-client";
import { createTestDatabase } from "../../test/database";
import { createEvent } from "../../test/fixtures";
import { signInAs } from "../../test/organiser";
import webRoutes from "../web/routes";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { groundingContext } from "./features/assistant/assistant.service";
import type { Db } from "./db/client";
import { orders, profiles } from "./db/schema";

/**
 * Issue 34, "All-in everywhere" (D21, D22): every price a visitor is invited to buy at includes the booking
 * fee they pay. This walks every page route (src/web/routes.ts, as the server renders it), every GET of the
 * OpenAPI document, the assistant, the e-mails a buyer is sent, the sitemap and the structured data, with
 * events whose ticket price and all-in price differ, and fails where the ticket price alone is stated.
 * A new page route or endpoint fails here until it is classified below.
 */

/** £22.50 a ticket, £24.80 with the £2.30 fee: "22.50" anywhere a buyer reads a price is the ticket price alone. */
const PAID = { pricePence: 2250, allIn: "£24.80", ticketOnly: "22.50" };
/** £31.40 with the fee absorbed by the organiser: all-in at its ticket price, so "33.70" would be a fee added twice. */
const ABSORBED = { pricePence: 3140, allIn: "£31.40", wronglyWithFee: "33.70" };

/** A ticket-only amount as a price: "22.50" not inside a longer number ("122.50", "22.505"). */
const notAllIn = [PAID.ticketOnly, ABSORBED.wronglyWithFee].map((amount) => new RegExp(`(?<![\\d.])${amount.replace(".", "\\.")}(?!\\d)`));

function ticketOnlyPrices(text: string): string[] {
  return notAllIn.flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [text.slice(Math.max(0, match.index - 80), match.index + 20).replace(/\s+/g, " ")] : [];
  });
}

/**
 * A breakdown of a total beside it (a <dl> ending in "Total"): the event page's booking card and the cart show
 * the ticket price there as a part of the all-in total, which D21 allows ("the cart and checkout show the split").
 */
function withoutTotalBreakdowns(html: string): string {
  return html.replace(/<dl\b[^>]*>(?:(?!<\/dl>)[\s\S])*?>Total<(?:(?!<\/dl>)[\s\S])*<\/dl>/g, "");
}

/**
 * The ticket e-mail confirms what was bought, after paying, as the receipt attached to it does: "2 tickets at
 * £22.50 + £2.30 booking & processing fee each" beside the total paid. The ticket price is allowed there with
 * its fee named right after it, never alone.
 */
function withoutStatedSplits(text: string): string {
  return text.replace(new RegExp(`£\\d+\\.\\d\\d \\+ ${formatPounds(BOOKING_FEE_PENCE).replace(".", "\\.")} booking`, "g"), "");
}

interface Seeded {
  paidId: string;
  absorbedId: string;
  freeId: string;
  username: string;
  sessionId: string;
  orderId: string;
  bookingId: string;
  ticketCode: string;
  buyerEmail: string;
}

type Who = "visitor" | "buyer" | "organiser";

/** An address walked, and the all-in prices it must show there. */
type Visit = string | { url: string; shows: string[] };

/**
 * Each page route: the addresses walked, as whom. `split` names why a route may state the ticket price
 * beside the all-in one (its addresses are still requested, and must render).
 */
interface PageWalk {
  urls: (s: Seeded) => Visit[];
  as?: Who;
  split?: string;
  status?: number;
}

const PAGES: Record<string, PageWalk> = {
  "routes/home.tsx": { urls: () => [{ url: "/", shows: [PAID.allIn, ABSORBED.allIn] }] },
  "routes/events.tsx": {
    urls: () => [
      { url: "/events", shows: [PAID.allIn, ABSORBED.allIn, "Free"] },
      // The band is of the all-in price: £24.80 is under £25.
      { url: "/events?price=under-25", shows: [PAID.allIn] },
      { url: "/events?q=harbour", shows: [PAID.allIn] },
      "/events?sort=price-high",
      { url: "/events?category=comedy", shows: [ABSORBED.allIn] },
    ],
  },
  "routes/event-detail.tsx": {
    urls: (s) => [
      // The free event's similar events include the paid one's card.
      { url: `/events/${s.paidId}`, shows: [PAID.allIn] },
      { url: `/events/${s.absorbedId}`, shows: [ABSORBED.allIn, "No booking fee"] },
      { url: `/events/${s.freeId}`, shows: ["Free", PAID.allIn] },
    ],
  },
  "routes/categories.tsx": { urls: () => ["/categories"] },
  "routes/auth.tsx": { urls: () => ["/auth"] },
  "routes/profile-edit.tsx": { urls: () => ["/profile/edit"], as: "organiser" },
  "routes/profile.tsx": { urls: (s) => [{ url: `/profile/${s.username}`, shows: [PAID.allIn, ABSORBED.allIn] }] },
  "routes/dev-mailbox.tsx": { urls: () => ["/dev/mailbox"], as: "buyer" },
  "routes/create-event.tsx": { urls: (s) => ["/create-event", `/create-event?edit=${s.paidId}`], as: "organiser", split: "the organiser sets and edits their ticket price" },
  "routes/dashboard.tsx": { urls: () => ["/dashboard"], as: "organiser", split: "the organiser's own sales and ticket income (decision 034)" },
  "routes/dashboard._index.tsx": { urls: () => ["/dashboard"], as: "organiser", split: "the organiser's own events and their ticket prices (decision 034)" },
  "routes/dashboard.sales.tsx": { urls: () => ["/dashboard/sales"], as: "organiser", split: "the organiser's own sales and ticket income (decision 034)" },
  "routes/dashboard.bookings.tsx": { urls: () => ["/dashboard/bookings"], as: "organiser", split: "the organiser's own bookings, as paid" },
  "routes/dashboard.attendees.tsx": { urls: () => ["/dashboard/attendees"], as: "organiser", split: "the organiser's attendees and what each paid, for refunds" },
  "routes/dashboard.payouts.tsx": { urls: () => ["/dashboard/payouts"], as: "organiser", split: "the organiser's payouts and statements" },
  "routes/dashboard.codes.tsx": { urls: () => ["/dashboard/codes"], as: "organiser", split: "the organiser's own codes (issue 37): what each takes off their ticket prices" },
  "routes/dashboard.waiting-list.tsx": { urls: () => ["/dashboard/waiting-list"], as: "organiser" },
  "routes/dashboard.door-team.tsx": { urls: () => ["/dashboard/door-team"], as: "organiser" },
  "routes/door-invitation.tsx": { urls: () => ["/door/invitations/not-a-real-token"] },
  "routes/door-link.tsx": { urls: () => ["/door/not-a-real-secret"], status: 404 },
  "routes/door-leave.tsx": { urls: () => ["/door/leave"], status: 302 },
  "routes/dashboard.check-in.tsx": { urls: () => ["/dashboard/check-in"], as: "organiser" },
  "routes/payouts.tsx": { urls: () => ["/dashboard/payouts/return"], as: "organiser", split: "the organiser's payouts", status: 302 },
  "routes/cart.tsx": { urls: (s) => [{ url: `/cart?cookie=cart=${s.paidId}:2`, shows: [PAID.allIn, "£49.60"] }], split: "the cart shows each ticket's split (D21)" },
  "routes/checkout-test.tsx": { urls: (s) => [{ url: `/checkout/test/${s.sessionId}`, shows: [PAID.allIn, "£49.60"] }], as: "buyer", split: "the checkout shows the split of its total (D21)" },
  "routes/payment-success.tsx": { urls: (s) => [`/payment-success?session_id=${s.sessionId}`], as: "buyer" },
  "routes/payment-cancel.tsx": { urls: () => ["/payment-cancel"] },
  "routes/affiliates.tsx": { urls: () => ["/affiliates"], as: "buyer" },
  "routes/my-tickets.tsx": { urls: () => ["/my-tickets"], as: "buyer" },
  "routes/receipt.tsx": { urls: (s) => [{ url: `/receipts/${s.orderId}`, shows: ["£49.60"] }], as: "buyer", split: "the receipt itemises what was paid, as the law on receipts and VAT invoices asks" },
  "routes/vat-invoices.tsx": { urls: (s) => [`/receipts/${s.orderId}/vat-invoices`], as: "buyer", split: "a full VAT invoice states net, VAT and gross per line, as HMRC asks" },
  "routes/resend-ticket.tsx": { urls: () => ["/resend-ticket"] },
  "routes/email-test.tsx": { urls: () => ["/email-test"], as: "organiser" },
  "routes/check-in.tsx": { urls: () => ["/check-in"], as: "organiser" },
  "routes/video-creator.tsx": { urls: () => ["/video-creator"], as: "organiser" },
  "routes/about.tsx": { urls: () => ["/about"] },
  "routes/contact.tsx": { urls: () => ["/contact"] },
  "routes/help.tsx": { urls: () => ["/help"] },
  "routes/sell.tsx": { urls: () => ["/sell"] },
  "routes/social-media-strategy.tsx": { urls: () => ["/social-media-strategy"] },
  "routes/terms.tsx": { urls: () => ["/terms"] },
  "routes/privacy.tsx": { urls: () => ["/privacy"] },
  "routes/booking-terms.tsx": { urls: () => ["/booking-terms"] },
  "routes/refund-policy.tsx": { urls: () => ["/refund-policy"] },
  "routes/gdpr.tsx": { urls: () => ["/gdpr"] },
  "routes/accessibility.tsx": { urls: () => ["/accessibility"] },
  "routes/not-found.tsx": { urls: () => ["/no-such-page"], status: 404 },
};

/**
 * Each GET of the OpenAPI document: the addresses walked, as whom; or why it states no buyer's price
 * (`skip`), or why it may state the ticket price (`split`: still requested, and must answer).
 */
interface ApiWalk {
  urls?: (s: Seeded) => string[];
  as?: Who;
  split?: string;
  skip?: string;
  /** E-mails sent after paying: they may state the split with the fee named (withoutStatedSplits). */
  emails?: true;
}

const ORGANISER = "the organiser's own events, sales and money, where the ticket price is theirs to see (decision 034)";

const API: Record<string, ApiWalk> = {
  "/api/events": { urls: () => ["/api/events", "/api/events?price=under-25", "/api/events?q=harbour", "/api/events?sort=price-low", `/api/events?organiser=walker`] },
  "/api/events/{id}": { urls: (s) => [`/api/events/${s.paidId}`, `/api/events/${s.absorbedId}`, `/api/events/${s.freeId}`] },
  "/api/events/{id}/similar": { urls: (s) => [`/api/events/${s.paidId}/similar`, `/api/events/${s.freeId}/similar`] },
  "/api/categories": { urls: () => ["/api/categories"] },
  "/api/profiles/{username}": { urls: (s) => [`/api/profiles/${s.username}`] },
  "/api/stats": { urls: () => ["/api/stats"] },
  "/api/assistant": { urls: () => ["/api/assistant"] },
  "/api/me": { urls: () => ["/api/me"], as: "buyer" },
  "/api/me/profile": { urls: () => ["/api/me/profile"], as: "buyer" },
  "/api/me/affiliate": { urls: () => ["/api/me/affiliate"], as: "buyer" },
  "/api/affiliates/lookup": { urls: () => ["/api/affiliates/lookup?code=NOSUCHCODE"] },
  "/api/me/tickets": { urls: () => ["/api/me/tickets"], as: "buyer" },
  "/api/me/tickets/{bookingId}/calendar.ics": { urls: (s) => [`/api/me/tickets/${s.bookingId}/calendar.ics`], as: "buyer" },
  "/api/me/notice-settings": { urls: () => ["/api/me/notice-settings"], as: "organiser" },
  "/api/tickets/keys": { urls: () => ["/api/tickets/keys"] },
  "/api/tickets/{code}/qr.png": { skip: "a picture of the ticket's code" },
  "/api/me/wallet-passes/{ticketId}/apple": { skip: "a wallet pass (.pkpass): event, time, venue, attendee, type and QR code, no price (D27)" },
  "/api/me/wallet-passes/{ticketId}/google": { skip: "a redirect to Google Wallet's save page for the ticket: no price (D27)" },
  "/api/tickets/{code}/wallet/apple": { skip: "the ticket e-mail's wallet pass (.pkpass), opened by the QR's signature: no price" },
  "/api/tickets/{code}/wallet/google": { skip: "the ticket e-mail's redirect to Google Wallet's save page: no price" },
  "/api/wallet/apple/v1/devices/{deviceLibraryId}/registrations/{passTypeId}": { skip: "Apple's PassKit web service: a device's updated passes' serial numbers" },
  "/api/wallet/apple/v1/passes/{passTypeId}/{serialNumber}": { skip: "Apple's PassKit web service: a pass (.pkpass) for the device that holds it, no price" },
  "/api/tickets/lookup": { urls: (s) => [`/api/tickets/lookup?identifier=${s.ticketCode}`], as: "organiser", split: ORGANISER },
  "/api/dev/mailbox": { urls: (s) => [`/api/dev/mailbox?to=${encodeURIComponent(s.buyerEmail)}`], as: "buyer", emails: true },
  "/api/dev/mailbox/{messageId}/attachments/{index}": { skip: "a buyer's attachments: the calendar file (walked at /api/me/tickets/{bookingId}/calendar.ics) and the receipt" },
  "/api/checkout/test/{sessionId}": { urls: (s) => [`/api/checkout/test/${s.sessionId}`], as: "buyer", split: "the checkout shows the split of its total (D21)" },
  "/api/receipts/{orderId}": { urls: (s) => [`/api/receipts/${s.orderId}`], as: "buyer", split: "the receipt itemises what was paid" },
  "/api/receipts/{orderId}.pdf": { skip: "the receipt as a PDF: it itemises what was paid" },
  "/api/receipts/{orderId}/vat-invoices": { urls: (s) => [`/api/receipts/${s.orderId}/vat-invoices`], as: "buyer", split: "full VAT invoices state net, VAT and gross per line, as HMRC asks" },
  "/api/receipts/{orderId}/vat-invoices/{invoiceId}.pdf": { skip: "a full VAT invoice as a PDF: net, VAT and gross per line" },
  "/api/receipts/{orderId}/vat-credit-notes/{creditNoteId}.pdf": { skip: "a VAT credit note as a PDF: net, VAT and gross per line credited, as HMRC asks" },
  "/api/me/events": { urls: () => ["/api/me/events"], as: "organiser", split: ORGANISER },
  "/api/me/sales": { urls: () => ["/api/me/sales"], as: "organiser", split: ORGANISER },
  "/api/me/bookings": { urls: () => ["/api/me/bookings"], as: "organiser", split: ORGANISER },
  "/api/events/{id}/edit": { urls: (s) => [`/api/events/${s.paidId}/edit`], as: "organiser", split: "the organiser edits their ticket price" },
  "/api/events/{id}/attendees": { urls: (s) => [`/api/events/${s.paidId}/attendees`], as: "organiser", split: ORGANISER },
  "/api/events/{id}/check-in-list": { urls: (s) => [`/api/events/${s.paidId}/check-in-list`], as: "organiser", split: "the door's list" },
  "/api/events/{id}/check-in-counts": { urls: (s) => [`/api/events/${s.paidId}/check-in-counts`], as: "organiser" },
  "/api/door/guests": { skip: "find a guest at the door (issue 38): names, masked e-mails, types and statuses, no prices" },
  "/api/events/{id}/cancellation": { skip: "an organiser's cancellation in progress: counts of refunds" },
  "/api/refund-requests": { urls: () => ["/api/refund-requests"], as: "organiser", split: ORGANISER },
  "/api/payouts/account": { skip: ORGANISER },
  "/api/payouts/statements": { skip: ORGANISER },
  "/api/me/waiting-list": { urls: () => ["/api/me/waiting-list"], as: "buyer" },
  "/api/events/{id}/waiting-list": { skip: "an organiser's waiting list (issue 37): people in line and their offers, no prices" },
  "/api/door-team": { skip: "the organiser's door team (issue 38): staff and door links with their events, no prices" },
  "/api/door-invitations/{token}": { skip: "a staff invitation (issue 38): who sent it and for which events, no prices" },
  "/api/events/{id}/check-in-lists": { skip: "an organiser's check-in lists (issue 38): names, ticket types and windows, no prices" },
  "/api/events/{id}/door": { skip: "an event's door opening time (issue 38): minutes and a window, no prices" },
  "/api/events/{id}/scans": { skip: "an event's scan log (issue 38): tickets, results and who scanned, no prices" },
  "/api/events/{id}/door-figures": { skip: "the door's figures (issue 38): tickets admitted and sold, no prices" },
  "/api/codes": { skip: "the organiser's own codes (issue 37): what each takes off their ticket prices, never a price a buyer is shown" },
  "/api/payouts/statements/{eventId}": { skip: ORGANISER },
  "/api/payouts/statements.csv": { skip: ORGANISER },
  "/api/payouts/payouts.csv": { skip: ORGANISER },
  "/api/payouts/fee-statements/{file}": { skip: ORGANISER },
  "/api/admin/organisers": { skip: "the admin's list of organisers: names only" },
  "/api/realtime/bookings": { skip: "the organiser's live sales (Server-Sent Events)" },
  "/api/realtime/door/{eventId}": { skip: "an event's door figures (Server-Sent Events): counts, no price" },
  "/api/me/export": { urls: () => ["/api/me/export"], as: "buyer", split: "the person's own records as kept, ticket price and fee apart as on the receipt" },
  // The development server's pages are one catch-all route: walked above, route by route.
  "/{*}": { skip: "the pages, walked route by route above" },
};

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
let seeded: Seeded;
const clients = {} as Record<Exclude<Who, "visitor">, AuthClient>;

async function get(url: string, as: Who = "visitor", headers: Record<string, string> = {}) {
  if (as === "visitor") return app.inject({ method: "GET", url, headers });
  const client = clients[as];
  return app.inject({ method: "GET", url, headers: { origin: client.origin, "x-forwarded-for": client.ip, cookie: client.cookieHeader, ...headers } });
}

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-data-"));
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "loopback", PAGE_CACHE_MAX_BYTES: "0" });
  // The pages as the server renders them (Vite's server build); workers on, so the buyer's e-mails are sent.
  app = await buildApp({ config, database, web: "development", workers: true, jobTimings: TEST_JOB_TIMINGS });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const organiser = await signInAs(app, db, config.publicUrl, "user");
  const buyer = await signInAs(app, db, config.publicUrl, "user");
  clients.organiser = organiser.client;
  clients.buyer = buyer.client;
  await db.update(profiles).set({ username: "walker", displayName: "Harbour Nights" }).where(eq(profiles.userId, organiser.account.id));

  const userId = organiser.account.id;
  const paid = await createEvent(db, { userId, title: "Harbour Lights Jazz", category: "music", venue: "The Quay", description: "Live jazz by the water.", pricePence: PAID.pricePence, maxAttendees: 50 });
  const absorbed = await createEvent(db, { userId, title: "Quayside Comedy Gala", category: "comedy", pricePence: ABSORBED.pricePence, absorbsBookingFee: true, minAge: 18, dateTime: new Date("2090-06-02T19:00:00Z") });
  const free = await createEvent(db, { userId, title: "Open Air Cinema", category: "music", pricePence: 0, dateTime: new Date("2090-06-03T19:00:00Z") });

  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: paid.id, ticketQuantity: 2 });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { sessionId } = checkout.json<{ sessionId: string }>();
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.sessionId, sessionId));
  seeded = { paidId: paid.id, absorbedId: absorbed.id, freeId: free.id, username: "walker", sessionId, orderId: order!.id, bookingId: "", ticketCode: "", buyerEmail: buyer.account.email };

  // The first page compiles the server build: not part of any test's time.
  await get("/about");
}, 180_000);

afterAll(async () => close?.());

async function pay() {
  if (seeded.bookingId) return;
  const paidNow = await clients.buyer.post(`/api/checkout/test/${seeded.sessionId}/pay`);
  expect(paidNow.statusCode, paidNow.body).toBe(200);
  const verified = await clients.buyer.post("/api/functions/verify-payment", { sessionId: seeded.sessionId });
  expect(verified.statusCode, verified.body).toBe(200);
  const [booking] = verified.json<{ bookings: { id: string; ticket_code: string }[] }>().bookings;
  seeded.bookingId = booking!.id;
  seeded.ticketCode = booking!.ticket_code;
  const text = verified.body;
  expect(ticketOnlyPrices(text), "POST /api/functions/verify-payment").toEqual([]);
}

/** Every event in a JSON answer (an object with pricePence) carries the all-in price beside it, worked out by the one function. */
function eventsWithoutAllIn(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => eventsWithoutAllIn(item, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const object = value as Record<string, unknown>;
  const own =
    typeof object.pricePence === "number" && typeof object.absorbsBookingFee === "boolean" && object.allInPricePence !== allInPricePence({ pricePence: object.pricePence, absorbsBookingFee: object.absorbsBookingFee })
      ? [`${path}: pricePence ${object.pricePence}, allInPricePence ${String(object.allInPricePence)}`]
      : [];
  return [...own, ...Object.entries(object).flatMap(([key, child]) => eventsWithoutAllIn(child, `${path}.${key}`))];
}

describe("every page route shows all-in prices (D21)", () => {
  it("classifies every route of src/web/routes.ts", () => {
    type Entry = { file: string; children?: Entry[] };
    const filesOf = (entries: Entry[]): string[] => entries.flatMap((route) => [route.file, ...filesOf(route.children ?? [])]);
    const files = filesOf(webRoutes);
    expect(files.filter((file) => !(file in PAGES)), "page routes to classify in PAGES").toEqual([]);
    expect(Object.keys(PAGES).filter((file) => !files.includes(file)), "PAGES entries with no route").toEqual([]);
  });

  for (const [file, walk] of Object.entries(PAGES)) {
    it(`${file}${walk.split ? ` (may show the split: ${walk.split})` : ""}`, async () => {
      // The test checkout is walked unpaid, as a buyer sees it before paying; these after.
      if (["routes/my-tickets.tsx", "routes/payment-success.tsx", "routes/receipt.tsx", "routes/vat-invoices.tsx"].includes(file)) await pay();
      for (const visit of walk.urls(seeded)) {
        const { url: address, shows } = typeof visit === "string" ? { url: visit, shows: [] } : visit;
        // The cart's lines come from its cookie ("?cookie=" is this table's way of saying so).
        const [url, cookie] = address.split("?cookie=");
        const response = await get(url!, walk.as, cookie ? { cookie } : {});
        expect(response.statusCode, `${address}: ${response.body.slice(0, 300)}`).toBe(walk.status ?? 200);
        for (const text of shows) expect(response.body.includes(text), `${address} shows ${text}`).toBe(true);
        if (!walk.split) expect(ticketOnlyPrices(withoutTotalBreakdowns(response.body)), `${address} states a price without the booking fee`).toEqual([]);
      }
    });
  }
});

describe("the structured data, sitemap and robots.txt", () => {
  const structuredData = async (id: string) => {
    const html = (await get(`/events/${id}`)).body;
    const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    expect(script, "the event page carries JSON-LD").not.toBeNull();
    return JSON.parse(script![1]!) as { offers: { price: string; priceCurrency: string }; typicalAgeRange?: string };
  };

  it("offers the all-in price in pounds, with its currency, and the age range of an age-limited event", async () => {
    expect((await structuredData(seeded.paidId)).offers).toMatchObject({ price: "24.80", priceCurrency: "GBP" });
    expect(await structuredData(seeded.paidId)).not.toHaveProperty("typicalAgeRange");
    const gala = await structuredData(seeded.absorbedId);
    expect(gala.offers).toMatchObject({ price: "31.40", priceCurrency: "GBP" });
    expect(gala.typicalAgeRange).toBe("18-");
    expect((await structuredData(seeded.freeId)).offers).toMatchObject({ price: "0.00", priceCurrency: "GBP" });
  });

  it("the sitemap and robots.txt state no price", async () => {
    for (const url of ["/sitemap.xml", "/robots.txt"]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(ticketOnlyPrices(response.body), url).toEqual([]);
    }
  });
});

describe("every JSON answer carries the all-in price (D21)", () => {
  it("classifies every GET of the OpenAPI document, and walks them", async () => {
    await pay();
    const document = (await get("/api/docs/json")).json<{ paths: Record<string, Record<string, unknown>> }>();
    const gets = Object.entries(document.paths)
      .filter(([, operations]) => "get" in operations)
      .map(([path]) => path);
    expect(gets.filter((path) => !(path in API)), "GET endpoints to classify in API").toEqual([]);
    expect(Object.keys(API).filter((path) => !gets.includes(path)), "API entries with no endpoint").toEqual([]);

    for (const [path, walk] of Object.entries(API)) {
      if (walk.skip) continue;
      for (const url of walk.urls!(seeded)) {
        const response = await get(url, walk.as);
        expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
        if (walk.split) continue;
        const text = walk.emails ? withoutStatedSplits(response.body) : response.body;
        expect(ticketOnlyPrices(text), `${path}: ${url} states a price without the booking fee`).toEqual([]);
        if (response.headers["content-type"]?.toString().startsWith("application/json")) expect(eventsWithoutAllIn(response.json()), `${url}: events without their all-in price`).toEqual([]);
      }
    }
  });

  it("the listing answers the all-in prices the pages show", async () => {
    const { events } = (await get("/api/events?organiser=walker")).json<{ events: { id: string; pricePence: number; allInPricePence: number }[] }>();
    expect(events.find((event) => event.id === seeded.paidId)).toMatchObject({ pricePence: 2250, allInPricePence: 2480 });
    expect(events.find((event) => event.id === seeded.absorbedId)).toMatchObject({ pricePence: 3140, allInPricePence: 3140 });
    expect(events.find((event) => event.id === seeded.freeId)).toMatchObject({ pricePence: 0, allInPricePence: 0 });
  });

  it("the buyer's e-mails state what they paid, all-in", async () => {
    await pay();
    let messages: { subject: string | null; text: string; html: string | null }[] = [];
    await expect
      .poll(async () => {
        messages = (await get(`/api/dev/mailbox?to=${encodeURIComponent(seeded.buyerEmail)}`, "buyer")).json<{ messages: typeof messages }>().messages;
        return messages.length;
      }, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const ticketEmail = messages.find((message) => message.subject?.includes("Harbour Lights Jazz"));
    expect(ticketEmail?.text).toContain("£49.60");
    for (const message of messages) expect(ticketOnlyPrices(withoutStatedSplits(`${message.text}\n${message.html ?? ""}`)), message.subject ?? "a message").toEqual([]);
  });

  it("the assistant, and what it tells an AI service, price events all-in", async () => {
    const reply = await clients.buyer.post("/api/functions/chat-completion", { message: "music events" });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<{ reply: string }>().reply).toContain(`[Harbour Lights Jazz](/events/${seeded.paidId})`);
    expect(reply.json<{ reply: string }>().reply).toContain(PAID.allIn);
    expect(ticketOnlyPrices(reply.body)).toEqual([]);
    const context = await groundingContext({ db, message: "events", facts: { supportEmail: "help@eventora.test" } });
    expect(context).toContain(PAID.allIn);
    expect(context).toContain(ABSORBED.allIn);
    expect(ticketOnlyPrices(context)).toEqual([]);
  });
});

import type { Browser, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND, type EventListResult } from "@domain";
import {
  baseUrl,
  DEMO_ORGANISER,
  expectAccessible,
  expectNoErrors,
  launchBrowser,
  openPage,
  signedInState,
  VIEWPORTS,
  waitForHydration,
  type TrackedPage,
} from "./fixtures";

/**
 * The broad net over every route of spec §2: each one, at 1280 and at 390 px wide, shows its main
 * heading, fits the screen, logs no error, has no failed request to the app and passes axe. What each
 * page says in detail is checked by its own file; this one catches a page that breaks as a whole.
 */

/** Seeded records the routes with an id or a name in them point at. */
interface Catalogue {
  event: { id: string; title: string };
}

interface RouteCheck {
  path: (catalogue: Catalogue) => string;
  heading: (catalogue: Catalogue) => string;
  /** The HTTP status of the document; 200 unless said. */
  status?: number;
}

const route = (path: string, heading: string, status?: number): RouteCheck => ({ path: () => path, heading: () => heading, status });

/** Visited signed out. */
const PUBLIC_ROUTES: RouteCheck[] = [
  route("/", "Discover events worth leaving the house for"),
  route("/auth", `Welcome to ${BRAND.name}`),
  route("/events", "All Events"),
  route("/events?category=music", "All Events"),
  { path: ({ event }) => `/events/${event.id}`, heading: ({ event }) => event.title },
  route(`/profile/${DEMO_ORGANISER.username}`, "Northern Sounds Live"),
  route("/categories", "Explore Events by Category"),
  route("/payment-success", "We couldn't confirm your payment"),
  { path: ({ event }) => `/payment-cancel?event_id=${event.id}`, heading: () => "Payment Cancelled" },
  route("/about", "Bringing people together at events worth remembering"),
  route("/contact", "Get in touch"),
  route("/help", "Help Centre"),
  route("/sell", "Sell tickets to your next event in minutes"),
  route("/affiliates", "Earn money sharing events you love"),
  route("/social-media-strategy", "Social media strategy"),
  route("/terms", "Terms of Service"),
  route("/privacy", "Privacy Policy"),
  route("/booking-terms", "Booking Terms & Conditions"),
  route("/refund-policy", "Refund Policy"),
  route("/gdpr", "GDPR"),
  route("/accessibility", "Accessibility Statement"),
  route("/cart", "Shopping Cart"),
  route("/resend-ticket", "Resend Ticket"),
  route("/no-such-page", "Oops! Page not found", 404),
];

/** Visited as the demo organiser, who owns the catalogue's event. */
const SIGNED_IN_ROUTES: RouteCheck[] = [
  route("/create-event", "Create Event"),
  { path: ({ event }) => `/create-event?edit=${event.id}`, heading: () => "Edit Event" },
  route("/dashboard", "Dashboard"),
  // Each section is its own address (a link that works before the scripts run), and each must fit a phone.
  route("/dashboard/sales", "Dashboard"),
  route("/dashboard/bookings", "Dashboard"),
  route("/dashboard/attendees", "Dashboard"),
  route("/dashboard/payouts", "Dashboard"),
  route("/dashboard/codes", "Dashboard"),
  route("/dashboard/waiting-list", "Dashboard"),
  route("/dashboard/door-team", "Dashboard"),
  route("/dashboard/check-in", "Dashboard"),
  route("/profile/edit", "Edit Profile"),
  route("/check-in", "Ticket Scanner"),
  route("/my-tickets", "My Tickets"),
  route("/email-test", "Manual Email Sender"),
  // Signed-in only here (see its loader): the spec does not say who may use it.
  route("/video-creator", "AI Image Creator"),
];

/** A paid upcoming event of the demo organiser. */
async function loadCatalogue(): Promise<Catalogue> {
  const response = await fetch(`${baseUrl()}/api/events?organiser=${DEMO_ORGANISER.username}&pageSize=50`);
  const { events } = (await response.json()) as EventListResult;
  const event = events.find((candidate) => candidate.pricePence > 0);
  if (!event) throw new Error(`The seed has no paid event by ${DEMO_ORGANISER.username}`);
  return { event };
}

/** Same-origin responses of 400 and above, and same-origin requests that failed outright. */
function trackFailedRequests(page: Page): string[] {
  const host = new URL(baseUrl()).host;
  const failed: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.host === host && response.status() >= 400) failed.push(`${response.status()} ${url.pathname}${url.search}`);
  });
  page.on("requestfailed", (request) => {
    const url = new URL(request.url());
    // A navigation cancels what the previous page still had in flight (images, the live-sales stream).
    if (url.host === host && request.failure()?.errorText !== "net::ERR_ABORTED") failed.push(`${request.failure()?.errorText} ${url.pathname}`);
  });
  return failed;
}

async function checkRoute(tracked: TrackedPage, failed: string[], check: RouteCheck, catalogue: Catalogue, width: number) {
  const { page } = tracked;
  const path = check.path(catalogue);
  const status = check.status ?? 200;
  tracked.errors.length = 0;
  failed.length = 0;

  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await waitForHydration(page);
  await page.getByRole("heading", { level: 1, name: check.heading(catalogue), exact: true }).waitFor({ state: "visible", timeout: 10_000 });
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, `${path} is wider than ${width} px`).toBe(true);
  await expectAccessible(page, { inPage: true });

  // The not-found page's own 404 is the one failed load it should have.
  const expected = status === 200 ? [] : [`${status} ${new URL(path, baseUrl()).pathname}`];
  expect(failed, `${path}: failed requests`).toEqual(expected);
  expectNoErrors(tracked, status === 200 ? [] : [new RegExp(`status of ${status}`)]);
}

let browser: Browser;
let organiserCookies: Cookie[];
let catalogue: Catalogue;

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = await loadCatalogue();
  ({ cookies: organiserCookies } = await signedInState(browser, DEMO_ORGANISER));
});
afterAll(async () => browser?.close());

/** Test names show the path with its placeholders. */
const named = (checks: RouteCheck[]) => checks.map((check) => [check.path({ event: { id: "{id}", title: "" } }), check] as const);

describe.each([
  ["1280", "desktop"],
  ["390", "phone"],
] as const)("every route at %s px", (_width, viewport) => {
  // One page per width, signed out first and then given the organiser's session.
  let tracked: TrackedPage;
  let failed: string[];
  const width = VIEWPORTS[viewport].width;

  beforeAll(async () => {
    tracked = await openPage(browser, { viewport });
    failed = trackFailedRequests(tracked.page);
  });
  afterAll(async () => tracked?.context.close());

  describe("signed out", () => {
    it.each(named(PUBLIC_ROUTES))("%s", async (_path, check) => {
      await checkRoute(tracked, failed, check, catalogue, width);
    });
  });

  describe("signed in as an organiser", () => {
    beforeAll(async () => tracked.context.addCookies(organiserCookies));
    it.each(named(SIGNED_IN_ROUTES))("%s", async (_path, check) => {
      await checkRoute(tracked, failed, check, catalogue, width);
    });
  });
});

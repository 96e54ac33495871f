import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import type { EventDetail, EventListResult, EventSummary } from "../src/domain";
import { settleTransitions } from "../test/settle-transitions";
import { waitForHydration } from "../test/wait-for-hydration";

export function baseUrl(): string {
  return inject("baseUrl");
}

/**
 * The run's Chromium (e2e/global-setup.ts), connected to afresh: a test file's contexts are its own, and
 * its `browser.close()` closes them and disconnects, leaving the browser to the next file. Files that
 * need other command-line switches (a fake camera) launch their own.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserWsEndpoint"));
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * A client address for one visitor. The test app trusts this machine as its load balancer
 * (TRUST_PROXY=loopback), so each browser context says where it comes from, as separate visitors do:
 * the whole suite's sign-ins would otherwise share one address's budget (60 in 15 minutes) and the
 * last files to run would be refused. Tests of the per-address limits set their own.
 */
export function visitorAddress(): string {
  return `192.0.2.${1 + Math.floor(Math.random() * 254)}`;
}

/**
 * A client address no other test draws (IPv6's documentation range, 96 random bits), for a test that uses up
 * a per-address allowance: files run two at a time, and a shared range lets one file's exhausted address
 * refuse another's first request.
 */
export function ownClientAddress(): string {
  return `2001:db8:${randomBytes(12).toString("hex").match(/.{4}/g)!.join(":")}`;
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** console.error messages and uncaught page errors seen so far. */
  errors: string[];
}

/**
 * A page whose console errors and uncaught exceptions are collected; `expectNoErrors` fails the test
 * on any (CONVENTIONS.md rule 8). Requests that leave the app's host are blocked and recorded.
 */
export async function openPage(
  browser: Browser,
  options: { viewport?: keyof typeof VIEWPORTS; permissions?: string[]; storageState?: BrowserContextOptions["storageState"] } = {},
): Promise<TrackedPage & { externalRequests: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? "desktop"],
    baseURL: baseUrl(),
    permissions: options.permissions,
    storageState: options.storageState,
    locale: "en-GB",
    timezoneId: "Europe/London",
    extraHTTPHeaders: { "x-forwarded-for": visitorAddress() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const externalRequests: string[] = [];
  const host = new URL(baseUrl()).host;
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.host === host || url.protocol === "data:" || url.protocol === "blob:") return route.continue();
    externalRequests.push(url.toString());
    return route.abort();
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, context, errors, externalRequests };
}

export function expectNoErrors(tracked: TrackedPage, allow: RegExp[] = []) {
  const unexpected = tracked.errors.filter((text) => !allow.some((pattern) => pattern.test(text)));
  expect(unexpected, `console errors: ${unexpected.join("\n")}`).toEqual([]);
}

/**
 * Runs axe on the current page and fails on any serious or critical violation. `inPage` runs axe in the
 * page itself rather than finishing in a fresh page of the context: quicker, and enough for pages that
 * embed no cross-origin frames (ours embed none; the e2e contexts block other hosts).
 */
export async function expectAccessible(page: Page, { inPage = false }: { inPage?: boolean } = {}) {
  await settleTransitions(page);
  // Toasts are left out: a stack of them animates and fades the older ones, so a scan that lands mid-way
  // measures half-transparent text. Their colours are checked at rest in app.css (sonner overrides).
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude("[data-sonner-toaster]")
    .setLegacyMode(inPage)
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(summary, summary.join("\n")).toEqual([]);
}

export { waitForHydration };

/** A toast by its title (sonner). */
export function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

/** Signs in with a password through /auth and waits for the home page. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/auth");
  await waitForHydration(page);
  const panel = page.getByRole("tabpanel");
  await panel.getByLabel("Email").fill(account.email);
  await panel.getByLabel("Password").fill(account.password);
  await panel.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/").catch(async (error: Error) => {
    const toasts = await page.locator("[data-sonner-toast]").allTextContents();
    throw new Error(`Sign-in did not reach / (toasts: ${toasts.join(" | ") || "none"}): ${error.message}`);
  });
}

/** A demo organiser of the seeded catalogue (src/server/db/seed.ts). */
export const DEMO_ORGANISER = { email: "northern.sounds@eventora.test", password: "demo-organiser-2026", username: "northern_sounds" } as const;

/** The cookies of a password sign-in through the real endpoint, for contexts that start signed in. */
export async function signedInState(browser: Browser, account: { email: string; password: string }): Promise<Awaited<ReturnType<BrowserContext["storageState"]>>> {
  const context = await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  try {
    const response = await context.request.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password }, headers: { origin: baseUrl() } });
    expect(response.status(), await response.text()).toBe(200);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * A download's bytes. Read through Playwright's stream, not `download.path()`: the files connect to one
 * shared browser (global set-up), and a remote browser's downloads have no local path.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Paid events of the seeded catalogue that a test can buy with only a quantity and a name: one type, no
 * questions, no minimum age, on sale, at least `minRemaining` places left. Other test files add events
 * with types, questions and age limits to the same catalogue (in whatever order the run takes), so a
 * test that picks "the first paid event" would meet their rules.
 */
export async function plainPaidEvents({ organiser, minRemaining = 10 }: { organiser?: string; minRemaining?: number } = {}): Promise<EventSummary[]> {
  const query = organiser ? `organiser=${organiser}` : "price=under-25";
  const { events } = (await (await fetch(`${baseUrl()}/api/events?${query}&pageSize=50`)).json()) as EventListResult;
  const candidates = events.filter(
    (event) =>
      event.pricePence > 0 &&
      !event.severalPrices &&
      event.minAge === null &&
      event.status === "active" &&
      (event.remaining === null || event.remaining >= minRemaining) &&
      event.category !== "food" &&
      event.category !== "ongoing-business",
  );
  const details = await Promise.all(candidates.map(async (event) => (await (await fetch(`${baseUrl()}/api/events/${event.id}`)).json()) as EventDetail));
  const plain = candidates.filter((_, index) => {
    const detail = details[index]!;
    return detail.questions.length === 0 && detail.ticketTypes.length === 1 && detail.ticketTypes[0]!.onSale && !detail.awaitingSellerDetails;
  });
  if (plain.length === 0) throw new Error(`The seed has no plain paid event with ${minRemaining} places left${organiser ? ` by ${organiser}` : ""}`);
  return plain;
}

import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventListResult } from "../src/domain";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";
import { expectNoErrors, openPage, signIn, waitForHydration } from "./fixtures";

const ORGANISER = { email: "northern.sounds@eventora.test", password: "demo-organiser-2026" };

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** The script nonce named in a Content-Security-Policy header, after checking script-src allows no other inline script. */
function scriptNonce(header: string | undefined): string {
  const scriptSrc = (header ?? "").split(";").map((directive) => directive.trim().split(/\s+/)).find(([name]) => name === "script-src") ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const nonce = scriptSrc.find((source) => source.startsWith("'nonce-"));
  expect(nonce, `script-src: ${scriptSrc.join(" ")}`).toBeDefined();
  return nonce!.slice("'nonce-".length, -1);
}

/** The opening tags of the page's inline scripts (JSON-LD data blocks are not scripts a policy governs). */
function inlineScriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !/\bsrc=/.test(tag) && !tag.includes('type="application/ld+json"'));
}

/** Collects every securitypolicyviolation the context's pages report in window.cspViolations. */
function recordViolations(context: BrowserContext) {
  return context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`),
    );
  });
}

/**
 * Loads a page and checks its policy: a nonce, carried by every inline script of this response; the
 * page hydrates (the assistant, a lazily loaded dialog, opens and closes); nothing was blocked.
 */
async function expectNoncedPage(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const nonce = scriptNonce(response!.headers()["content-security-policy"]);
  const scripts = inlineScriptTags(await response!.text());
  // At least React Router's context and module scripts and ScrollRestoration.
  expect(scripts.length, path).toBeGreaterThanOrEqual(3);
  for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Open Voice Assistant" }).click();
  const dialog = page.getByRole("dialog", { name: "Voice Assistant" });
  await dialog.waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  expect(await page.evaluate(() => window.cspViolations), path).toEqual([]);
  return nonce;
}

describe("security headers in the browser (issue 8)", () => {
  let browser: Browser;
  beforeAll(async () => {
    // A fake camera and microphone, granted: /check-in starts its scanner on load.
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"],
    });
  });
  afterAll(async () => browser?.close());

  it("pages run only their own nonced inline scripts, hydrate, and the scanner and microphone stay allowed", async () => {
    const tracked = await openPage(browser);
    const { page, context } = tracked;
    await recordViolations(context);
    const wasm: string[] = [];
    page.on("requestfinished", (request) => {
      if (request.url().endsWith(".wasm")) wasm.push(request.url());
    });

    const { events } = (await (await context.request.get("/api/events")).json()) as EventListResult;
    // Two responses for the same page: each has its own nonce.
    const twice = await Promise.all([context.request.get("/"), context.request.get("/")]);
    const nonces = twice.map((response) => scriptNonce(response.headers()["content-security-policy"]));
    for (const path of ["/", "/events", `/events/${events[0]!.id}`, "/help", "/auth"]) nonces.push(await expectNoncedPage(page, path));

    await signIn(page, ORGANISER);
    for (const path of ["/dashboard", "/check-in"]) nonces.push(await expectNoncedPage(page, path));
    // The scanner compiled its WebAssembly ('wasm-unsafe-eval') and the camera was allowed to it.
    await expect.poll(() => wasm.length).toBeGreaterThan(0);
    const allowed = await page.evaluate(() => {
      const policy = (document as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
      return { camera: policy?.allowsFeature("camera"), microphone: policy?.allowsFeature("microphone") };
    });
    expect(allowed).toEqual({ camera: true, microphone: true });

    expect(new Set(nonces).size).toBe(nonces.length);
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expectNoErrors(tracked);
    await context.close();
  });

  it("the API docs, a static HTML page, render under the same policy", async () => {
    const tracked = await openPage(browser);
    const { page, context } = tracked;
    await recordViolations(context);
    await page.goto("/api/docs");
    await page.getByRole("heading", { name: /Eventora API/ }).waitFor();
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expectNoErrors(tracked);
    await context.close();
  });
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND } from "@domain";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, ownClientAddress, toast, VIEWPORTS, waitForHydration } from "./fixtures";
import { waitForMail } from "./mail";

interface PageCheck {
  path: string;
  title: string;
  heading: string;
  texts: string[];
  /** Scanned by axe at 390 wide too; the legal pages share one layout, so one of them stands for all. */
  phoneScan?: boolean;
}

const LEGAL_UPDATED = "Last updated: January 2024";

/** The information pages of spec §2 Static and tool pages, with the words each must show. */
const INFO_PAGES: PageCheck[] = [
  { phoneScan: true, path: "/about", title: `About ${BRAND.name}`, heading: "Bringing people together at events worth remembering", texts: ["Our mission", "Community", "Quality", "Reach", "Secure payments", "Instant tickets", "24/7 support", "Easy refunds"] },
  { phoneScan: true, path: "/contact", title: "Contact us", heading: "Get in touch", texts: ["Emergency support is available 24/7 for urgent ticket issues.", BRAND.supportEmail, BRAND.registeredAddress, "London office"] },
  { phoneScan: true, path: "/help", title: "Help Centre", heading: "Help Centre", texts: ["FAQ", "Live Chat", "Email Support", "Frequently Asked Questions"] },
  { phoneScan: true, path: "/sell", title: `Sell tickets on ${BRAND.name}`, heading: "Sell tickets to your next event in minutes", texts: ["2.9% + £0.30", "per ticket sold", "How it works", "Create your event"] },
  { phoneScan: true, path: "/social-media-strategy", title: "Social media strategy", heading: "Social media strategy", texts: ["Three networks, 3 posts a day each", "Instagram", "TikTok", "Facebook", "Posting times", "Hashtags"] },
];

const LEGAL_PAGES: PageCheck[] = [
  { phoneScan: true, path: "/terms", title: "Terms of Service", heading: "Terms of Service", texts: [LEGAL_UPDATED, "£2.30 per ticket", BRAND.companyNumber] },
  { path: "/privacy", title: "Privacy Policy", heading: "Privacy Policy", texts: ["Last updated: 1 December 2026", "we never sell your personal data", "only if you tick Remember my e-mail on this device"] },
  { path: "/booking-terms", title: "Booking Terms & Conditions", heading: "Booking Terms & Conditions", texts: [LEGAL_UPDATED, "£2.30 per ticket applies to paid events only"] },
  { path: "/refund-policy", title: "Refund Policy", heading: "Refund Policy", texts: [LEGAL_UPDATED, "£2.30 per ticket", "up to 48 hours before the event"] },
  { path: "/gdpr", title: "GDPR", heading: "GDPR", texts: [LEGAL_UPDATED, "within one month"] },
  { path: "/accessibility", title: "Accessibility Statement", heading: "Accessibility Statement", texts: ["Last updated: 28 November 2026", "WCAG", "2.2 at level AA", "Known gaps", BRAND.supportEmail, "Equality and Human Rights Commission"] },
];

/** What the page says, read in one round trip. */
function readPage(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
    headings: [...document.querySelectorAll("h1")].map((h1) => h1.textContent),
    main: document.querySelector("main")?.innerText ?? "",
    fitsScreen: document.documentElement.scrollWidth <= window.innerWidth,
  }));
}

/** Checks one page at 1280 and then at 390 wide (the same page, resized), with an axe scan at each width. */
async function checkPage(page: Page, check: PageCheck) {
  await page.setViewportSize(VIEWPORTS.desktop);
  const response = await page.goto(check.path);
  expect(response?.status(), check.path).toBe(200);
  await waitForHydration(page);
  const seen = await readPage(page);
  // seoMeta adds the brand unless the title already names it.
  expect(seen.title).toBe(check.title.includes(BRAND.name) ? check.title : `${check.title} | ${BRAND.name}`);
  expect(seen.description).toMatch(/.{50,}/);
  expect(seen.headings).toEqual([check.heading]);
  for (const text of check.texts) expect(seen.main, `${check.path}: ${text}`).toContain(text);
  // D1 and D3: one fee everywhere, and no figure without data behind it.
  expect(seen.main).not.toContain("£2.00");
  expect(seen.main).not.toMatch(/98%|satisfaction/i);
  expect(seen.fitsScreen, `${check.path} at 1280`).toBe(true);
  await expectAccessible(page);

  await page.setViewportSize(VIEWPORTS.phone);
  const phone = await readPage(page);
  for (const text of check.texts) expect(phone.main, `${check.path} at 390: ${text}`).toContain(text);
  expect(phone.fitsScreen, `${check.path} is wider than a 390 px screen`).toBe(true);
  if (check.phoneScan) await expectAccessible(page);
}

describe("static, help, contact and legal pages (spec §2 Static and tool pages)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("About, Contact, Help, Sell and the social media strategy show their texts at 1280 and 390 wide and pass axe", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    for (const check of INFO_PAGES) await checkPage(page, check);

    // Figures come from the database, rounded (D3: "1.2K+"), each only from its threshold, else a line (decision 022).
    await page.goto("/sell");
    const figures = await page.getByRole("region", { name: `${BRAND.name} in figures` }).getByRole("listitem").allInnerTexts();
    expect(figures.at(-1)).toMatch(/^24\/7\s+Support$/);
    expect(figures).toHaveLength(4);

    // The strategy's other three tabs (at phone width, where they sit two by two).
    await page.goto("/social-media-strategy");
    await waitForHydration(page);
    for (const [tab, heading] of [["Content Calendar", "A week of content"], ["Campaigns", "Campaigns"], ["KPIs", "KPI targets"]] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await expect.poll(() => page.getByRole("tabpanel").getByRole("heading", { level: 2 }).textContent()).toBe(heading);
    }
    await expectAccessible(page);

    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("tabs follow the WAI-ARIA tabs pattern (manual activation, decision 017): arrows, Home and End move, Enter and Space select, panels labelled", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await page.goto("/social-media-strategy");
    await waitForHydration(page);
    const tab = (name: string) => page.getByRole("tab", { name });
    const selected = () => page.getByRole("tab", { selected: true }).textContent();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? null);
    const panelHeading = () => page.getByRole("tabpanel").getByRole("heading", { level: 2 }).textContent();

    await tab("Platforms").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(focused).toBe("Content Calendar");
    await page.keyboard.press("Enter");
    await expect.poll(selected).toBe("Content Calendar");
    await expect.poll(panelHeading).toBe("A week of content");
    await page.keyboard.press("End");
    await expect.poll(focused).toBe("KPIs");
    await page.keyboard.press("ArrowRight");
    await expect.poll(focused).toBe("Platforms");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(focused).toBe("KPIs");
    await page.keyboard.press("Home");
    await expect.poll(focused).toBe("Platforms");
    await page.keyboard.press("Space");
    await expect.poll(selected).toBe("Platforms");

    // One panel, the selected tab's, named by it and pointed to by it.
    const panel = page.getByRole("tabpanel", { name: "Platforms" });
    expect(await page.getByRole("tabpanel").count()).toBe(1);
    expect(await tab("Platforms").getAttribute("aria-controls")).toBe(await panel.getAttribute("id"));

    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("the legal pages say when they were last updated and the £2.30 fee, the accessibility statement its standard and gaps; 404 logs the unknown path", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    for (const check of LEGAL_PAGES) await checkPage(page, check);

    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Oops! Page not found");
    await expect(page.getByRole("main").innerText()).resolves.toMatch(/404\s+Oops! Page not found/);
    await expect(page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).resolves.toBe("/");
    await expect.poll(() => warnings.some((text) => text.includes("/no-such-page"))).toBe(true);

    expectNoErrors(tracked, [/status of 404/]);
    await tracked.context.close();
  });

  it("Help Centre: 11 questions open one at a time; FAQ, Live Chat and Email Support cards work", async () => {
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await page.goto("/help");
    await waitForHydration(page);

    // Each question is a <details>: its <summary> (which has no ARIA role of its own) opens and closes it.
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const questions = faq.locator("details");
    const question = (text: string) => faq.locator("summary", { hasText: text });
    await expect(questions.count()).resolves.toBe(11);
    const expanded = () => questions.evaluateAll((all) => all.map((details) => (details as HTMLDetailsElement).open));
    await expect(expanded()).resolves.toEqual(Array(11).fill(false));

    await question("Can I get a refund?").click();
    await expect.poll(() => faq.getByText("Most tickets are refundable up to 48 hours before the event.", { exact: false }).isVisible()).toBe(true);
    await question("How do I check in attendees at my event?").click();
    await expect.poll(async () => (await expanded()).filter(Boolean).length).toBe(1);
    await expect(question("Can I get a refund?").evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open)).resolves.toBe(false);
    await expect(faq.getByText(/Only the event's creator can scan/).isVisible()).resolves.toBe(true);
    await expect(faq.getByRole("link", { name: "Open Check-In" }).getAttribute("href")).resolves.toBe("/check-in");
    await question("How do I check in attendees at my event?").click();
    await expect.poll(async () => (await expanded()).every((open) => !open)).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Browse FAQ" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Frequently Asked Questions");

    await page.getByRole("button", { name: "Email Us" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Email Support" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect(dialog.innerText()).resolves.toContain(BRAND.supportEmail);
    await expect(dialog.getByRole("link", { name: "Open Email App" }).getAttribute("href")).resolves.toBe(`mailto:${BRAND.supportEmail}`);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    // Live Chat asks the assistant to open through a window event: the overlay opens, or, with no
    // assistant on the page, a toast says so.
    await page.evaluate(() => window.addEventListener("eventora:open-assistant", () => document.documentElement.setAttribute("data-assistant-asked", "yes")));
    await page.getByRole("button", { name: "Start Chat" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-assistant-asked"))).toBe("yes");
    await expect
      .poll(async () => (await page.getByRole("dialog", { name: "Voice Assistant" }).isVisible()) || (await toast(page, "Live Chat is not available right now").isVisible()))
      .toBe(true);

    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("Contact: checks the form, sends the message to the support inbox, and keeps the input when refused (D7)", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    // Its own client address, so the per-address limit used up below touches no other test.
    const ip = ownClientAddress();
    await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
    await page.goto("/contact");
    await waitForHydration(page);
    const hours = await page.getByRole("definition").allInnerTexts();
    expect(hours).toEqual(["9:00-6:00", "10:00-4:00", "closed"]);
    await expect(page.getByRole("term").allInnerTexts()).resolves.toEqual(["Mon-Fri", "Sat", "Sun"]);

    const form = page.getByRole("form", { name: "Send us a message" });
    const send = form.getByRole("button", { name: "Send Message" });
    await send.click();
    await expect.poll(() => form.getByText("Please enter your first name.").isVisible()).toBe(true);
    await expect(form.getByText("Your message must be at least 10 characters.").isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.getAttribute("name"))).resolves.toBe("firstName");

    const subject = `Lost tickets ${Date.now()}`;
    async function fill(message: string) {
      await form.getByLabel("First name").fill("Grace");
      await form.getByLabel("Last name").fill("Hopper");
      await form.getByLabel("Email").fill("grace@example.com");
      await form.getByLabel("Subject").fill(subject);
      await form.getByLabel("Message").fill(message);
    }
    await fill("My tickets for Saturday have not arrived. Booking TCKT-2026-ABCDEF12.");
    await send.click();
    await expect.poll(() => toast(page, "Message sent!").isVisible()).toBe(true);
    await expect(form.getByLabel("Subject").inputValue()).resolves.toBe("");
    const mail = await waitForMail(BRAND.supportEmail, (m) => m.subject === `Contact form: ${subject}`);
    expect(mail.text).toContain("Grace Hopper");
    expect(mail.text).toContain("grace@example.com");
    expect(mail.text).toContain("TCKT-2026-ABCDEF12");

    // Use up the rest of this address's hourly allowance, then send once more from the page.
    for (let sent = 1; sent < 5; sent++) {
      const response = await fetch(`${baseUrl()}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ firstName: "Grace", lastName: "Hopper", email: "grace@example.com", subject: `Filler ${sent}`, message: "Another question about my booking." }),
      });
      expect(response.status).toBe(201);
    }
    await fill("One more question about my booking, please.");
    await send.click();
    await expect.poll(() => toast(page, "Failed to send message").isVisible()).toBe(true);
    await expect(toast(page, "Failed to send message").innerText()).resolves.toMatch(/Please wait/);
    await expect(form.getByLabel("Subject").inputValue()).resolves.toBe(subject);
    await expect(form.getByLabel("Message").inputValue()).resolves.toBe("One more question about my booking, please.");
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await expectAccessible(page);

    expectNoErrors(tracked, [/status of 429/]);
    await tracked.context.close();
  });
});

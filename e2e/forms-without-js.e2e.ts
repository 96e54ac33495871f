import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND, type EventListResult, type MyTicket } from "../src/domain";
import { baseUrl, DEMO_ORGANISER, launchBrowser, ownClientAddress, signedInState, VIEWPORTS } from "./fixtures";
import { codeFrom, createConfirmedAccount, linkTo, uniqueEmail, waitForMail } from "./mail";

/**
 * Issue 16: before the page's scripts run (scripts off, or the first moments on a slow phone) every
 * form on /auth posts to the page's own action, which does what the hydrated form does; no password or
 * code ever reaches an address, and the tabs are links the server draws from `?tab=`.
 */

interface NoScriptPage {
  page: Page;
  context: BrowserContext;
  /** Every request the page made: method and address. */
  requests: { method: string; url: string }[];
}

async function openWithoutScripts(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS = "desktop",
  storageState?: Awaited<ReturnType<typeof signedInState>>,
): Promise<NoScriptPage> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl(), viewport: VIEWPORTS[viewport], locale: "en-GB", storageState });
  const page = await context.newPage();
  const requests: NoScriptPage["requests"] = [];
  page.on("request", (request) => requests.push({ method: request.method(), url: request.url() }));
  return { page, context, requests };
}

function panel(page: Page) {
  return page.getByRole("tabpanel");
}

/** The form posts went to /auth as POSTs, and no address the browser asked for holds any of `secrets`. */
function expectPostedWithoutSecrets(requests: NoScriptPage["requests"], secrets: string[]) {
  const posts = requests.filter((request) => request.method === "POST" && new URL(request.url).pathname === "/auth");
  expect(posts.length).toBeGreaterThan(0);
  for (const { url } of requests) {
    for (const secret of secrets) expect(url).not.toContain(encodeURIComponent(secret));
    expect(new URL(url).searchParams.has("password")).toBe(false);
  }
}

/** A page only for signed-in users opens instead of sending the browser to /auth (on a phone the header's Sign Out is in the menu). */
async function expectSignedIn(page: Page) {
  await page.goto("/my-tickets");
  expect(new URL(page.url()).pathname).toBe("/my-tickets");
}

describe("/auth without JavaScript", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("signs in by posting the form: the password never reaches the address, and the session is set", async () => {
    const account = await createConfirmedAccount("nojs-sign-in");
    const { page, context, requests } = await openWithoutScripts(browser, "phone");
    await page.goto("/auth?redirect=%2Fmy-tickets");

    // A wrong password is refused in the page itself (no toast without scripts), the e-mail kept.
    await panel(page).getByLabel("Email").fill(account.email);
    await panel(page).getByLabel("Password").fill("wrong-guess-1");
    await panel(page).getByRole("button", { name: "Sign In" }).click();
    await panel(page).getByRole("alert").filter({ hasText: "Invalid login credentials" }).waitFor();
    expect(await panel(page).getByLabel("Email").inputValue()).toBe(account.email);
    expect(await panel(page).getByLabel("Password").inputValue()).toBe("");

    await panel(page).getByLabel("Password").fill(account.password);
    await panel(page).getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/my-tickets");
    await expectSignedIn(page);
    expectPostedWithoutSecrets(requests, [account.password, "wrong-guess-1"]);
    await context.close();
  });

  it("opens the Sign Up tab from its link and creates an account by posting", async () => {
    const { page, context, requests } = await openWithoutScripts(browser);
    await page.goto("/auth");
    expect(await page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "signup");
    expect(await page.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");
    await panel(page).getByLabel("Date of birth").waitFor();

    // The server checks what the hydrated form checks, and says so next to the field.
    const email = uniqueEmail("nojs-sign-up");
    await panel(page).getByLabel("Email").fill(email);
    await panel(page).getByLabel("Password", { exact: true }).fill("short");
    await panel(page).getByLabel("Date of birth").fill("1994-08-09");
    await panel(page).getByRole("button", { name: "Sign Up" }).click();
    await panel(page).getByText("Password must be at least 6 characters long.").waitFor();

    await panel(page).getByLabel("Password", { exact: true }).fill("no-script-pass-1");
    await panel(page).getByLabel("Date of birth").fill("1994-08-09");
    await panel(page).getByRole("button", { name: "Sign Up" }).click();
    await panel(page).getByText("We've sent a confirmation link to").waitFor();
    expect(await page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");
    await waitForMail(email, (mail) => mail.subject === "Confirm your Eventora account");
    expectPostedWithoutSecrets(requests, ["no-script-pass-1", "short"]);
    await context.close();
  });

  it("sends a reset link and sets the new password by posting", async () => {
    const account = await createConfirmedAccount("nojs-reset");
    const { page, context, requests } = await openWithoutScripts(browser);
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "reset");
    await panel(page).getByLabel("Email").fill(account.email);
    await panel(page).getByRole("button", { name: "Send Reset Email" }).click();
    await panel(page).getByText(`If an account exists for ${account.email}`).waitFor();

    const mail = await waitForMail(account.email, (m) => m.subject === "Reset your Eventora password");
    await page.goto(linkTo(mail, "/api/auth/reset-password/"));
    await page.getByRole("heading", { name: "Reset Your Password" }).waitFor();
    await page.getByLabel("New password").fill("no-script-new-1");
    await page.getByLabel("Confirm password").fill("no-script-typo");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Please ensure both password fields match.").waitFor();
    await page.getByLabel("New password").fill("no-script-new-1");
    await page.getByLabel("Confirm password").fill("no-script-new-1");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/auth");
    await panel(page).getByLabel("Email").fill(account.email);
    await panel(page).getByLabel("Password").fill("no-script-new-1");
    await panel(page).getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectSignedIn(page);
    expectPostedWithoutSecrets(requests, ["no-script-new-1", "no-script-typo", account.password]);
    await context.close();
  });

  it("signs in with an e-mailed code by posting both steps; SMS is chosen without scripts too", async () => {
    const account = await createConfirmedAccount("nojs-otp");
    const { page, context, requests } = await openWithoutScripts(browser, "phone");
    await page.goto("/auth");
    await page.getByRole("tab", { name: "OTP" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "otp");

    // The SMS choice swaps the field and the button's words with no script.
    await panel(page).getByRole("radio", { name: "SMS" }).check();
    await panel(page).getByRole("textbox", { name: "Phone number" }).waitFor();
    expect(await panel(page).getByRole("textbox", { name: "Email" }).count()).toBe(0);
    await panel(page).getByRole("textbox", { name: "Phone number" }).fill("12");
    await panel(page).getByRole("button", { name: "Send SMS OTP" }).click();
    await panel(page).getByText("Please enter a valid phone number").waitFor();

    await panel(page).getByRole("radio", { name: "Email" }).check();
    await panel(page).getByRole("textbox", { name: "Email" }).fill(account.email);
    await panel(page).getByRole("button", { name: "Send Email OTP" }).click();
    await panel(page).getByText(`Enter the 6-digit code we sent to ${account.email}`).waitFor();
    const code = codeFrom(await waitForMail(account.email, (mail) => mail.subject.endsWith("sign-in code")));
    await panel(page).getByLabel("Verification code").fill(code);
    await panel(page).getByRole("button", { name: "Verify & Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectSignedIn(page);
    expectPostedWithoutSecrets(requests, [code]);
    expect(requests.every(({ url }) => !new URL(url).searchParams.has("code") && !new URL(url).searchParams.has("otp"))).toBe(true);
    await context.close();
  });

  it("refuses a sign-in form posted from another site (login CSRF), as the JSON endpoint does", async () => {
    const account = await createConfirmedAccount("nojs-csrf");
    const { context } = await openWithoutScripts(browser);
    const crossSite = { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };
    const form = { intent: "sign-in", email: account.email, password: account.password };
    // With its Origin, React Router refuses it before the action runs; without one, the auth server's
    // Fetch Metadata check does (CROSS_SITE_NAVIGATION_LOGIN_BLOCKED).
    const withOrigin = await context.request.post("/auth", { form, headers: { origin: "https://evil.example", ...crossSite }, maxRedirects: 0 });
    const withoutOrigin = await context.request.post("/auth", { form, headers: crossSite, maxRedirects: 0 });
    expect(withOrigin.status()).toBe(400);
    expect(withoutOrigin.status()).toBe(403);
    for (const response of [withOrigin, withoutOrigin]) {
      expect(response.headers()["set-cookie"] ?? "").not.toContain("session_token");
      expect(await response.text()).not.toContain(account.password);
    }
    await context.close();
  });

  it("drops a password from an address that already carries one", async () => {
    const { page, context } = await openWithoutScripts(browser);
    await page.goto("/auth?email=a%40example.com&password=secret-pass");
    expect(new URL(page.url()).search).toBe("?email=a%40example.com");
    await context.close();
  });
});

describe("tabs without JavaScript", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("switches the marketing strategy's tabs by their links", async () => {
    const { page, context } = await openWithoutScripts(browser, "phone");
    await page.goto("/social-media-strategy");
    await page.getByRole("tab", { name: "Campaigns" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "campaigns");
    expect(await page.getByRole("tabpanel").getByRole("heading", { level: 2 }).first().textContent()).toBe("Campaigns");
    expect(await page.getByRole("tab", { name: "Campaigns" }).getAttribute("aria-selected")).toBe("true");
    await context.close();
  });

  it("switches the dashboard's sections by their links", async () => {
    const state = await signedInState(browser, DEMO_ORGANISER);
    const { page, context } = await openWithoutScripts(browser, "phone", state);
    await page.goto("/dashboard");
    const sections = page.getByRole("navigation", { name: "Dashboard sections" });
    await sections.getByRole("link", { name: "Sales Analytics" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/sales");
    await page.getByRole("heading", { name: "Sales Analytics" }).waitFor();
    expect(await sections.getByRole("link", { name: "Sales Analytics" }).getAttribute("aria-current")).toBe("page");
    expect(await sections.getByRole("link", { name: "My Events" }).getAttribute("aria-current")).toBeNull();
    await context.close();
  });

  it("switches the affiliate account's tabs by their links", async () => {
    const state = await signedInState(browser, { email: "attendee@eventora.test", password: "demo-attendee-2026" });
    const { page, context } = await openWithoutScripts(browser, "desktop", state);
    await page.goto("/affiliates");
    await page.getByRole("tab", { name: "Affiliate Tools" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "tools");
    await page.getByRole("tabpanel").getByLabel("Affiliate code").waitFor();
    expect(await page.getByRole("tabpanel").getByLabel("Affiliate code").inputValue()).toBe("TOMF2026");
    await context.close();
  });
});

/** No address the browser asked for carries any of `texts` (as typed, or as a form would encode them). */
function expectNoAddressCarries(requests: NoScriptPage["requests"], texts: string[]) {
  for (const { url } of requests) {
    const search = new URL(url).search;
    for (const text of texts) {
      expect(decodeURIComponent(search.replace(/\+/g, " "))).not.toContain(text);
      expect(url).not.toContain(encodeURIComponent(text));
    }
  }
}

/** One confirmed booking bought through the API by a new account: its ticket and the buyer. */
async function paidBooking(browser: Browser): Promise<{ ticket: MyTicket; buyer: { email: string; password: string } }> {
  const buyer = await createConfirmedAccount("nojs-resend");
  const context = await browser.newContext({ baseURL: baseUrl(), storageState: await signedInState(browser, buyer) });
  try {
    const listing = await context.request.get("/api/events?price=under-25&pageSize=50");
    const { events } = (await listing.json()) as EventListResult;
    const event = events.find((candidate) => candidate.pricePence > 0 && (candidate.remaining === null || candidate.remaining > 10))!;
    const started = await context.request.post("/api/functions/create-payment", { data: { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 }, headers: { origin: baseUrl() } });
    expect(started.status()).toBe(200);
    const session = new URL(((await started.json()) as { url: string }).url).pathname.split("/").pop()!;
    const paid = await context.request.post(`/api/checkout/test/${session}/pay`, { headers: { origin: baseUrl() } });
    expect(paid.status()).toBe(200);
    const { tickets } = (await (await context.request.get("/api/me/tickets")).json()) as { tickets: MyTicket[] };
    return { ticket: tickets[0]!, buyer };
  } finally {
    await context.close();
  }
}

describe("public forms without JavaScript", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("sends the contact form by posting: the message reaches the support inbox and never an address", async () => {
    const { page, context, requests } = await openWithoutScripts(browser, "phone");
    // Its own client address, so the per-address limit touches no other test.
    await page.setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    const subject = `No script ${Date.now()}`;
    const message = "My tickets for Saturday have not arrived. Booking TCKT-2026-ABCDEF12.";
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Lovelace");
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send Message" }).click();

    // The toast's words, in the page.
    await form.getByRole("status").getByText("Message sent! Thanks, Ada. Our support team will reply to ada@example.com as soon as they can.").waitFor();
    expect(await form.getByLabel("Subject").inputValue()).toBe("");
    const mail = await waitForMail(BRAND.supportEmail, (m) => m.subject === `Contact form: ${subject}`);
    expect(mail.text).toContain("Ada Lovelace");
    expect(mail.text).toContain(message);
    expect(requests.some(({ method, url }) => method === "POST" && new URL(url).pathname === "/contact")).toBe(true);
    expectNoAddressCarries(requests, [message, subject, "ada@example.com"]);
    await page.screenshot({ path: "test-results/contact-no-js-390.png", fullPage: true });

    // A form posted from another site is refused before the action runs, as for /auth.
    const crossSite = await context.request.post("/contact", {
      form: { firstName: "Eve", lastName: "Mallory", email: "eve@example.com", subject, message },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(400);
    expect(await crossSite.text()).not.toContain("Message sent!");
    await context.close();
  });

  it("keeps the contact form's input when it is refused, and says why in the page (D7)", async () => {
    const { page, context, requests } = await openWithoutScripts(browser);
    const ip = ownClientAddress();
    await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    const subject = `Refused ${Date.now()}`;
    async function fill(message: string) {
      await form.getByLabel("First name").fill("Grace");
      await form.getByLabel("Last name").fill("Hopper");
      await form.getByLabel("Email").fill("grace@example.com");
      await form.getByLabel("Subject").fill(subject);
      await form.getByLabel("Message").fill(message);
    }
    // The server checks the fields as the API does, and names the problem next to the field.
    await fill("Too short");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("Your message must be at least 10 characters.").waitFor();
    expect(await form.getByLabel("Subject").inputValue()).toBe(subject);
    expect(await form.getByLabel("Message").inputValue()).toBe("Too short");

    // The API's per-address limit applies to the form post too: use it up, then post once more.
    for (let sent = 0; sent < 5; sent++) {
      const response = await fetch(`${baseUrl()}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ firstName: "Grace", lastName: "Hopper", email: "grace@example.com", subject: `Filler ${sent}`, message: "Another question about my booking." }),
      });
      expect(response.status).toBe(201);
    }
    const message = "One more question about my booking, please.";
    await fill(message);
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByRole("status").getByText(/^Failed to send message: You have sent several messages in the last hour\. Please wait/).waitFor();
    expect(await form.getByLabel("Subject").inputValue()).toBe(subject);
    expect(await form.getByLabel("Message").inputValue()).toBe(message);
    expect(await form.getByLabel("First name").inputValue()).toBe("Grace");
    expectNoAddressCarries(requests, [message, subject]);
    await page.screenshot({ path: "test-results/contact-no-js-1280.png", fullPage: true });
    await context.close();
  });

  it("resends a ticket from /resend-ticket by posting, only to the booking's own address", async () => {
    const { ticket, buyer } = await paidBooking(browser);
    // The ticket e-mail sent when it was paid for.
    const first = await waitForMail(buyer.email, (mail) => mail.subject === `Your ticket: ${ticket.event.title}`);

    const { page, context, requests } = await openWithoutScripts(browser, "phone");
    await page.setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
    await page.goto("/resend-ticket");
    const field = page.getByLabel("Booking ID, ticket code or payment session ID");
    const button = page.getByRole("button", { name: "Resend Ticket Email" });
    // Nothing typed: the server says what the hydrated page would.
    await button.click();
    await page.getByText("Please enter a booking ID or ticket code").waitFor();

    await field.fill(`  ${ticket.ticketCode} `);
    await button.click();
    const result = page.getByRole("status").filter({ hasText: "Ticket email sent successfully!" });
    await result.waitFor();
    // A stranger sees the booking's address masked, and it is the only address the ticket goes to.
    await result.getByText(/^Sent to: \w\*\*\*@example\.com$/).waitFor();
    const again = await waitForMail(buyer.email, (mail) => mail.subject === `Your ticket: ${ticket.event.title}` && mail.receivedAt > first.receivedAt);
    expect(again.to).toEqual([buyer.email]);
    expect(again.text).toContain(ticket.ticketCode);
    expect(await field.inputValue()).toBe(`  ${ticket.ticketCode} `);
    expect(await page.getByRole("radio", { name: /Usual way/ }).isChecked()).toBe(true);
    expectNoAddressCarries(requests, [ticket.ticketCode]);
    await page.screenshot({ path: "test-results/resend-no-js-390.png", fullPage: true });

    await field.fill("TCKT-2026-00000000");
    await button.click();
    await page.getByRole("status").filter({ hasText: "Failed to resend ticket: Ticket not found" }).waitFor();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.screenshot({ path: "test-results/resend-no-js-1280.png", fullPage: true });
    await context.close();
  });
});

describe("deleting an account without JavaScript (D28)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("posts the form to the page's action: a mistyped e-mail is refused in the page, the right one ends the account and goes home", async () => {
    const account = await createConfirmedAccount("nojs-erase");
    const { page, context, requests } = await openWithoutScripts(browser, "phone", await signedInState(browser, account));
    await page.goto("/profile/edit");
    const form = () => page.getByRole("form", { name: "Delete my account" });
    await form().getByLabel("Your e-mail address").fill("someone-else@example.com");
    await form().getByRole("button", { name: "Delete my account" }).click();
    await form().getByRole("alert").getByText("The e-mail address you typed is not this account's. Type it exactly to confirm.").waitFor();

    await form().getByLabel("Your e-mail address").fill(account.email);
    await form().getByLabel("Password").fill(account.password);
    await form().getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(requests.filter(({ method, url }) => method === "POST" && new URL(url).pathname === "/profile/edit")).toHaveLength(2);
    expectNoAddressCarries(requests, [account.password, account.email]);
    // Signed out everywhere: a signed-in page sends the browser to sign in.
    await page.goto("/my-tickets");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await context.close();
  });
});

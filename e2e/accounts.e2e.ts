import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestAllowedDateOfBirth } from "../src/domain";
import { expectAccessible, expectNoErrors, launchBrowser, openPage, toast, waitForHydration } from "./fixtures";
import { codeFrom, createConfirmedAccount, linkTo, uniqueEmail, waitForMail } from "./mail";

/** Chromium logs every refused request (a wrong password, a bad code) as a console error. */
const REFUSED_REQUESTS = [/Failed to load resource: the server responded with a status of (400|401|403|409|429)/];

function tabPanel(page: Page) {
  return page.getByRole("tabpanel");
}

async function openAuth(page: Page, path = "/auth") {
  await page.goto(path);
  await waitForHydration(page);
}

async function signInWithPassword(page: Page, email: string, password: string, { rememberEmail = false } = {}) {
  await page.getByRole("tab", { name: "Sign In" }).click();
  await tabPanel(page).getByLabel("Email").fill(email);
  await tabPanel(page).getByLabel("Password").fill(password);
  if (rememberEmail) await tabPanel(page).getByRole("checkbox", { name: "Remember my e-mail on this device" }).check();
  await tabPanel(page).getByRole("button", { name: "Sign In" }).click();
}

function emailBox(page: Page) {
  return tabPanel(page).getByRole("textbox", { name: "Email" });
}

function header(page: Page) {
  return page.getByRole("banner");
}

describe("accounts", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("signs up, confirms from the e-mail, signs out, signs in again, edits the profile and shows it publicly", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    const email = uniqueEmail("journey");
    const username = `journey_${Date.now().toString(36)}`;

    // A page that needs sign-in sends the visitor to /auth and back afterwards.
    await page.goto("/profile/edit");
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("redirect") === "/profile/edit");
    await waitForHydration(page);
    await expectAccessible(page);
    // Mail goes out over SMTP here, so no pointer to the demo's mailbox.
    expect(await page.getByRole("link", { name: "/dev/mailbox" }).count()).toBe(0);

    await page.getByRole("tab", { name: "Sign Up" }).click();
    const dateOfBirth = tabPanel(page).getByLabel("Date of birth");
    expect(await dateOfBirth.getAttribute("max")).toBe(latestAllowedDateOfBirth());
    await expect.poll(() => tabPanel(page).getByText("You must be at least 13 years old to create an account").count()).toBeGreaterThan(0);
    await tabPanel(page).getByLabel("Email").fill(email);
    await tabPanel(page).getByLabel("Password", { exact: true }).fill("journey-pass-1");
    const passwordInput = tabPanel(page).getByLabel("Password", { exact: true });
    await tabPanel(page).getByRole("button", { name: "Show password" }).click();
    expect(await passwordInput.getAttribute("type")).toBe("text");
    await tabPanel(page).getByRole("button", { name: "Hide password" }).click();
    expect(await passwordInput.getAttribute("type")).toBe("password");

    // Under 13 is refused (the input's max would stop a date picker; typing can still get there).
    await dateOfBirth.evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
    await dateOfBirth.fill("2020-06-01");
    await tabPanel(page).getByRole("button", { name: "Sign Up" }).click();
    await toast(page, "Age requirement not met").waitFor();

    await dateOfBirth.fill("1994-08-09");
    await tabPanel(page).getByRole("button", { name: "Sign Up" }).click();
    await toast(page, "Account created successfully!").waitFor();

    // Signing in before confirming is refused with the spec's message.
    await signInWithPassword(page, email, "journey-pass-1");
    await toast(page, "Email not confirmed").waitFor();

    // The confirmation mail arrives over real SMTP; its link signs the user in and lands on the site.
    const confirmation = await waitForMail(email, (mail) => mail.subject === "Confirm your Eventora account");
    expect(confirmation.html).toContain("Confirm my e-mail");
    await page.goto(linkTo(confirmation, "/api/auth/verify-email"));
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("status").filter({ hasText: "Email confirmed." }).waitFor();
    await waitForHydration(page);
    for (const name of ["Dashboard", "My Tickets", "Check-In"]) {
      await header(page).getByRole("link", { name, exact: true }).waitFor();
    }

    await header(page).getByRole("button", { name: "Sign Out" }).click();
    await toast(page, "Signed out successfully").waitFor();
    await header(page).getByRole("link", { name: "Sign In" }).waitFor();
    expect(await header(page).getByRole("link", { name: "Dashboard" }).count()).toBe(0);

    await openAuth(page, "/auth?redirect=%2Fprofile%2Fedit");
    // Nobody asked to remember the e-mail typed before, so the browser kept none (issue 34).
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.toLowerCase().includes("email")))).toEqual([]);
    await signInWithPassword(page, email, "journey-pass-1", { rememberEmail: true });
    await toast(page, "Welcome back!").waitFor();
    await page.waitForURL((url) => url.pathname === "/profile/edit");
    await waitForHydration(page);
    await expectAccessible(page);

    const form = page.getByRole("main");
    await form.getByLabel("Username").fill("not valid!");
    await form.getByRole("button", { name: "Save Profile" }).click();
    await toast(page, "Invalid Username").waitFor();

    await form.getByLabel("Username").fill("northern_sounds");
    await form.getByRole("button", { name: "Save Profile" }).click();
    await toast(page, "Username Taken").waitFor();

    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Display name").fill("Journey Tester");
    await form.getByLabel("Bio").fill("Here for the gigs.");
    await form.getByLabel("Location").fill("Sheffield");
    await form.getByRole("button", { name: "Save Profile" }).click();
    await toast(page, "Profile Updated").waitFor();
    await page.waitForURL((url) => url.pathname === `/profile/${username}`);
    await page.getByRole("heading", { level: 1, name: "Journey Tester" }).waitFor();
    await page.getByText("Here for the gigs.").waitFor();

    // After signing out, the e-mail of the last sign-in is offered again, because its owner asked (issue 34).
    await header(page).getByRole("button", { name: "Sign Out" }).click();
    await toast(page, "Signed out successfully").waitFor();
    await openAuth(page);
    await expect.poll(() => tabPanel(page).getByLabel("Email").inputValue()).toBe(email);
    expectNoErrors(tracked, REFUSED_REQUESTS);
    await tracked.context.close();
  });

  it("signs in with a code sent by e-mail", async () => {
    const account = await createConfirmedAccount("otp");
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await openAuth(page);
    await page.getByRole("tab", { name: "OTP" }).click();
    await tabPanel(page).getByRole("button", { name: "Send Email OTP" }).click();
    await toast(page, "Contact required").waitFor();
    await emailBox(page).fill(account.email);
    await tabPanel(page).getByRole("button", { name: "Send Email OTP" }).click();
    await toast(page, "OTP sent!").waitFor();
    await expectAccessible(page);

    const code = codeFrom(await waitForMail(account.email, (mail) => mail.subject.endsWith("sign-in code")));
    const codeInput = tabPanel(page).getByLabel("Verification code");
    const verify = tabPanel(page).getByRole("button", { name: "Verify & Sign In" });
    await codeInput.fill(code.slice(0, 5));
    expect(await verify.isDisabled()).toBe(true);

    // 'Back to OTP options' clears the code and the target.
    await tabPanel(page).getByRole("button", { name: "Back to OTP options" }).click();
    expect(await emailBox(page).inputValue()).toBe("");
    await emailBox(page).fill(account.email);
    await tabPanel(page).getByRole("button", { name: "Send Email OTP" }).click();
    const secondCode = codeFrom(await waitForMail(account.email, (mail) => mail.subject.endsWith("sign-in code") && codeFrom(mail) !== code));
    expect(await tabPanel(page).getByLabel("Verification code").inputValue()).toBe("");
    await tabPanel(page).getByLabel("Verification code").fill(secondCode);
    expect(await tabPanel(page).getByRole("button", { name: "Verify & Sign In" }).isDisabled()).toBe(false);
    await tabPanel(page).getByRole("button", { name: "Verify & Sign In" }).click();
    await toast(page, "Welcome!").waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    expectNoErrors(tracked, REFUSED_REQUESTS);
    await tracked.context.close();
  });

  it("resets a forgotten password through the e-mailed link", async () => {
    const account = await createConfirmedAccount("reset");
    const tracked = await openPage(browser);
    const { page } = tracked;
    await openAuth(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect.poll(() => page.getByRole("tab", { name: "Reset" }).getAttribute("aria-selected")).toBe("true");
    await tabPanel(page).getByLabel("Email").fill(account.email);
    await tabPanel(page).getByRole("button", { name: /reset/i }).click();
    await toast(page, "Password reset email sent").waitFor();

    const mail = await waitForMail(account.email, (m) => m.subject === "Reset your Eventora password");
    await page.goto(linkTo(mail, "/api/auth/reset-password/"));
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("type") === "recovery");
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Reset Your Password" }).waitFor();
    await page.getByText("Ready to reset password").waitFor();
    await expectAccessible(page);

    await page.getByLabel("New password").fill("brand-new-pass");
    await page.getByLabel("Confirm password").fill("brand-new-typo");
    await page.getByRole("button", { name: "Update Password" }).click();
    await toast(page, "Passwords don't match").waitFor();
    await page.getByLabel("Confirm password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Update Password" }).click();
    await toast(page, "Password updated successfully!").waitFor();
    await page.waitForURL((url) => url.pathname === "/");

    await openAuth(page);
    await signInWithPassword(page, account.email, account.password);
    await toast(page, "Invalid login credentials").waitFor();
    await signInWithPassword(page, account.email, "brand-new-pass");
    await toast(page, "Welcome back!").waitFor();
    expectNoErrors(tracked, REFUSED_REQUESTS);
    await tracked.context.close();
  });

  it("stops repeated wrong passwords with 'Too many attempts'", async () => {
    const account = await createConfirmedAccount("locked");
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await openAuth(page);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signInWithPassword(page, account.email, `wrong-guess-${attempt}`);
      const refused = toast(page, "Invalid login credentials");
      await refused.waitFor();
      await refused.getByRole("button", { name: "Close toast" }).click();
      await refused.waitFor({ state: "detached" });
    }
    await signInWithPassword(page, account.email, account.password);
    await toast(page, "Too many attempts").waitFor();
    expect(page.url()).toContain("/auth");
    expectNoErrors(tracked, REFUSED_REQUESTS);
    await tracked.context.close();
  });

  it("shows 'Authentication Error' for an error in the URL and cleans the URL", async () => {
    const tracked = await openPage(browser);
    const { page } = tracked;
    await openAuth(page, "/auth?error=INVALID_TOKEN");
    await toast(page, "Authentication Error").waitFor();
    await page.waitForURL((url) => !url.searchParams.has("error"));
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

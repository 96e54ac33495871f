import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { BRAND, classifySignInFailure, latestAllowedDateOfBirth } from "../../../domain";
import { createTestApp, setUpTestApp } from "../../../../test/app";
import { AuthClient, TEST_PASSWORD, codeIn, newClient, latestMessage, linkIn, mailboxCount } from "../../../../test/auth-client";
import { createAccount } from "../../../../test/fixtures";
import { startSmtpReceiver } from "../../../../test/smtp-receiver";
import { startTwilioStandIn } from "../../../../test/stand-ins/twilio";
import { profiles, sessions, users } from "../../db/schema";
import { listMailbox } from "../dev-mailbox/dev-mailbox.service";

const t = setUpTestApp();
const client = () => newClient(t);
const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signUp(c: AuthClient, email: string, dateOfBirth: string | null = "1990-05-17", password = TEST_PASSWORD) {
  return c.post("/api/auth/sign-up/email", { email, password, name: email.split("@")[0], dateOfBirth, callbackURL: "/auth" });
}

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("sign-up (spec §5 Sign up)", () => {
  it("refuses a missing or under-13 date of birth and creates nothing", async () => {
    const c = client();
    const missing = await signUp(c, uniqueEmail("nodob"), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "DATE_OF_BIRTH_REQUIRED" });

    const email = uniqueEmail("young");
    const tooYoung = await signUp(c, email, "2020-01-01");
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json()).toEqual({ code: "AGE_REQUIREMENT_NOT_MET", message: "You must be at least 13 years old to create an account." });
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailboxCount(t.db, email)).toBe(0);

    const impossible = await signUp(c, uniqueEmail("bad"), "2001-02-30");
    expect(impossible.json()).toMatchObject({ code: "INVALID_DATE_OF_BIRTH" });
  });

  it("accepts someone who turned 13 today", async () => {
    const response = await signUp(client(), uniqueEmail("thirteen"), latestAllowedDateOfBirth());
    expect(response.statusCode).toBe(200);
  });

  it("refuses a password shorter than 6 characters", async () => {
    const response = await signUp(client(), uniqueEmail("short"), "1990-01-01", "12345");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("PASSWORD_TOO_SHORT");
  });

  it("stores the date of birth with the account, e-mails a confirmation, and refuses sign-in until confirmed", async () => {
    const c = client();
    const email = uniqueEmail("new");
    const response = await signUp(c, email, "1990-05-17");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: null, user: { email, emailVerified: false } });
    expect(c.signedIn).toBe(false);

    const user = await userByEmail(email);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile!.dateOfBirth).toBe("1990-05-17");

    const mail = await latestMessage(t.db, email);
    expect(mail.subject).toBe("Confirm your Eventora account");
    expect(mail.html).toContain("Confirm my e-mail");
    expect(mail.text).toContain("/api/auth/verify-email?token=");

    const early = await c.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(classifySignInFailure({ status: early.statusCode, ...early.json() })).toBe("email-not-confirmed");

    // A wrong password never reveals that the account exists but is unconfirmed.
    const wrong = await c.post("/api/auth/sign-in/email", { email, password: "not-the-password" });
    expect(wrong.statusCode).toBe(401);
    expect(classifySignInFailure({ status: wrong.statusCode, ...wrong.json() })).toBe("invalid-credentials");
  });

  it("signs the user in from the confirmation link and sends them to /auth, flagged to say 'Email confirmed' (issue 17)", async () => {
    const c = client();
    const email = uniqueEmail("confirm");
    await signUp(c, email);
    const confirm = await c.followLink(linkIn(await latestMessage(t.db, email), "/api/auth/verify-email"));
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe("/auth?confirmed=email");
    expect(c.signedIn).toBe(true);

    const me = await c.get("/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email, emailConfirmed: true, isAdmin: false });
    expect((await userByEmail(email))!.lastSignInAt).toBeInstanceOf(Date);

    const signIn = await client().post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it("answers a sign-up for a registered e-mail exactly like a new one, and tells the owner by e-mail", async () => {
    const owner = await createAccount(t.db, { password: TEST_PASSWORD });
    const response = await signUp(client(), owner.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: null, user: { email: owner.email, emailVerified: false } });
    expect(await t.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    const mail = await latestMessage(t.db, owner.email);
    expect(mail.subject).toBe("You already have a Eventora account");
  });
});

describe("password sign-in (spec §8 Sign in)", () => {
  it("gives the same 'invalid' answer for a wrong password and an unknown e-mail", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD });
    const wrong = await client().post("/api/auth/sign-in/email", { email: account.email, password: "wrong-password" });
    const unknown = await client().post("/api/auth/sign-in/email", { email: uniqueEmail("nobody"), password: "wrong-password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(classifySignInFailure({ status: 401, ...wrong.json() })).toBe("invalid-credentials");
  });

  it("signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD });
    const c = client();
    const response = await c.post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name.endsWith("session_token"))!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.secure).toBeFalsy();
    expect((await c.get("/api/me")).json().user.email).toBe(account.email);
  });

  it("locks an account after 5 wrong passwords, from any address, with 'Too many requests'", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD });
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await new AuthClient(t.app, t.config.publicUrl, `192.0.2.${attempt + 1}`).post("/api/auth/sign-in/email", {
        email: account.email,
        password: `wrong-${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await client().post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
    expect(classifySignInFailure({ status: 429, ...locked.json() })).toBe("too-many-attempts");
    expect(locked.json().message.toLowerCase()).toContain("too many requests");

    // Someone else signing in from the same address is not affected.
    const other = await createAccount(t.db, { password: TEST_PASSWORD });
    expect((await client().post("/api/auth/sign-in/email", { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it("limits sign-ups per address", async () => {
    const c = client();
    for (let attempt = 0; attempt < 10; attempt++) expect((await signUp(c, uniqueEmail(`flood${attempt}`))).statusCode).toBe(200);
    const refused = await signUp(c, uniqueEmail("flood-last"));
    expect(refused.statusCode).toBe(429);
  });

  it("refuses an oversized request before reading it", async () => {
    const response = await client().post("/api/auth/sign-in/email", { email: "a@example.com", password: "x".repeat(20_000) });
    expect(response.statusCode).toBe(413);
  });

  it("refuses a sign-in posted from another site", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD });
    const c = client();
    await c.post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD });
    const forged = await c.request("POST", "/api/auth/sign-out", {}, { origin: "https://evil.example" });
    expect(forged.statusCode).toBe(403);
    expect((await c.get("/api/me")).statusCode).toBe(200);
  });
});

describe("one-time codes (spec §5 OTP)", () => {
  it("signs in an existing account with a 6-digit e-mail code", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD });
    const c = client();
    const send = await c.post("/api/auth/email-otp/send-verification-otp", { email: account.email, type: "sign-in" });
    expect(send.statusCode).toBe(200);
    const mail = await latestMessage(t.db, account.email);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`${code} is your Eventora sign-in code`);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await c.post("/api/auth/sign-in/email-otp", { email: account.email, otp: wrongCode });
    expect(wrong.statusCode).toBe(400);
    const right = await c.post("/api/auth/sign-in/email-otp", { email: account.email, otp: code });
    expect(right.statusCode).toBe(200);
    expect((await c.get("/api/me")).json().user.email).toBe(account.email);
  });

  it("never creates a user by e-mail code, and answers an unknown e-mail the same way", async () => {
    const email = uniqueEmail("stranger");
    const c = client();
    const send = await c.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toEqual({ success: true });
    expect(await mailboxCount(t.db, email)).toBe(0);
    const verify = await c.post("/api/auth/sign-in/email-otp", { email, otp: "123456" });
    expect(verify.statusCode).toBe(400);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("sends SMS codes through the outbox by default and signs in the phone's owner", async () => {
    const phone = "+447700900555";
    await createAccount(t.db, { password: TEST_PASSWORD, phoneNumber: phone });
    const c = client();
    expect((await c.post("/api/auth/phone-number/send-otp", { phoneNumber: phone })).statusCode).toBe(200);
    const sms = (await listMailbox({ db: t.db, to: phone }))[0]!;
    expect(sms.channel).toBe("sms");
    const verify = await c.post("/api/auth/phone-number/verify", { phoneNumber: phone, code: codeIn(sms) });
    expect(verify.statusCode).toBe(200);
    expect(c.signedIn).toBe(true);
  });

  it("sends no SMS to a number without an account and never creates one from it", async () => {
    const phone = "+447700900556";
    const c = client();
    expect((await c.post("/api/auth/phone-number/send-otp", { phoneNumber: phone })).statusCode).toBe(200);
    expect(await listMailbox({ db: t.db, to: phone })).toHaveLength(0);
    const verify = await c.post("/api/auth/phone-number/verify", { phoneNumber: phone, code: "123456" });
    expect(verify.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.phoneNumber, phone))).toHaveLength(0);
  });

  it("refuses a phone number that is not in international form", async () => {
    const response = await client().post("/api/auth/phone-number/send-otp", { phoneNumber: "07700 900555" });
    expect(response.statusCode).toBe(400);
  });
});

describe("password reset (spec §4 Auth)", () => {
  it("e-mails a link that opens the reset form, sets the new password and signs out every device", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD });
    const laptop = client();
    await laptop.post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD });

    const c = client();
    const request = await c.post("/api/auth/request-password-reset", { email: account.email, redirectTo: "/auth?type=recovery" });
    expect(request.statusCode).toBe(200);
    const mail = await latestMessage(t.db, account.email);
    expect(mail.subject).toBe("Reset your Eventora password");
    const opened = await c.followLink(linkIn(mail, "/api/auth/reset-password/"));
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location as string, t.config.publicUrl);
    expect(landing.pathname).toBe("/auth");
    expect(landing.searchParams.get("type")).toBe("recovery");
    const token = landing.searchParams.get("token")!;

    const reset = await c.post("/api/auth/reset-password", { newPassword: "a-brand-new-one", token });
    expect(reset.statusCode).toBe(200);
    expect((await client().post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await client().post("/api/auth/sign-in/email", { email: account.email, password: "a-brand-new-one" })).statusCode).toBe(200);
    expect((await laptop.get("/api/me")).statusCode).toBe(401);

    const again = await c.post("/api/auth/reset-password", { newPassword: "yet-another-one", token });
    expect(again.statusCode).toBe(400);
  });

  it("answers an unknown e-mail the same way and sends nothing", async () => {
    const email = uniqueEmail("unknown-reset");
    const response = await client().post("/api/auth/request-password-reset", { email, redirectTo: "/auth?type=recovery" });
    expect(response.statusCode).toBe(200);
    expect(await mailboxCount(t.db, email)).toBe(0);
  });

  it("sends a broken or expired link back to /auth with an error for the page to show", async () => {
    const response = await client().followLink(`${t.config.publicUrl}/api/auth/reset-password/not-a-token?callbackURL=%2Fauth%3Ftype%3Drecovery`);
    expect(response.statusCode).toBe(302);
    const landing = new URL(response.headers.location as string, t.config.publicUrl);
    expect(landing.pathname).toBe("/auth");
    expect(landing.searchParams.get("error")).toBe("INVALID_TOKEN");
  });
});

describe("sign-out (spec §4 Auth: global scope)", () => {
  it("ends the user's sessions on every device", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD });
    const phone = client();
    const laptop = client();
    await phone.post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD });
    await laptop.post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD });
    const out = await laptop.post("/api/auth/sign-out", {});
    expect(out.statusCode).toBe(200);
    expect(laptop.signedIn).toBe(false);
    expect((await phone.get("/api/me")).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(0);
  });
});

describe("e-mail delivery over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let smtpApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    smtp = await startSmtpReceiver();
    smtpApp = await createTestApp({
      SMTP_URL: smtp.smtpUrl,
      EMAIL_FROM: "Eventora <tickets@eventora.test>",
      COMPANY_NAME: "Ticket Co Ltd",
      COMPANY_NUMBER: "SC123456",
      COMPANY_ADDRESS: "1 High Street, Edinburgh EH1 1AA",
    });
    return async () => {
      await smtpApp.close();
      await smtp.stop();
    };
  });

  it("sends the confirmation as HTML with a plain-text part from EMAIL_FROM, its footer naming the configured company (issue 34)", async () => {
    const c = new AuthClient(smtpApp.app, smtpApp.config.publicUrl);
    const email = uniqueEmail("smtp");
    expect((await signUp(c, email)).statusCode).toBe(200);
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe("tickets@eventora.test");
    expect(mail.subject).toBe("Confirm your Eventora account");
    expect(mail.html).toContain("<h1");
    expect(mail.text).toContain("Confirm my e-mail: http://localhost:3000/api/auth/verify-email?token=");
    expect(await listMailbox({ db: smtpApp.db })).toHaveLength(0);
    expect(mail.text.trimEnd().split("\n").at(-1)).toBe("Ticket Co Ltd, 1 High Street, Edinburgh EH1 1AA");
    expect(mail.html).toContain("Ticket Co Ltd, 1 High Street, Edinburgh EH1 1AA</p>");
    expect(mail.html).not.toContain(BRAND.companyName);
  });
});

describe("SMS through Twilio's REST API", () => {
  it("posts the code to the configured API with the account's credentials", async () => {
    // Twilio's Messages API, strict about every parameter (test/stand-ins/twilio.ts).
    const twilio = await startTwilioStandIn({ accountSid: "AC0123", authToken: "secret-token" });
    const smsApp = await createTestApp({
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: "AC0123",
      TWILIO_AUTH_TOKEN: "secret-token",
      TWILIO_FROM: "+447700900000",
      TWILIO_API_URL: twilio.url,
    });
    try {
      const phone = "+447700900777";
      await createAccount(smsApp.db, { password: TEST_PASSWORD, phoneNumber: phone });
      const c = new AuthClient(smsApp.app, smsApp.config.publicUrl);
      expect((await c.post("/api/auth/phone-number/send-otp", { phoneNumber: phone })).statusCode).toBe(200);
      expect(twilio.requests).toHaveLength(1);
      expect(twilio.requests[0]!.path).toBe("/2010-04-01/Accounts/AC0123/Messages.json");
      expect(twilio.messages).toEqual([{ to: phone, from: "+447700900000", body: expect.any(String) }]);
      const code = /\d{6}/.exec(twilio.messages[0]!.body)![0];
      expect((await c.post("/api/auth/phone-number/verify", { phoneNumber: phone, code })).statusCode).toBe(200);
    } finally {
      await smsApp.close();
      await twilio.close();
    }
  });
});

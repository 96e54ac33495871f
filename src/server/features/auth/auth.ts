// The minimal build leaves out Kysely (we use the Drizzle adapter): it halves better-auth's import time.
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { emailOTP } from "better-auth/plugins/email-otp";
import { phoneNumber } from "better-auth/plugins/phone-number";
import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import { dateOfBirthProblem, EMAIL_CONFIRMATION_CALLBACK, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, OTP_LENGTH } from "../../../domain";
import type { Config } from "../../config";
import { isDatabaseUnavailable, type Db } from "../../db/client";
import { accounts, profiles, sessions, users, verifications } from "../../db/schema";
import { hitRateLimit, isRateLimited } from "../../lib/rate-limiter";
import type { EmailSender } from "../../providers/email/email";
import type { SmsSender } from "../../providers/sms/sms";
import { confirmEmailMessage, existingAccountMessage, resetPasswordMessage, signInCodeMessage, signInCodeSms } from "./auth-emails";
import { AUTH_LIMITS, TOO_MANY_REQUESTS_MESSAGE } from "./auth-limits";
import { resolveAuthSecret } from "./auth-secret";

export interface AuthDeps {
  db: Db;
  config: Config;
  email: EmailSender;
  sms: SmsSender | null;
  /** Forgets the account's cached sessions on every node (session-cache.ts): called wherever a session ends or the account's standing changes. */
  accountChanged: (userId: string) => Promise<void>;
}

const E164 = /^\+[1-9]\d{7,14}$/;

const DATE_OF_BIRTH_ERRORS = {
  missing: { code: "DATE_OF_BIRTH_REQUIRED", message: "Please enter your date of birth." },
  invalid: { code: "INVALID_DATE_OF_BIRTH", message: "Please enter a real date of birth." },
  "too-young": { code: "AGE_REQUIREMENT_NOT_MET", message: "You must be at least 13 years old to create an account." },
} as const;

function tooManyRequests(retryAfterSeconds: number): APIError {
  return new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: TOO_MANY_REQUESTS_MESSAGE }, {
    "retry-after": String(retryAfterSeconds),
  });
}

function accountKey(body: unknown, field: "email" | "phoneNumber"): string | null {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" && value.trim() ? value.trim().toLowerCase() : null;
}

function clientIp(request: Request | undefined): string {
  return request?.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/** better-auth on the project's database (ARCHITECTURE Auth): e-mail + password, e-mail and SMS codes. */
/**
 * Per auth request: whether better-auth met a lost database while handling it. better-auth answers
 * any internal error with a bare 500, so the route asks this to turn an outage into a 503.
 */
export const authRequestState = new AsyncLocalStorage<{ databaseAway: boolean }>();

export function createAuth({ db, config, email, sms, accountChanged }: AuthDeps) {
  const signInUrl = `${config.publicUrl}/auth`;

  return betterAuth({
    appName: "Eventora",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: resolveAuthSecret(config),
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    logger: { disabled: config.LOG_LEVEL === "silent", level: "error" },
    onAPIError: {
      onError(error) {
        if (isDatabaseUnavailable(error)) {
          const state = authRequestState.getStore();
          if (state) state.databaseAway = true;
          return;
        }
        // A refusal (4xx: a wrong password, a missing field) is the person's answer, not a server fault.
        if (error instanceof APIError && error.statusCode < 500) return;
        if (config.LOG_LEVEL !== "silent") console.error("[Better Auth] request failed", error);
      },
    },
    // Our own limits below are kept in PostgreSQL and key on accounts as well as addresses.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      // better-auth skips its origin check when NODE_ENV=test; ours must hold in tests too.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await email.send(resetPasswordMessage({ to: user.email, url, company: config.company }));
      },
      // The sign-up answer is the same for a known e-mail; its owner hears about it by e-mail instead.
      onExistingUserSignUp: async ({ user }) => {
        await email.send(existingAccountMessage({ to: user.email, signInUrl, company: config.company }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await email.send(confirmEmailMessage({ to: user.email, url: confirmationLink(url), company: config.company }));
      },
    },
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: 10 * 60,
        allowedAttempts: 3,
        // spec §5 OTP: e-mail sign-in by code never creates a user (unknown addresses get no mail, same answer).
        disableSignUp: true,
        sendVerificationOTP: async ({ email: to, otp, type }) => {
          if (type === "sign-in") await email.send(signInCodeMessage({ to, code: otp, company: config.company }));
        },
      }),
      phoneNumber({
        otpLength: OTP_LENGTH,
        expiresIn: 10 * 60,
        allowedAttempts: 3,
        phoneNumberValidator: (value) => E164.test(value),
        sendOTP: async ({ phoneNumber: to, code }) => {
          if (!sms) throw new APIError("SERVICE_UNAVAILABLE", { code: "SMS_UNAVAILABLE", message: "Sign-in codes by SMS are not available on this site." });
          // Codes go only to numbers that belong to an account; the answer is the same either way.
          const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, to)).limit(1);
          if (owner) await sms.send({ to, body: signInCodeSms(code) });
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            const body = context?.path === "/sign-up/email" ? (context.body as { dateOfBirth?: string }) : undefined;
            await db
              .insert(profiles)
              .values({ userId: user.id, dateOfBirth: body?.dateOfBirth ?? null })
              .onConflictDoNothing();
          },
        },
        // A changed e-mail or its confirmation changes the admin standing; a deleted account has no sessions.
        update: { after: (user) => accountChanged(user.id) },
        delete: { after: (user) => accountChanged(user.id) },
      },
      session: {
        create: {
          // An erased account (decision 035) never signs in again, whatever way in is left.
          before: async (session) => {
            const [user] = await db.select({ banned: users.banned }).from(users).where(eq(users.id, session.userId));
            if (user?.banned) throw new APIError("FORBIDDEN", { code: "ACCOUNT_DELETED", message: "This account has been deleted." });
          },
          after: async (session) => {
            await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, session.userId));
          },
        },
        // Every session better-auth ends: revoke-session(s), a password reset or change that revokes the others.
        delete: { after: (session) => accountChanged(session.userId) },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const limits = AUTH_LIMITS[ctx.path];
        if (limits) {
          const ip = await hitRateLimit(db, `auth:${ctx.path}:ip:${clientIp(ctx.request)}`, limits.perIp);
          if (!ip.allowed) throw tooManyRequests(ip.retryAfterSeconds);
          const account = limits.perAccount && accountKey(ctx.body, limits.perAccount.body);
          if (limits.perAccount && account) {
            const key = `auth:${ctx.path}:account:${account}`;
            const state = limits.perAccount.failuresOnly
              ? await isRateLimited(db, key, limits.perAccount)
              : await hitRateLimit(db, key, limits.perAccount);
            if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds);
          }
        }

        if (ctx.path === "/sign-up/email") {
          const problem = dateOfBirthProblem((ctx.body as { dateOfBirth?: unknown } | undefined)?.dateOfBirth);
          if (problem) throw new APIError("BAD_REQUEST", DATE_OF_BIRTH_ERRORS[problem]);
        }

        if (ctx.path === "/update-user") {
          // better-auth lets a null name through to the database's not-null column (a 500).
          const name = (ctx.body as { name?: unknown } | undefined)?.name;
          if (name !== undefined && (typeof name !== "string" || !name.trim())) {
            throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: "Invalid body field 'name': please enter your name." });
          }
        }

        if (ctx.path === "/phone-number/verify" && !(ctx.body as { updatePhoneNumber?: boolean })?.updatePhoneNumber) {
          // SMS codes sign in existing accounts only; never create one from a phone number.
          const to = (ctx.body as { phoneNumber?: unknown })?.phoneNumber;
          if (typeof to !== "string" || !E164.test(to)) throw new APIError("BAD_REQUEST", { code: "INVALID_PHONE_NUMBER", message: "Invalid phone number" });
          const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, to)).limit(1);
          if (!owner) throw new APIError("BAD_REQUEST", { code: "INVALID_OTP", message: "Invalid OTP" });
        }

        if (ctx.path === "/sign-out") {
          // spec §7 Auth: sign out with global scope, every device at once.
          const session = await getSessionFromCtx(ctx).catch(() => null);
          if (session) {
            await db.delete(sessions).where(eq(sessions.userId, session.user.id));
            await accountChanged(session.user.id);
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const perAccount = AUTH_LIMITS[ctx.path]?.perAccount;
        if (!perAccount?.failuresOnly || !(ctx.context.returned instanceof APIError)) return;
        const account = accountKey(ctx.body, perAccount.body);
        if (account) await hitRateLimit(db, `auth:${ctx.path}:account:${account}`, perAccount);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Every confirmation link ends on the same page, whichever request sent it (a sign-up, or a sign-in
 * refused for an unconfirmed address, which names no callback): /auth, which greets the newly signed-in
 * user with 'Email confirmed' on the home page.
 */
function confirmationLink(url: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", EMAIL_CONFIRMATION_CALLBACK);
  return link.toString();
}

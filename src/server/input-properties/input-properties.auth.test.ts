import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createTestApp } from "../../../test/app";
import { TEST_PASSWORD, type AuthClient } from "../../../test/auth-client";
import { expectHandled, hostileCookie, hostileJsonBody, hostilePathSegment, hostileQuery, nastyString, nextIp, type Outcome, type RawBody } from "../../../test/hostile-input";
import { signInAs } from "../../../test/organiser";

/**
 * better-auth's endpoints under /api/auth/*, attacked like the rest of the API (input-properties.test.ts):
 * hostile e-mails, passwords, names, codes and tokens get a 4xx, never a 5xx, and a refused sign-up
 * stores no user. better-auth answers errors as `{ code, message }`, the shape its browser client reads.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let member: AuthClient;
let memberEmail: string;
/** Signs out (of every device) over and over, so the member's session lives on. */
let leaver: AuthClient;

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  const signedIn = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  member = signedIn.client;
  memberEmail = signedIn.account.email;
  leaver = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).client;
});
afterAll(async () => t?.close());

const OUTCOME: Outcome = { ok: [200], errorShape: "better-auth" };

/** A valid e-mail address, unique per draw, so a good sign-up is not refused as a repeat. */
const freshEmail = fc.uuid().map((id) => `p-${id.slice(0, 13)}@example.test`);

/** E-mail addresses that are wrong in every way: hostile text, look-alikes, overlong, wrong types. */
const hostileEmail = fc.oneof(
  nastyString,
  fc.constantFrom("a@b", "@example.test", "user@", "user@@example.test", "user@exa mple.test", "user@example.test\u0000", "USER@EXAMPLE.TEST ", `${"a".repeat(250)}@example.test`, "ü@例え.テスト", "user+tag@example.test"),
);

function body(valid: Record<string, unknown>, overrides: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<RawBody> {
  return fc.record(Object.fromEntries(Object.entries(overrides).map(([key, arbitrary]) => [key, arbitrary]))).chain((drawn) => hostileJsonBody({ ...valid, ...drawn }));
}

interface AuthEndpoint {
  path: string;
  method?: "GET" | "POST";
  signedIn?: () => AuthClient;
  request: () => fc.Arbitrary<{ query?: string; body?: RawBody }>;
  outcome?: Outcome;
}

const ENDPOINTS: AuthEndpoint[] = [
  {
    path: "/sign-up/email",
    request: () => body({ name: "Prop Tester", password: TEST_PASSWORD, dateOfBirth: "1990-04-01" }, { email: fc.oneof(freshEmail, hostileEmail) }).map((b) => ({ body: b })),
  },
  {
    path: "/sign-in/email",
    request: () => body({ password: TEST_PASSWORD }, { email: fc.oneof(fc.constant(memberEmail), hostileEmail) }).map((b) => ({ body: b })),
    // The sign-up property may have made an unconfirmed account of a hostile address that is valid
    // ("user+tag@example.test"): signing in to it is refused and sends a new confirmation e-mail.
    outcome: { ...OUTCOME, refusalWrites: { EMAIL_NOT_VERIFIED: ["outbox_messages"] } },
  },
  { path: "/sign-out", signedIn: () => leaver, request: () => hostileJsonBody({}).map((b) => ({ body: b })) },
  { path: "/request-password-reset", request: () => body({ redirectTo: "/reset-password" }, { email: fc.oneof(freshEmail, hostileEmail) }).map((b) => ({ body: b })) },
  { path: "/reset-password", request: () => hostileJsonBody({ newPassword: "another-horse-8", token: "not-a-token" }).map((b) => ({ body: b })) },
  { path: "/email-otp/send-verification-otp", request: () => body({ type: "sign-in" }, { email: fc.oneof(freshEmail, hostileEmail) }).map((b) => ({ body: b })) },
  { path: "/sign-in/email-otp", request: () => body({ otp: "123456" }, { email: fc.oneof(freshEmail, hostileEmail) }).map((b) => ({ body: b })) },
  { path: "/phone-number/send-otp", request: () => hostileJsonBody({ phoneNumber: "+447700900123" }).map((b) => ({ body: b })) },
  { path: "/phone-number/verify", request: () => hostileJsonBody({ phoneNumber: "+447700900123", code: "123456" }).map((b) => ({ body: b })) },
  { path: "/sign-in/phone-number", request: () => hostileJsonBody({ phoneNumber: "+447700900123", password: TEST_PASSWORD }).map((b) => ({ body: b })) },
  { path: "/send-verification-email", request: () => body({ callbackURL: "/" }, { email: fc.oneof(freshEmail, hostileEmail) }).map((b) => ({ body: b })) },
  { path: "/verify-email", method: "GET", request: () => hostileQuery(["token", "callbackURL"]).map((query) => ({ query })), outcome: { ...OUTCOME, ok: [200, 302] } },
  { path: "/get-session", method: "GET", request: () => hostileQuery(["disableCookieCache"]).map((query) => ({ query })) },
  { path: "/update-user", signedIn: () => member, request: () => hostileJsonBody({ name: "Renamed", image: null }).map((b) => ({ body: b })) },
  { path: "/change-password", signedIn: () => member, request: () => hostileJsonBody({ currentPassword: "wrong-password-1", newPassword: "another-horse-8", revokeOtherSessions: false }).map((b) => ({ body: b })) },
];

function toInjection(endpoint: AuthEndpoint, request: { query?: string; body?: RawBody }, cookie: string | null): InjectOptions {
  const headers: Record<string, string> = { origin: t.config.publicUrl, "x-forwarded-for": nextIp() };
  if (cookie) headers.cookie = cookie;
  if (request.body?.contentType) headers["content-type"] = request.body.contentType;
  return { method: endpoint.method ?? "POST", url: `/api/auth${endpoint.path}${request.query ?? ""}`, headers, payload: request.body?.payload };
}

describe("better-auth's endpoints survive hostile input", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method ?? "POST"} /api/auth${endpoint.path}`, async () => {
      const cookie = endpoint.signedIn ? fc.oneof(fc.constant(endpoint.signedIn().cookieHeader), hostileCookie) : fc.option(hostileCookie);
      await fc.assert(
        fc.asyncProperty(endpoint.request(), cookie, async (request, sent) => {
          await expectHandled(t.app, t.db, toInjection(endpoint, request, sent), endpoint.outcome ?? OUTCOME);
        }),
        { numRuns: 25 },
      );
    });
  }

  it("unknown and hostile paths under /api/auth", async () => {
    await fc.assert(
      fc.asyncProperty(hostilePathSegment, fc.constantFrom<"GET" | "POST">("GET", "POST"), async (segment, method) => {
        await expectHandled(t.app, t.db, { method, url: `/api/auth/${segment}`, headers: { origin: t.config.publicUrl, "x-forwarded-for": nextIp() } }, { ok: [], errorShape: "either" });
      }),
      { numRuns: 25 },
    );
  });
});

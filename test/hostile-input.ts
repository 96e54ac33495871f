import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import fc from "fast-check";
import { sql, type SQL } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../src/server/db/client";

/**
 * Property-test building blocks for the API's input handling: hostile values, request shapes that go
 * wrong in every way a client (or an attacker) can get them wrong, and the checks every refusal must
 * pass (a 4xx in the API's error shape, and nothing stored).
 */

/** Strings that have broken web apps before: injections, encodings PostgreSQL refuses, look-alikes. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "' or 1=1 --",
  "'; drop table events; --",
  "\"; drop table \"user\"; --",
  "1; select pg_sleep(5)",
  "%' or '%'='",
  "<script>alert(1)</script>",
  "\"><img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "\u0000",
  "a\u0000b",
  "%00",
  "\uD800",
  "x\uDFFFy",
  "🎟️🎉👩‍👩‍👧‍👦",
  "\u202Egnp.exe",
  "مرحبا بالعالم",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "\uFEFF\u200B",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "1e309",
  "0x1F",
  "9999999999999999999999999",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "${7*7}{{7*7}}",
  "a".repeat(300),
  "x".repeat(70_000),
  "ö".repeat(5_000),
  "TCKT-2090-'OR'1",
  "cs_test_' or 1=1 --",
  "00000000-0000-0000-0000-000000000000",
  "00000000-0000-0000-0000-00000000000G",
  "user@example.test\u0000",
  "a@b",
  "@example.test",
  "user@exa mple.test",
  "\"quoted\"@example.test",
  "2090-13-45T99:99:99Z",
  "2090-06-01T18:00:00",
  "+99999-01-01T00:00:00Z",
] as const;

/** The ones most likely to get past validation and hurt further in: drawn more often. */
const WORST_STRINGS = ["a\u0000b", "\u0000", "x\uD800y", "' or 1=1 --", "<script>alert(1)</script>", "x".repeat(70_000), "🎟️\u202E"];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORST_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  // A real identifier's prefix gets a value past the first format check, into the lookup behind it.
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("TCKT-", "TCKT-2090-", "cs_test_", "cs_", "00000000-0000-4000-8000-", "https://", "/media/"), fc.constantFrom(...WORST_STRINGS)).map(([prefix, rest]) => prefix + rest) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("\u0000", "'", "\"", "<", "\\", "%", "\uD83D", "é", "a"), maxLength: 30 }) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 1e21),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of the wrong kind: strings, numbers out of range, booleans, null, arrays, objects. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom({}, { $gt: "" }, { __proto__: { admin: true } }, { toString: "x" }, [[[]]]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A valid body with one thing wrong: a field replaced by a hostile value, dropped, or an extra one added. */
export function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  if (!keys.length) return fc.dictionary(fc.constantFrom("__proto__", "constructor", "extra", "userId"), nastyValue, { maxKeys: 2 });
  const replaced = fc.tuple(fc.constantFrom(...keys), nastyValue).map(([key, value]) => ({ ...valid, [key]: value }));
  const dropped = fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key)));
  const extra = fc.tuple(fc.constantFrom("__proto__", "constructor", "isAdmin", "role", "userId", "id", "status", "extra"), nastyValue).map(([key, value]) =>
    JSON.parse(JSON.stringify({ ...valid }).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"},`)),
  );
  const everyField = fc.record(Object.fromEntries(keys.map((key) => [key, fc.oneof(fc.constant(valid[key]), nastyValue)])), { requiredKeys: [] });
  return fc.oneof({ weight: 3, arbitrary: replaced }, { weight: 1, arbitrary: dropped }, { weight: 1, arbitrary: extra }, { weight: 2, arbitrary: everyField });
}

/** A raw request body: JSON of a value, or text that is not JSON at all, with a content type to match or not. */
export interface RawBody {
  payload: string | Buffer;
  contentType: string | undefined;
}

const MALFORMED_JSON = ['{"a":', "{'single':'quotes'}", '{"a":1}}', "[", "nul", "\u0000", '{"a":"\\ud800"}', '{"__proto__":{"x":1}}', "1".repeat(400), '{"a":1,"a":2}', "\uFEFF{}"];

export function jsonBody(value: unknown): RawBody {
  return { payload: JSON.stringify(value) ?? "null", contentType: "application/json" };
}

/** Bodies for a JSON endpoint: mostly JSON that is valid but wrong, also malformed JSON and wrong content types. */
export function hostileJsonBody(valid: Record<string, unknown>): fc.Arbitrary<RawBody> {
  return fc.oneof(
    { weight: 6, arbitrary: mutatedBody(valid).map(jsonBody) },
    { weight: 1, arbitrary: nastyValue.map(jsonBody) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ payload, contentType: "application/json" })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/json; charset=latin1", "image/png", "no/such"), nastyString).map(
        ([contentType, text]) => ({ payload: contentType.startsWith("application/json") ? JSON.stringify(valid) : text, contentType }),
      ),
    },
    { weight: 1, arbitrary: fc.constant({ payload: "", contentType: "application/json" }) },
    { weight: 1, arbitrary: fc.constant({ payload: JSON.stringify(valid), contentType: undefined }) },
  );
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the bytes a careless
 * client would produce (WTF-8), so the server meets it too.
 */
export function encodeAny(value: string): string {
  return value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]|[^\uD800-\uDFFF]+/g, (part) => {
    if (part.length > 1 || part.charCodeAt(0) < 0xd800 || part.charCodeAt(0) > 0xdfff) return encodeURIComponent(part);
    const unit = part.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join("");
  });
}

/** A path segment as a client might send it (URL-encoded, so NUL, '/', '?' and the like reach the route). */
export const hostilePathSegment: fc.Arbitrary<string> = fc
  .oneof(nastyString, fc.constantFrom("..", ".", "%", "%zz", "a/b", "a?b=c", "#x", "%2F", "%00"))
  .filter((value) => value !== "")
  .map((value) => (value.startsWith("%") ? value : encodeAny(value)));

/**
 * A query string: each known parameter absent, valid (when a valid value is given) or hostile, plus
 * strangers; or text that is not URL-encoded properly.
 */
export function hostileQuery(names: string[], valid: Record<string, string> = {}): fc.Arbitrary<string> {
  const hostile = fc.oneof(nastyString, nastyNumber.map(String));
  const value = (name: string) => {
    const good = valid[name];
    return good === undefined ? hostile : fc.oneof(fc.constant(good), hostile);
  };
  const known = fc.record(Object.fromEntries(names.map((name) => [name, value(name)])), { requiredKeys: [] }).map((record) => Object.entries(record));
  const strangers = fc.array(fc.tuple(fc.constantFrom(...names, "extra", "__proto__", "constructor", "q[]", "q[a]"), hostile), { maxLength: 2 });
  const encoded = fc.tuple(known, strangers).map(([pairs, more]) => [...pairs, ...more].map(([name, text]) => `${encodeAny(name)}=${encodeAny(text ?? "")}`).join("&"));
  const raw = fc.constantFrom("%", "%zz", "a=%", "&&&", "=", "q=a&q=b&q=c", "q[]=1&q[]=2", "q[a]=1", "page=1&page=2", "pageSize=1e3", "page=-1", "page=NaN", "q=%00", "q=%C0%AF", "q=%ED%A0%80");
  return fc.oneof({ weight: 4, arbitrary: encoded }, { weight: 1, arbitrary: raw }).map((query) => (query ? `?${query}` : ""));
}

/** Cookie headers a stranger could send: garbage, forged or overlong session tokens. */
export const hostileCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("better-auth.session_token=forged.signature", "better-auth.session_token=", "better-auth.session_token=%00", "a=b; a=c", ";;;", "better-auth.session_token=" + "x".repeat(4000)),
  nastyString.map((value) => `better-auth.session_token=${encodeAny(value)}`),
);

let ipCounter = 0;
/** A fresh client address per request, so the per-address limits never hide a code path. */
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Tables whose rows change on every request or on their own (limits, sessions, one-time tokens). */
const VOLATILE_TABLES = new Set(["rate_limits", "session", "verification"]);

/**
 * A fingerprint per table of the public schema (except the volatile ones): its row count and the newest
 * row version's transaction id, so any insert, update or delete changes it without reading whole rows.
 */
export async function storedRows(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const watched = tables.map((row) => row.tablename).filter((name) => !VOLATILE_TABLES.has(name) && !name.startsWith("__drizzle"));
  const query = watched
    .map((name) => `select '${name}' as name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as fingerprint from "${name}"`)
    .join(" union all ");
  const rows = await rowsOf<{ name: string; fingerprint: string }>(db, sql.raw(query));
  return Object.fromEntries(rows.map((row) => [row.name, row.fingerprint]));
}

async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface Outcome {
  /** Statuses that may answer without being an error, e.g. 200 and 201. */
  ok?: number[];
  /** Error codes allowed with a 5xx status (documented: AI_UNAVAILABLE when no AI service is set up). */
  allowed5xx?: string[];
  /**
   * better-auth answers its own errors as `{ code, message }` rather than `{ error: { code, message } }`;
   * 'either' for paths that may be answered by better-auth or by the API's not-found handler.
   */
  errorShape?: "api" | "better-auth" | "either";
  /**
   * Tables a refusal with this error code is documented to write, e.g. a sign-in refused for an
   * unconfirmed address sends a fresh confirmation e-mail (better-auth's `sendOnSignIn`): every other
   * table must still be as it was.
   */
  refusalWrites?: Record<string, string[]>;
}

function describeRequest(request: InjectOptions): string {
  const payload = request.payload === undefined ? "" : ` body=${String(request.payload).slice(0, 300)}`;
  return `${request.method} ${String(request.url).slice(0, 300)}${payload}`;
}

/**
 * Sends one request and checks the rules every answer obeys: never a 5xx (bar the documented ones),
 * every error a 4xx in the API's JSON error shape, and a refused request leaves every table as it was.
 */
export async function expectHandled(app: FastifyInstance, db: Db, request: InjectOptions, outcome: Outcome = {}): Promise<LightMyRequestResponse> {
  const before = await storedRows(db);
  const response = await app.inject(request);
  const what = `${describeRequest(request)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  const status = response.statusCode;
  if (status >= 500) {
    const code = safeJson(response.body)?.error?.code ?? safeJson(response.body)?.code;
    expect(outcome.allowed5xx ?? [], `unexpected 5xx: ${what}`).toContain(code);
  } else if (status >= 400) {
    expect(response.headers["content-type"], `error is not JSON: ${what}`).toMatch(/^application\/json/);
    const body = safeJson(response.body);
    const error = outcome.errorShape === "better-auth" || (outcome.errorShape === "either" && !body?.error) ? body : body?.error;
    expect(typeof error?.message === "string" && error.message.length > 0, `error has no message: ${what}`).toBe(true);
    if (!outcome.errorShape || outcome.errorShape === "api") expect(typeof error?.code, `error has no code: ${what}`).toBe("string");
  } else {
    expect(outcome.ok ?? [200], `unexpected status: ${what}`).toContain(status);
  }
  if (status >= 400) {
    const body = safeJson(response.body);
    const written = new Set(outcome.refusalWrites?.[body?.error?.code ?? body?.code] ?? []);
    const unwritten = (rows: Record<string, string>) => Object.fromEntries(Object.entries(rows).filter(([table]) => !written.has(table)));
    expect(unwritten(await storedRows(db)), `a refused request changed stored rows: ${what}`).toEqual(unwritten(before));
  }
  return response;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Every route the app registered, as 'METHOD /path', read from Fastify's route tree (which, unlike the
 * OpenAPI document, also lists hidden routes such as /api/auth/*).
 */
export function registeredRoutes(app: FastifyInstance, methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const): string[] {
  const routes: string[] = [];
  for (const method of methods) {
    const stack: string[] = [];
    for (const line of app.printRoutes({ method }).split("\n")) {
      const marker = line.search(/[├└]── /);
      if (marker < 0) continue;
      const depth = marker / 4;
      const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(marker + 4))!;
      stack.length = depth;
      stack.push(match[1]!);
      if (match[2]) routes.push(`${method} ${stack.join("")}`);
    }
  }
  return routes.sort();
}

/**
 * What the Stripe stand-ins share: Stripe's form encoding, its error shape, and the parameter rules that
 * recur across endpoints (integers, metadata, URLs, e-mail addresses, currencies). Sources are cited as in
 * ./stripe.ts ([SPEC], [META], [CURRENCIES], [ERRORS]).
 */
export type Json = Record<string, unknown>;
export type Form = { [key: string]: string | Form };

export interface StripeErrorBody {
  type: "invalid_request_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  param?: string;
}

/** An answer in Stripe's error shape `{ error: { type, code?, message, param? } }` [ERRORS]. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const invalid = (message: string, param?: string, code?: string) => new StripeError(400, { type: "invalid_request_error", message, code, param });
export const notModelled = (param: string) =>
  new StripeError(500, { type: "api_error", message: `Stripe stand-in: '${param}' is a real Stripe parameter but is not modelled here; add its rules before sending it.` });

/**
 * Stripe's presentment currencies [CURRENCIES], lowercase. (A code Stripe added after this list would be
 * refused here though Stripe takes it: stricter, never laxer.)
 */
export const CURRENCIES = new Set(
  (
    "usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf clp cny cop crc cve czk " +
    "djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils inr isk jmd jpy kes kgs khr kmf krw kyd kzt " +
    "lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd pab pen pgk php pkr pln pyg qar ron " +
    "rsd rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw"
  ).split(" "),
);
/** "The amount value supports up to eight digits" [CURRENCIES]. */
export const MAXIMUM_CHARGE = 99_999_999;

/**
 * Decodes Stripe's form encoding (`line_items[0][price_data][currency]=gbp`) into nested objects. A
 * bracketed segment runs to the `]` followed by `[` or the end, so `metadata[a[b]]` names the key `a[b]`
 * (which the metadata rule then refuses, as Stripe does).
 */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[.*\])?)$/.exec(rawKey);
    if (!match) throw invalid(`Invalid parameter name: ${rawKey}`, rawKey);
    const path = [match[1]!, ...(match[2] ? match[2].slice(1, -1).split("][") : [])];
    let node: Form = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (last) {
        if (typeof node[name] === "object") throw invalid(`Invalid hash: ${path.slice(0, index + 1).join(".")} was given both a value and nested keys`, rawKey);
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === "string") throw invalid(`Invalid hash: ${path.slice(0, index + 1).join(".")} was given both a value and nested keys`, rawKey);
      node = next ?? (node[name] = {});
    });
  }
  return root;
}

/** A form hash whose keys are 0..n-1, read as an array (the SDK encodes arrays by index). */
export function asArray(value: string | Form | undefined, param: string): (string | Form)[] {
  if (value === undefined || value === "") return [];
  if (typeof value === "string") throw invalid(`Invalid array`, param);
  const keys = Object.keys(value);
  if (!keys.every((key) => /^\d+$/.test(key))) throw invalid(`Invalid array`, param);
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]!);
}

export function asHash(value: string | Form | undefined, param: string): Form {
  if (value === undefined || value === "") return {};
  if (typeof value === "string") throw invalid(`Invalid object`, param);
  return value;
}

export function asString(value: string | Form | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`Invalid string: {…}`, param);
  return value;
}

/** [ERRORS] `parameter_invalid_integer`: "An invalid integer was provided". */
export function asInteger(value: string | Form | undefined, param: string): number | undefined {
  const text = asString(value, param);
  if (text === undefined || text === "") return undefined;
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, param, "parameter_invalid_integer");
  return Number(text);
}

export function required<T>(value: T | undefined, param: string): T {
  if (value === undefined || value === "") throw invalid(`Missing required param: ${param}.`, param, "parameter_missing");
  return value;
}

/** Refuses keys outside `known` (parameter_unknown) and keys known but not modelled here. */
export function checkKeys(hash: Form, known: Set<string>, modelled: Set<string>, prefix: string) {
  for (const key of Object.keys(hash)) {
    const param = prefix ? `${prefix}[${key}]` : key;
    if (!known.has(key)) throw invalid(`Received unknown parameter: ${param}`, param, "parameter_unknown");
    if (!modelled.has(key)) throw notModelled(param);
  }
}

/** [META] at most 50 keys, keys ≤ 40 characters without square brackets, values strings ≤ 500 characters. */
export function checkMetadata(value: string | Form | undefined, param: string): Record<string, string> {
  const hash = asHash(value, param);
  const keys = Object.keys(hash);
  if (keys.length > 50) throw invalid(`Invalid ${param}: must have at most 50 keys (has ${keys.length})`, param);
  const metadata: Record<string, string> = {};
  for (const key of keys) {
    if (/[[\]]/.test(key)) throw invalid(`Metadata keys can't contain square brackets ('[' or ']'): ${key}`, `${param}[${key}]`);
    if (key.length > 40) throw invalid(`Metadata keys must be at most 40 characters long (${key.length}): ${key}`, `${param}[${key}]`);
    const text = asString(hash[key], `${param}[${key}]`)!;
    if (text.length > 500) throw invalid(`Metadata values must be at most 500 characters long (${text.length})`, `${param}[${key}]`);
    metadata[key] = text;
  }
  return metadata;
}

/**
 * [SPEC] success_url / cancel_url: strings; [ERRORS] `url_invalid` ("The URL provided is invalid"). An
 * absolute http(s) URL of at most 5000 characters (Stripe's usual string limit, `maxLength: 5000` across
 * spec3.json; the current spec states none for these two, so this is stricter at worst); the literal
 * `{CHECKOUT_SESSION_ID}` template is allowed and filled in on redirect
 * (https://docs.stripe.com/payments/checkout/custom-success-page).
 */
export function checkUrl(value: string, param: string) {
  const concrete = value.replaceAll("{CHECKOUT_SESSION_ID}", "cs_test_template");
  let url: URL | null;
  try {
    url = new URL(concrete);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || value.length > 5000 || /[{}\s]/.test(concrete)) {
    throw invalid(`Not a valid URL`, param, "url_invalid");
  }
}

/** [ERRORS] `email_invalid`: "The email address is invalid (e.g., not properly formatted)". */
export function checkEmail(value: string, param: string) {
  if (value.length > 512 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw invalid(`Invalid email address: ${value}`, param, "email_invalid");
}

/**
 * [LIST] `created` of a list call (`GetPaymentIntents`, `GetRefunds`, `GetTransfers` in openapi/spec3.json):
 * a Unix time (exactly then) or a range hash of `gt`, `gte`, `lt`, `lte`; anything else is refused.
 */
export function createdFilter(value: string | Form | undefined): (created: number) => boolean {
  if (value === undefined || value === "") return () => true;
  if (typeof value === "string") {
    const at = asInteger(value, "created")!;
    return (created) => created === at;
  }
  checkKeys(value, new Set(["gt", "gte", "lt", "lte"]), new Set(["gt", "gte", "lt", "lte"]), "created");
  const bound = (key: string) => asInteger(value[key], `created[${key}]`);
  const [gt, gte, lt, lte] = [bound("gt"), bound("gte"), bound("lt"), bound("lte")];
  return (created) => (gt === undefined || created > gt) && (gte === undefined || created >= gte) && (lt === undefined || created < lt) && (lte === undefined || created <= lte);
}

/**
 * [LIST] one page of a list, newest first: `limit` 1–100 (default 10), the objects after `starting_after`
 * (an id the list holds, else 404 resource_missing), `has_more` when more follow. `items` oldest first.
 */
export function listPage<T extends { id: string; created: number }>(items: T[], form: Form, url: string, kind: string): Json {
  const limit = asInteger(form.limit, "limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalid("This value must be between 1 and 100.", "limit");
  const inRange = createdFilter(form.created);
  const newestFirst = items.filter((item) => inRange(item.created)).reverse();
  const after = asString(form.starting_after, "starting_after") || undefined;
  let start = 0;
  if (after) {
    const index = newestFirst.findIndex((item) => item.id === after);
    if (index < 0) throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", param: "starting_after", message: `No such ${kind}: '${after}'` });
    start = index + 1;
  }
  return { object: "list", data: newestFirst.slice(start, start + limit), has_more: start + limit < newestFirst.length, url };
}

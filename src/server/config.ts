import { isIP } from "node:net";
import { z } from "zod";
import { BRAND, type PlatformCompany } from "../domain/brand";
import { parseUkVatNumber } from "../domain/vat";
import { isEmailSender } from "./providers/email/sender";
import { isTwilioSender } from "./providers/sms/twilio";

const optionalUrl = z.url().optional();

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers' X-Forwarded-* headers to believe (issue 16): off (false), a hop count, or the proxies'
 * addresses. `true` is refused: behind a proxy that appends, the client's own left-most entry would win.
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === "false" || value === "0") return false;
    if (value === "true") {
      context.addIssue({ code: "custom", message: "'true' would believe any client's X-Forwarded-For; give the number of proxies in front of the app (e.g. 1) or their addresses" });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length) {
      context.addIssue({ code: "custom", message: `must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges; not ${bad.map((entry) => `'${entry}'`).join(", ")}` });
      return z.NEVER;
    }
    return entries;
  });

const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  TRUST_PROXY: TrustProxy.default(false),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SEED_DEMO_DATA: z.enum(["auto", "always", "never"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)").optional(),
  EMAIL_FROM: z.string().refine(isEmailSender, "must be an e-mail address, or a name and an address: Eventora <tickets@example.com>").default("Eventora <no-reply@eventora.test>"),
  SUPPORT_EMAIL: z.email().default("support@eventora.co.uk"),
  /** The company that runs the platform, as receipts, invoices, fee statements, e-mails, the footer and the legal pages name it (issue 34). */
  COMPANY_NAME: z.string().trim().min(1).default(BRAND.companyName),
  COMPANY_NUMBER: z.string().trim().regex(/^(\d{8}|[A-Z]{2}\d{6})$/, "must be a Companies House number: 8 digits, or 2 letters and 6 digits (SC123456)").default(BRAND.companyNumber),
  COMPANY_ADDRESS: z.string().trim().min(1).default(BRAND.registeredAddress),
  /** The platform's UK VAT number: when set, receipts show the VAT in the booking fee and fee statements are VAT invoices. */
  COMPANY_VAT_NUMBER: z
    .string()
    .transform((value, context) => {
      const parsed = parseUkVatNumber(value);
      if (parsed.ok) return parsed.vatNumber;
      context.addIssue({ code: "custom", message: parsed.problem });
      return z.NEVER;
    })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@smtp.example.com:587")
    .optional(),
  BREVO_API_KEY: z.string().min(1).optional(),
  BREVO_API_URL: z.url().default("https://api.brevo.com"),
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_API_URL: z.url().default("https://api.resend.com"),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_CHAT_MODEL: z.string().min(1).default("gpt-4o-mini"),
  OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default("whisper-1"),
  OPENAI_TTS_MODEL: z.string().min(1).default("tts-1"),
  OPENAI_IMAGE_MODEL: z.string().min(1).default("gpt-image-1"),
  SMS_PROVIDER: z.enum(["outbox", "twilio"]).optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z
    .string()
    .refine(isTwilioSender, "must be an E.164 phone number (+447700900000), an alphanumeric sender ID (up to 11 letters and digits) or a Messaging Service SID (MG…)")
    .optional(),
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  PAYMENT_PROVIDER: z.enum(["local", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)").optional(),
  /** The Connect endpoint's signing secret (events about payees' accounts, such as account.updated), when it is not the same endpoint secret. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)").optional(),
  STRIPE_API_URL: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default("auto"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(120),
  JOBS_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  JOBS_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(2),
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(10),
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).default(10),
  /** Apple Wallet (decision 045): the pass type id and team of the Pass Type ID certificate, the certificate and its key (PEM text or a file path), and Apple's WWDR intermediate certificate. */
  APPLE_PASS_TYPE_ID: z.string().regex(/^pass\.[A-Za-z0-9.-]+$/, "must be a Pass Type ID: pass.com.example.tickets").optional(),
  APPLE_TEAM_ID: z.string().regex(/^[A-Z0-9]{10}$/, "must be the 10-character Apple Developer Team ID").optional(),
  APPLE_PASS_CERT: z.string().min(1).optional(),
  APPLE_PASS_KEY: z.string().min(1).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().min(1).optional(),
  /** Where pass updates are pushed: Apple's production APNs unless a stand-in is named. */
  APNS_URL: z.url().default("https://api.push.apple.com"),
  /** A CA certificate (PEM text or path) trusted for APNS_URL besides the system's: only for a stand-in. */
  APNS_CA_CERT: z.string().min(1).optional(),
  /** Google Wallet (decision 045): the issuer id, and the service account (its JSON key, as text or a path; or its e-mail and private key). */
  GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d{10,25}$/, "must be the numeric Google Wallet issuer id").optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().min(1).optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.email().optional(),
  GOOGLE_WALLET_PRIVATE_KEY: z.string().min(1).optional(),
  GOOGLE_WALLET_API_URL: z.url().default("https://walletobjects.googleapis.com"),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  /** The in-process cache of public pages and listing answers (issue 21): its size in bytes; 0 turns it off. */
  PAGE_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(16 * 1024 * 1024),
  /** How long a cached page may be served at most; changes invalidate it at once, this bounds what only time changes (a hold lapsing, an event starting). */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, "HOST"> & {
  /** The interface to listen on: loopback in demo mode unless HOST is set (issue 16), else every interface. */
  HOST: string;
  publicUrl: string;
  embedded: boolean;
  /** Demo mode (embedded database or not production): outbox delivery and /dev/mailbox are allowed. */
  demoMode: boolean;
  /** The first e-mail provider tried (Brevo, Resend, SMTP, else the dev outbox); SMTP is the fallback. */
  emailProvider: "brevo" | "resend" | "smtp" | "outbox";
  paymentProvider: "local" | "stripe";
  smsProvider: "twilio" | "outbox" | "none";
  /** Origins whose cookie-carrying requests may change state (the public URL, plus loopback aliases in demo mode). */
  trustedOrigins: string[];
  /** The platform's company: the issuer of receipts' booking fees and of organisers' fee statements, named in every e-mail's and page's footer (issue 34). */
  company: PlatformCompany;
};

export type { PlatformCompany };

function trustedOriginsFor(publicUrl: string, port: number, demoMode: boolean): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  if (demoMode) for (const host of ["localhost", "127.0.0.1"]) origins.add(`http://${host}:${port}`);
  return [...origins];
}

export class ConfigError extends Error {}

/** Reads and validates the environment; every bad or missing variable is listed in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = ConfigSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  const embedded = !config.DATABASE_URL;
  const demoMode = embedded || config.NODE_ENV !== "production";
  const problems: string[] = [];
  // A real deployment must not lose mail into the dev outbox or sign sessions with a throwaway key.
  if (!demoMode && !config.AUTH_SECRET) problems.push("AUTH_SECRET: required in production with DATABASE_URL");
  if (!demoMode && !config.SMTP_URL && !config.BREVO_API_KEY && !config.RESEND_API_KEY) {
    problems.push("SMTP_URL: required in production with DATABASE_URL unless BREVO_API_KEY or RESEND_API_KEY is set (the dev outbox is for demos only)");
  }
  const smsProvider = config.SMS_PROVIDER ?? (demoMode ? "outbox" : "none");
  if (smsProvider === "outbox" && !demoMode) problems.push("SMS_PROVIDER: 'outbox' is for demos only; use 'twilio' or leave it unset");
  if (smsProvider === "twilio") {
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
      if (!config[key]) problems.push(`${key}: required when SMS_PROVIDER=twilio`);
    }
  }
  // The local test checkout hands out tickets without money: a real deployment must choose it on purpose.
  if (!demoMode && !config.PAYMENT_PROVIDER) problems.push("PAYMENT_PROVIDER: required in production with DATABASE_URL ('stripe', or 'local' for a test deployment)");
  if (config.PAYMENT_PROVIDER === "stripe") {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!config[key]) problems.push(`${key}: required when PAYMENT_PROVIDER=stripe`);
    }
  }
  if (config.S3_BUCKET) {
    for (const key of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const) {
      if (!config[key]) problems.push(`${key}: required when S3_BUCKET is set`);
    }
  }
  const appleKeys = ["APPLE_PASS_TYPE_ID", "APPLE_TEAM_ID", "APPLE_PASS_CERT", "APPLE_PASS_KEY", "APPLE_WWDR_CERT"] as const;
  if (appleKeys.some((key) => config[key])) {
    for (const key of appleKeys) if (!config[key]) problems.push(`${key}: required when any of ${appleKeys.join(", ")} is set (Apple Wallet)`);
  }
  if (config.GOOGLE_WALLET_ISSUER_ID || config.GOOGLE_WALLET_SERVICE_ACCOUNT || config.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL || config.GOOGLE_WALLET_PRIVATE_KEY) {
    if (!config.GOOGLE_WALLET_ISSUER_ID) problems.push("GOOGLE_WALLET_ISSUER_ID: required for Google Wallet");
    if (!config.GOOGLE_WALLET_SERVICE_ACCOUNT && !(config.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL && config.GOOGLE_WALLET_PRIVATE_KEY)) {
      problems.push("GOOGLE_WALLET_SERVICE_ACCOUNT: required for Google Wallet (or GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY)");
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join("\n")}`);
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
  return {
    ...config,
    // Demo mode serves the dev mailbox (every sign-in code): only this machine, unless HOST says otherwise.
    HOST: config.HOST ?? (demoMode ? "localhost" : "0.0.0.0"),
    publicUrl,
    embedded,
    demoMode,
    emailProvider: config.BREVO_API_KEY ? "brevo" : config.RESEND_API_KEY ? "resend" : config.SMTP_URL ? "smtp" : "outbox",
    paymentProvider: config.PAYMENT_PROVIDER ?? "local",
    smsProvider,
    trustedOrigins: trustedOriginsFor(publicUrl, config.PORT, demoMode),
    company: { name: config.COMPANY_NAME, number: config.COMPANY_NUMBER, address: config.COMPANY_ADDRESS, vatNumber: config.COMPANY_VAT_NUMBER ?? null },
  };
}

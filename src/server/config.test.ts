import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { jobTimingsFrom } from "./jobs/jobs";

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected loadConfig to reject the environment");
}

describe("loadConfig (CONVENTIONS 7: validated at start-up)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("works on a fresh machine with nothing set: embedded database, port 3000", () => {
    expect(loadConfig({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "localhost",
      TRUST_PROXY: false,
      DATA_DIR: "./data",
      SEED_DEMO_DATA: "auto",
      LOG_LEVEL: "info",
      EMAIL_FROM: "Eventora <no-reply@eventora.test>",
      SUPPORT_EMAIL: "support@eventora.co.uk",
      COMPANY_NAME: "Eventora Ltd",
      COMPANY_NUMBER: "14820377",
      COMPANY_ADDRESS: "71-75 Shelton Street, Covent Garden, London WC2H 9JQ",
      TWILIO_API_URL: "https://api.twilio.com",
      BREVO_API_URL: "https://api.brevo.com",
      RESEND_API_URL: "https://api.resend.com",
      OPENAI_CHAT_MODEL: "gpt-4o-mini",
      OPENAI_TRANSCRIBE_MODEL: "whisper-1",
      OPENAI_TTS_MODEL: "tts-1",
      OPENAI_IMAGE_MODEL: "gpt-image-1",
      S3_REGION: "auto",
      JOBS_EXPIRE_SECONDS: 120,
      JOBS_SUPERVISE_INTERVAL_SECONDS: 30,
      JOBS_POLLING_INTERVAL_SECONDS: 2,
      JOBS_RETRY_DELAY_SECONDS: 10,
      JOBS_RETRY_LIMIT: 10,
      PAGE_CACHE_MAX_BYTES: 16 * 1024 * 1024,
      PAGE_CACHE_TTL_SECONDS: 10,
      APNS_URL: "https://api.push.apple.com",
      GOOGLE_WALLET_API_URL: "https://walletobjects.googleapis.com",
      GOOGLE_OAUTH_TOKEN_URL: "https://oauth2.googleapis.com/token",
      publicUrl: "http://localhost:3000",
      embedded: true,
      demoMode: true,
      emailProvider: "outbox",
      paymentProvider: "local",
      smsProvider: "outbox",
      trustedOrigins: ["http://localhost:3000", "http://127.0.0.1:3000"],
      company: { name: "Eventora Ltd", number: "14820377", address: "71-75 Shelton Street, Covent Garden, London WC2H 9JQ", vatNumber: null },
    });
  });

  it("takes the platform's company from COMPANY_*, refusing a company or VAT number that cannot be real", () => {
    const config = loadConfig({ COMPANY_NAME: "Ticket Co Ltd", COMPANY_NUMBER: "SC123456", COMPANY_ADDRESS: "1 High Street, Edinburgh EH1 1AA", COMPANY_VAT_NUMBER: "gb 980 7806 84" });
    expect(config.company).toEqual({ name: "Ticket Co Ltd", number: "SC123456", address: "1 High Street, Edinburgh EH1 1AA", vatNumber: "GB980780684" });
    const error = configError({ COMPANY_NUMBER: "123", COMPANY_VAT_NUMBER: "GB123456789" });
    expect(error.message).toContain("COMPANY_NUMBER: must be a Companies House number");
    expect(error.message).toContain("COMPANY_VAT_NUMBER: GB123456789 is not a real UK VAT number");
  });

  it("takes the background jobs' timings from JOBS_*, refusing values pg-boss cannot honour", () => {
    const config = loadConfig({ JOBS_EXPIRE_SECONDS: "8", JOBS_SUPERVISE_INTERVAL_SECONDS: "1", JOBS_POLLING_INTERVAL_SECONDS: "0.5", JOBS_RETRY_DELAY_SECONDS: "1", JOBS_RETRY_LIMIT: "3" });
    expect(jobTimingsFrom(config)).toEqual({ expireInSeconds: 8, superviseIntervalSeconds: 1, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 3 });
    const error = configError({ JOBS_EXPIRE_SECONDS: "0", JOBS_POLLING_INTERVAL_SECONDS: "0.1" });
    expect(error.message).toContain("JOBS_EXPIRE_SECONDS");
    expect(error.message).toContain("JOBS_POLLING_INTERVAL_SECONDS");
  });

  it("insists on a real secret and real mail delivery in production with a database server", () => {
    const error = configError({ DATABASE_URL: "postgres://db.internal/eventora" });
    expect(error.message).toContain("AUTH_SECRET: required in production with DATABASE_URL");
    expect(error.message).toContain("SMTP_URL: required in production with DATABASE_URL");
    expect(error.message).toContain("PAYMENT_PROVIDER: required in production with DATABASE_URL");
    const config = loadConfig({ DATABASE_URL: "postgres://db.internal/eventora", AUTH_SECRET: "s".repeat(32), SMTP_URL: "smtp://mail.internal:587", PAYMENT_PROVIDER: "local" });
    expect(config).toMatchObject({ demoMode: false, emailProvider: "smtp", smsProvider: "none" });
    expect(config.trustedOrigins).toEqual(["http://localhost:3000"]);
  });

  it("needs Twilio's three settings when SMS_PROVIDER=twilio, and never the outbox in production", () => {
    const error = configError({ SMS_PROVIDER: "twilio" });
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) expect(error.message).toContain(`${key}: required when SMS_PROVIDER=twilio`);
    const production = { DATABASE_URL: "postgres://db/e", AUTH_SECRET: "s".repeat(32), SMTP_URL: "smtp://mail:25", SMS_PROVIDER: "outbox", PAYMENT_PROVIDER: "local" };
    expect(configError(production).message).toContain("SMS_PROVIDER: 'outbox' is for demos only");
  });

  it("takes as TWILIO_FROM only a sender Twilio accepts: an E.164 number, an alphanumeric sender ID or a Messaging Service SID", () => {
    const twilio = { SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: "AC0123", TWILIO_AUTH_TOKEN: "secret" };
    for (const from of ["+447700900000", "Eventora", `MG${"0123456789abcdef".repeat(2)}`]) expect(loadConfig({ ...twilio, TWILIO_FROM: from }).TWILIO_FROM).toBe(from);
    for (const from of ["07700 900000", "+44 7700 900000", "Eventora Tickets", "Eventora!"]) {
      expect(configError({ ...twilio, TWILIO_FROM: from }).message, from).toContain("TWILIO_FROM: must be an E.164 phone number");
    }
  });

  it("takes as EMAIL_FROM only a sender Resend and Brevo accept: an address, or a name and an address in <>", () => {
    for (const from of ["tickets@eventora.co.uk", "Eventora <tickets@eventora.co.uk>"]) expect(loadConfig({ EMAIL_FROM: from }).EMAIL_FROM).toBe(from);
    for (const from of ["Eventora", "Eventora <tickets>", "tickets@eventora.co.uk, other@eventora.co.uk"]) {
      expect(configError({ EMAIL_FROM: from }).message, from).toContain("EMAIL_FROM: must be an e-mail address");
    }
  });

  it("needs both Stripe secrets with PAYMENT_PROVIDER=stripe", () => {
    expect(configError({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "pk_test_nope" }).message).toContain("STRIPE_SECRET_KEY: must be a Stripe secret key");
    expect(configError({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_123" }).message).toContain("STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe");
  });

  it("takes an optional Connect webhook signing secret, only in Stripe's whsec_ form", () => {
    const stripe = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_platform" };
    expect(loadConfig(stripe).STRIPE_CONNECT_WEBHOOK_SECRET).toBeUndefined();
    expect(loadConfig({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect" }).STRIPE_CONNECT_WEBHOOK_SECRET).toBe("whsec_connect");
    expect(configError({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: "sk_test_123" }).message).toContain("STRIPE_CONNECT_WEBHOOK_SECRET: must be a Stripe webhook signing secret");
  });

  it("needs all of Apple Wallet's settings once any is set, and Google Wallet's issuer with its service account (decision 045)", () => {
    const apple = configError({ APPLE_PASS_TYPE_ID: "pass.uk.co.eventora.tickets" });
    for (const key of ["APPLE_TEAM_ID", "APPLE_PASS_CERT", "APPLE_PASS_KEY", "APPLE_WWDR_CERT"]) expect(apple.message).toContain(`${key}: required when any of`);
    expect(configError({ APPLE_PASS_TYPE_ID: "uk.co.eventora" }).message).toContain("APPLE_PASS_TYPE_ID: must be a Pass Type ID");
    expect(configError({ APPLE_TEAM_ID: "abc" }).message).toContain("APPLE_TEAM_ID: must be the 10-character Apple Developer Team ID");
    expect(configError({ GOOGLE_WALLET_ISSUER_ID: "3388000000012345678" }).message).toContain("GOOGLE_WALLET_SERVICE_ACCOUNT: required for Google Wallet");
    expect(configError({ GOOGLE_WALLET_SERVICE_ACCOUNT: "{}" }).message).toContain("GOOGLE_WALLET_ISSUER_ID: required for Google Wallet");
    expect(loadConfig({ GOOGLE_WALLET_ISSUER_ID: "3388000000012345678", GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "w@p.iam.gserviceaccount.com", GOOGLE_WALLET_PRIVATE_KEY: "key.pem" }).GOOGLE_WALLET_ISSUER_ID).toBe("3388000000012345678");
  });

  it("needs credentials and a public URL when S3_BUCKET is set", () => {
    const error = configError({ S3_BUCKET: "eventora-media" });
    for (const key of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"]) expect(error.message).toContain(`${key}: required when S3_BUCKET is set`);
  });

  it("refuses a short AUTH_SECRET and a non-SMTP SMTP_URL", () => {
    const error = configError({ AUTH_SECRET: "short", SMTP_URL: "http://mail" });
    expect(error.message).toContain("AUTH_SECRET: must be at least 32 characters");
    expect(error.message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
  });

  it("uses the database server named by DATABASE_URL instead of the embedded one", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db.internal:5432/eventora", NODE_ENV: "development" })).toMatchObject({
      DATABASE_URL: "postgres://u:p@db.internal:5432/eventora",
      embedded: false,
    });
    expect(loadConfig({ DATABASE_URL: "postgresql://db.internal/eventora", NODE_ENV: "test" }).embedded).toBe(false);
  });

  it("reads every variable it knows", () => {
    expect(
      loadConfig({
        NODE_ENV: "development",
        PORT: "8080",
        HOST: "127.0.0.1",
        PUBLIC_URL: "https://tickets.example.co.uk",
        DATA_DIR: "/var/lib/eventora",
        SEED_DEMO_DATA: "never",
        LOG_LEVEL: "warn",
      }),
    ).toMatchObject({
      NODE_ENV: "development",
      PORT: 8080,
      HOST: "127.0.0.1",
      publicUrl: "https://tickets.example.co.uk",
      DATA_DIR: "/var/lib/eventora",
      SEED_DEMO_DATA: "never",
      LOG_LEVEL: "warn",
    });
  });

  it("listens on loopback only in demo mode unless HOST is set (issue 16: the dev mailbox shows sign-in codes)", () => {
    expect(loadConfig({}).HOST).toBe("localhost");
    expect(loadConfig({ DATABASE_URL: "postgres://db.internal/eventora", NODE_ENV: "test" }).HOST).toBe("localhost");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "192.0.2.10" }).HOST).toBe("192.0.2.10");
    const production = { DATABASE_URL: "postgres://db.internal/eventora", AUTH_SECRET: "s".repeat(32), SMTP_URL: "smtp://mail.internal:587", PAYMENT_PROVIDER: "local" };
    expect(loadConfig(production).HOST).toBe("0.0.0.0");
    expect(loadConfig({ ...production, HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
  });

  it("trusts no proxy unless TRUST_PROXY names a hop count or the proxies' addresses (issue 16)", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.1,fd00::/8 , loopback" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "192.0.2.1", "fd00::/8", "loopback"]);
    expect(configError({ TRUST_PROXY: "true" }).message).toContain("TRUST_PROXY: 'true' would believe any client's X-Forwarded-For");
    for (const bad of ["1.5", "-1", "proxy.internal", "10.0.0.0/33", "10.0.0.1,", "300.1.1.1"]) {
      expect(configError({ TRUST_PROXY: bad }).message).toContain("TRUST_PROXY:");
    }
  });

  it("derives the public URL from the port when none is given", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("drops a trailing slash from PUBLIC_URL so links join cleanly", () => {
    expect(loadConfig({ PUBLIC_URL: "https://tickets.example.co.uk/" }).publicUrl).toBe("https://tickets.example.co.uk");
  });

  it("treats blank variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "", PUBLIC_URL: "", LOG_LEVEL: "" })).toMatchObject({
      PORT: 3000,
      publicUrl: "http://localhost:3000",
      embedded: true,
      LOG_LEVEL: "info",
    });
  });

  it("ignores variables it does not know", () => {
    expect(loadConfig({ HOME: "/root", PATH: "/usr/bin" })).not.toHaveProperty("HOME");
  });

  it("lists every bad variable in one message", () => {
    const error = configError({
      PORT: "abc",
      DATABASE_URL: "mysql://x",
      LOG_LEVEL: "loud",
      PUBLIC_URL: "not a url",
      SEED_DEMO_DATA: "sometimes",
      NODE_ENV: "staging",
    });
    expect(error.message).toMatch(/^Invalid configuration:\n/);
    const lines = error.message.split("\n").slice(1);
    expect(lines.map((line) => line.match(/^ {2}- (\w+):/)?.[1]).sort()).toEqual(
      ["DATABASE_URL", "LOG_LEVEL", "NODE_ENV", "PORT", "PUBLIC_URL", "SEED_DEMO_DATA"].sort(),
    );
    expect(error.message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// connection string");
  });

  it.each(["-1", "65536", "80.5", "http"])("rejects PORT=%s", (port) => {
    expect(configError({ PORT: port }).message).toContain("PORT:");
  });

  it("reads process.env by default", () => {
    vi.stubEnv("NODE_ENV", "test");
    vi.stubEnv("PORT", "4567");
    vi.stubEnv("HOST", "");
    vi.stubEnv("PUBLIC_URL", "");
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("DATA_DIR", "");
    vi.stubEnv("SEED_DEMO_DATA", "");
    vi.stubEnv("LOG_LEVEL", "");
    expect(loadConfig()).toMatchObject({ NODE_ENV: "test", PORT: 4567, publicUrl: "http://localhost:4567", embedded: true });
  });
});

import { resolve } from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import type { DemoAccount } from "./db/seed";
import { demoPasswordsFor } from "./db/demo-passwords";
import { openDatabase } from "./db/client";
import { startupBanner } from "./startup-banner";

/** How long a stopping node lets open requests finish before it cuts their connections. */
const SHUTDOWN_DRAIN_MS = 10_000;

/**
 * `npm start` builds the web app while this process opens the database (scripts/start.mjs): with
 * --after-web-build this process asks for the build once it needs the pages, and waits for the answer.
 */
function webBuildDone(): Promise<void> {
  if (!process.argv.includes("--after-web-build") || !process.send) return Promise.resolve();
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== "web build done") return;
      process.off("message", onMessage);
      process.disconnect?.();
      resolve();
    };
    process.on("message", onMessage);
    process.send!("waiting for the web build");
  });
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();

  const shouldSeed = config.SEED_DEMO_DATA === "always" || (config.SEED_DEMO_DATA === "auto" && config.embedded);
  let accounts: DemoAccount[] = [];
  let demoPhone = "";
  let passwordsFile: string | null = null;
  if (shouldSeed) {
    const { seedDemoData, DEMO_ATTENDEE_PHONE } = await import("./db/seed");
    demoPhone = DEMO_ATTENDEE_PHONE;
    // Beyond loopback the published passwords would let the whole network in as the admin (issue 33).
    const demo = demoPasswordsFor({ dataDir: config.DATA_DIR, host: config.HOST });
    if (!demo.published) passwordsFile = demo.file;
    const result = await seedDemoData({ db: database.db, mediaDir: resolve(config.DATA_DIR, "media"), passwords: demo.passwords, company: config.company });
    accounts = result.accounts;
  }

  await webBuildDone();
  const app = await buildApp({
    config,
    database,
    web: config.NODE_ENV === "development" ? "development" : "production",
    logger: true,
  });
  // A signal may arrive twice (a terminal's Ctrl-C reaches `npm start` and this process both): close once.
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    // Closing waits for every open connection, and a client may hold one for ever (a request it never
    // finishes sending, a response it stops reading): after the drain period the rest are cut, so the node
    // ends before the platform's own deadline (30 s is common) kills it mid-way.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_DRAIN_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", close);
  process.on("SIGTERM", close);

  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(startupBanner({ config, database: database.kind, accounts, demoPhone, passwordsFile, hostSet: Boolean(process.env.HOST) }));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});

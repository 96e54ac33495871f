import { resolve } from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();

  const shouldSeed = config.SEED_DEMO_DATA === "always" || (config.SEED_DEMO_DATA === "auto" && config.embedded);
  let accounts: { role: string; email: string; password: string }[] = [];
  let demoPhone = "";
  if (shouldSeed) {
    const { seedDemoData, DEMO_ATTENDEE_PHONE } = await import("./db/seed");
    demoPhone = DEMO_ATTENDEE_PHONE;
    const result = await seedDemoData({ db: database.db, mediaDir: resolve(config.DATA_DIR, "media") });
    accounts = result.accounts;
  }

  const app = await buildApp({
    config,
    database,
    web: config.NODE_ENV === "development" ? "development" : "production",
    logger: true,
  });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", close);
  process.once("SIGTERM", close);

  await app.listen({ port: config.PORT, host: config.HOST });
  const lines = [`Eventora is running at ${config.publicUrl} (${database.kind === "pglite" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL"})`];
  // Demo credentials are printed for the embedded demo database only, never for a real server.
  if (config.embedded && accounts.length) {
    lines.push("Demo accounts:");
    for (const account of accounts) lines.push(`  ${account.role.padEnd(10)} ${account.email}  password: ${account.password}`);
    lines.push(`  The attendee also signs in by SMS code with ${demoPhone}; e-mail and SMS appear at ${config.publicUrl}/dev/mailbox`);
  }
  if (config.demoMode && !process.env.HOST) lines.push("Demo mode listens on this machine only; set HOST=0.0.0.0 to let other devices in (the dev mailbox stays on this machine).");
  console.log(lines.join("\n"));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});

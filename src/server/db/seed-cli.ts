import { resolve } from "node:path";
import { loadConfig } from "../config";
import { openDatabase } from "./client";
import { demoPasswordsFor } from "./demo-passwords";
import { seedDemoData } from "./seed";

/** `npm run db:seed`: demo data into an empty database (also against DATABASE_URL, where start-up never seeds). */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const started = performance.now();
  const demo = demoPasswordsFor({ dataDir: config.DATA_DIR, host: config.HOST });
  const result = await seedDemoData({ db: database.db, mediaDir: resolve(config.DATA_DIR, "media"), passwords: demo.passwords, company: config.company });
  console.log(
    result.seeded
      ? `Demo data seeded in ${Math.round(performance.now() - started)} ms.`
      : "The database already has events: nothing seeded.",
  );
  console.log(demo.published ? "Demo accounts:" : `Demo accounts (passwords made for this server, kept in ${demo.file}):`);
  for (const account of result.accounts) {
    console.log(`  ${account.role.padEnd(10)} ${account.email.padEnd(32)} ${account.password}`);
  }
} finally {
  await database.close();
}

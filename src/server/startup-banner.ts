import type { Config } from "./config";
import type { DemoAccount } from "./db/seed";

const RULE = "─".repeat(72);

/**
 * The block `npm start` ends with, once the server listens: where the app is, and in demo mode how to
 * sign in and where mail and SMS go. Demo credentials are shown for the embedded demo database only,
 * never for a real server.
 */
export function startupBanner({ config, database, accounts, demoPhone, passwordsFile = null, hostSet }: {
  config: Config;
  database: "pglite" | "postgres";
  accounts: DemoAccount[];
  demoPhone: string;
  /** Where this data folder's own demo passwords are kept, when the published ones are not in use (issue 33). */
  passwordsFile?: string | null;
  /** HOST was set: a demo listens on this machine only unless it is. */
  hostSet: boolean;
}): string {
  const lines = [RULE, `Eventora is running at ${config.publicUrl} (${database === "pglite" ? `embedded database in ${config.DATA_DIR}` : "PostgreSQL"})`];
  if (config.embedded && accounts.length) {
    const emailWidth = Math.max(...accounts.map((account) => account.email.length));
    lines.push("", `Demo accounts: sign in at ${config.publicUrl}/auth with`);
    for (const account of accounts) lines.push(`  ${account.role.padEnd(10)} ${account.email.padEnd(emailWidth)}  password: ${account.password}`);
    if (demoPhone) lines.push(`  The attendee can also sign in by SMS code with ${demoPhone}.`);
    if (passwordsFile) lines.push(`  These passwords were made for this data folder, not the published ones (other devices can connect); kept in ${passwordsFile}.`);
  }
  if (config.demoMode) {
    lines.push("", `Mailbox: sign-up links, sign-in codes, tickets; e-mail and SMS appear at ${config.publicUrl}/dev/mailbox`);
    if (!hostSet) lines.push("Only this machine can connect; set HOST=0.0.0.0 to let other devices in (the mailbox stays on this machine).");
  }
  lines.push(RULE);
  return lines.join("\n");
}

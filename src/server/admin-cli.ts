import { eq, sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { users } from "./db/schema";
import { announceAccountChange } from "./features/auth/session-cache";
import { formatPayoutReport, runDuePayouts } from "./features/payouts/payouts.service";
import { formatReconcileReport, reconcile } from "./features/ledger/reconcile";
import { createPaymentGateway } from "./providers/payments/payments";
import { rotateTicketSigningKey } from "./features/tickets/ticket-signer";

const USAGE = "Usage: npm run admin -- grant <email> | revoke <email> | list | rotate-ticket-key | reconcile [--days <n>] | payouts [--as-of <ISO date>]";

/** `payouts --as-of <date>`: the run's clock, a test clock for demos and the E2E (the local provider only). */
function asOfArgument(args: string[]): Date | null | "invalid" {
  const at = args.indexOf("--as-of");
  if (at === -1) return args.length ? "invalid" : null;
  const value = args[at + 1];
  const date = value ? new Date(value) : null;
  return args.length === 2 && date && !Number.isNaN(date.getTime()) ? date : "invalid";
}

/** `reconcile --days <n>`: how far back the ledger is compared with the payment provider (default PROVIDER_LOOKBACK_DAYS). */
function daysArgument(args: string[]): number | null | "invalid" {
  if (!args.length) return null;
  const days = Number(args[1]);
  return args.length === 2 && args[0] === "--days" && Number.isInteger(days) && days > 0 ? days : "invalid";
}

/**
 * Grants or revokes the server-side admin role (spec §6 Admin), rotates the ticket-signing key, proves
 * the money ledger balances (reconcile: exits 1 and names each problem when it does not), or makes the
 * payouts that are due now (payouts; the hourly job does the same).
 * Stop an embedded-database app first.
 */
async function main() {
  const [command, email] = process.argv.slice(2);
  const asOf = command === "payouts" ? asOfArgument(process.argv.slice(3)) : null;
  const days = command === "reconcile" ? daysArgument(process.argv.slice(3)) : null;
  if (!command || !["grant", "revoke", "list", "rotate-ticket-key", "reconcile", "payouts"].includes(command) || (["grant", "revoke"].includes(command) && !email) || asOf === "invalid" || days === "invalid") {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  if (asOf && config.paymentProvider !== "local") {
    console.error("--as-of is a test clock: it is only allowed with PAYMENT_PROVIDER=local.");
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((error: unknown) => {
    throw new Error(`Could not open the database (${(error as Error).message}). With the embedded database, stop the app first.`);
  });
  try {
    await database.migrate();
    if (command === "rotate-ticket-key") {
      const kid = await rotateTicketSigningKey(database.db);
      console.log(`New tickets are signed with key ${kid}. Tickets already issued keep scanning (their keys are kept for verification).`);
      console.log("Running app nodes pick the new key up when they restart; until then they keep signing with the previous one, which stays valid.");
      return;
    }
    if (command === "reconcile") {
      const gateway = await createPaymentGateway(config, database.db);
      const report = await reconcile(database.db, { gateway, ...(days ? { since: new Date(Date.now() - days * 24 * 3600 * 1000) } : {}) });
      console.log(formatReconcileReport(report));
      if (report.problems.length) process.exitCode = 1;
      return;
    }
    if (command === "payouts") {
      const gateway = await createPaymentGateway(config, database.db);
      const report = await runDuePayouts({ db: database.db, gateway }, asOf ?? new Date());
      console.log(formatPayoutReport(report));
      if (report.failed.length) process.exitCode = 1;
      return;
    }
    if (command === "list") {
      const admins = await database.db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
      console.log(admins.length ? admins.map((admin) => admin.email).join("\n") : "No admins.");
      return;
    }
    const role = command === "grant" ? "admin" : "user";
    const updated = await database.db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(sql`lower(${users.email})`, email!.trim().toLowerCase()))
      .returning({ id: users.id, email: users.email, emailVerified: users.emailVerified });
    if (!updated.length) {
      console.error(`No account with the e-mail ${email}.`);
      process.exitCode = 1;
      return;
    }
    const account = updated[0]!;
    // Running nodes forget the account's cached sessions now, instead of when their TTL runs out.
    await announceAccountChange(database.db, account.id);
    console.log(command === "grant" ? `${account.email} is now an admin.` : `${account.email} is no longer an admin.`);
    if (command === "grant" && !account.emailVerified) {
      console.log("Note: admin access starts once this account has confirmed its e-mail address.");
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
});

import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, plural, type PlatformCompany } from "../../../domain";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { ReconcileGauges } from "../../lib/metrics";
import type { EmailSender } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { PaymentGateway } from "../../providers/payments/payments";
import { formatReconcileReport, reconcile, type ReconcileReport } from "./reconcile";

/** Every day at 05:30 UK time: before the day's payouts (09:05), after the night's refunds and sweeps. */
export const RECONCILE_SCHEDULE = "30 5 * * *";
/** An e-mail names this many problems; the rest are in `npm run admin -- reconcile`. */
const PROBLEMS_IN_EMAIL = 50;

export interface ReconcileCheckContext {
  db: Db;
  gateway: PaymentGateway;
  email: EmailSender;
  /** The platform's company, named in the e-mail's footer. */
  company: PlatformCompany;
  gauges: ReconcileGauges;
  log: FastifyBaseLogger;
}

/**
 * The daily reconcile (decision 027): its problems counted on /metrics (`eventora_reconcile_problems`, and
 * the time of the last run that finished), and, when there are any, every admin e-mailed the list. A run
 * that cannot finish (the database or the provider) throws, so the job is retried and the gauge of the last
 * finished run goes stale, which is what an alert watches.
 */
export async function runReconcileCheck({ db, gateway, email, company, gauges, log }: ReconcileCheckContext): Promise<ReconcileReport> {
  const report = await reconcile(db, { gateway });
  gauges.problems.set(report.problems.length);
  gauges.lastRun.set(Date.now() / 1000);
  if (!report.problems.length) return report;
  log.error({ problems: report.problems.length }, "reconcile found problems in the money ledger");
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  const shown = report.problems.slice(0, PROBLEMS_IN_EMAIL);
  const listed = formatReconcileReport({ ...report, problems: shown }).split("\n");
  const content = renderEmail({
    preheader: `Reconcile found ${plural(report.problems.length, "problem")} in the money ledger.`,
    heading: `Reconcile found ${plural(report.problems.length, "problem")}`,
    paragraphs: [
      "Today's check of the money ledger against the bookings, payouts and the payment provider did not balance. Nothing has been changed; please look into each problem below.",
      ...listed,
      ...(report.problems.length > shown.length ? [`…and ${plural(report.problems.length - shown.length, "more problem")}: run npm run admin -- reconcile for the full list.`] : []),
    ],
    footnote: `${BRAND.name} sends this to every admin after each daily check that finds a problem.`,
    company,
  });
  for (const admin of admins) {
    await email.send({ to: admin.email, subject: `${BRAND.name} reconcile: ${plural(report.problems.length, "problem")} in the money ledger`, html: content.html, text: content.text });
  }
  return report;
}

/** The daily reconcile job. */
export async function startReconcileJob({ jobs, ...context }: ReconcileCheckContext & { jobs: Jobs }) {
  await jobs.work(QUEUES.reconcile, async () => {
    await runReconcileCheck(context);
  });
  await jobs.schedule(QUEUES.reconcile, RECONCILE_SCHEDULE);
}

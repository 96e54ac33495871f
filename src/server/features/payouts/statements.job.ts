import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, feeStatementPath, formatFeeStatementNumber, formatPounds, formatStatementMonth, plural, previousUkMonth } from "../../../domain";
import type { PlatformCompany } from "../../config";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { NoticeMailer } from "../../lib/notice-mailer";
import { feeStatementTitle, feeStatementTotals, issueFeeStatement, issueFeeStatements, type IssuedFeeStatement } from "./fee-statements.service";

interface FeeStatementEmailJob {
  organiserId: string;
  month: string;
}

/** Long enough that a run of the same month repeated within a year still finds the first run's job. */
const KEEP_JOB_SECONDS = 400 * 24 * 3600;

/** A UUID made from a key (the same key, the same id), so pg-boss refuses a second job for it. */
export function keyedJobId(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Issues the statement of each organiser whose events were charged platform fees in `month` (a closed UK
 * month; one transaction each) and queues one e-mail per statement. Each job's id comes from (organiser,
 * month): a repeat run (a retried schedule, an admin's rerun) issues and adds none. Answers how many
 * e-mails were newly queued.
 */
export async function queueFeeStatementEmails(
  { db, jobs, company, now = new Date() }: { db: Db; jobs: Jobs; company: PlatformCompany; now?: Date },
  month: string,
): Promise<number> {
  await jobs.ready;
  let queued = 0;
  for (const { organiserId } of await issueFeeStatements({ db, month, company, now })) {
    const id = await jobs.boss.send(QUEUES.feeStatementEmail, { organiserId, month } satisfies FeeStatementEmailJob, {
      id: keyedJobId(`fee-statement:${organiserId}:${month}`),
      deleteAfterSeconds: KEEP_JOB_SECONDS,
    });
    if (id) queued++;
  }
  return queued;
}

/** The e-mail with the link to a month's issued platform-fee statement. */
export function feeStatementMessage({ to, statement, publicUrl, company }: { to: string; statement: IssuedFeeStatement; publicUrl: string; company: PlatformCompany }): EmailMessage {
  const { month, lines } = statement;
  const monthName = formatStatementMonth(month);
  const total = feeStatementTotals(lines).grossPence;
  const content = renderEmail({
    preheader: `Platform fees for ${monthName}: ${formatPounds(total)}.`,
    heading: `Your platform fee statement for ${monthName}`,
    paragraphs: [
      `Your statement of the fees ${BRAND.name} charged on your events in ${monthName} is ready. The fees are taken from your payouts, so there is nothing to pay.`,
      "You can find every month's statement on your dashboard's Payouts tab.",
    ],
    details: [
      { label: feeStatementTitle(statement), value: formatFeeStatementNumber(statement.number) },
      { label: "Month", value: monthName },
      { label: "Events", value: plural(lines.length, "event") },
      { label: "Fees charged", value: formatPounds(total) },
    ],
    action: {
      label: "Download the statement (PDF)",
      url: `${publicUrl}${feeStatementPath(month)}`,
    },
    footnote: `Questions? Write to ${BRAND.supportEmail}.`,
    company,
  });
  return {
    to,
    subject: `Your ${BRAND.name} fee statement: ${monthName}`,
    html: content.html,
    text: content.text,
  };
}

/** Sends one organiser's statement e-mail (a retry after a crash between sending and completing may send it twice). */
export async function deliverFeeStatementEmail(
  { company, ...mailer }: Pick<NoticeMailer, "db" | "email" | "publicUrl" | "company">,
  { organiserId, month }: FeeStatementEmailJob,
): Promise<void> {
  const [user] = await mailer.db.select({ email: users.email }).from(users).where(eq(users.id, organiserId));
  // Issued by the run that queued this e-mail: this finds it.
  const statement = await issueFeeStatement({ db: mailer.db, organiserId, month, company, now: new Date() });
  if (!user || !statement) return;
  await mailer.email.send(feeStatementMessage({ to: user.email, statement, publicUrl: mailer.publicUrl, company }));
}

/** The monthly run (06:00 UK time on the 1st, for the month before): it issues the statements and queues their e-mails. */
export async function startFeeStatementJobs({ jobs, mailer, log }: { jobs: Jobs; mailer: Pick<NoticeMailer, "db" | "email" | "publicUrl" | "company">; log: FastifyBaseLogger }) {
  await jobs.work<{ month?: string }>(QUEUES.feeStatements, async (job) => {
    const month = job.data?.month ?? previousUkMonth(new Date());
    const queued = await queueFeeStatementEmails({ db: mailer.db, jobs, company: mailer.company }, month);
    if (queued) log.info({ month, queued }, "fee statement e-mails queued");
  });
  await jobs.schedule(QUEUES.feeStatements, "0 6 1 * *");
  await jobs.work<FeeStatementEmailJob>(QUEUES.feeStatementEmail, async (job) => {
    try {
      await deliverFeeStatementEmail(mailer, job.data);
    } catch (error) {
      log.warn({ err: error, ...job.data, attempt: job.retryCount + 1 }, "fee statement e-mail not sent; it will be retried");
      throw error;
    }
  });
}

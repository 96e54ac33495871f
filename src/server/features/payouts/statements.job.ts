import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, feeStatementPath, formatPounds, formatStatementMonth, plural, previousUkMonth } from "../../../domain";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { NoticeMailer } from "../../lib/notice-mailer";
import { feeStatementLines, organisersWithFees, type FeeStatementLine } from "./statements.service";

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
 * Queues one statement e-mail per organiser whose events were charged platform fees in `month`. Each job's
 * id comes from (organiser, month): a repeat run (a retried schedule, an admin's rerun) adds none. Answers
 * how many were newly queued.
 */
export async function queueFeeStatementEmails({ db, jobs }: { db: Db; jobs: Jobs }, month: string): Promise<number> {
  await jobs.ready;
  let queued = 0;
  for (const organiserId of await organisersWithFees(db, month)) {
    const id = await jobs.boss.send(QUEUES.feeStatementEmail, { organiserId, month } satisfies FeeStatementEmailJob, {
      id: keyedJobId(`fee-statement:${organiserId}:${month}`),
      deleteAfterSeconds: KEEP_JOB_SECONDS,
    });
    if (id) queued++;
  }
  return queued;
}

/** The e-mail with the link to a month's platform-fee statement. */
export function feeStatementMessage({
  to,
  month,
  lines,
  publicUrl,
}: {
  to: string;
  month: string;
  lines: FeeStatementLine[];
  publicUrl: string;
}): EmailMessage {
  const monthName = formatStatementMonth(month);
  const total = lines.reduce((sum, line) => sum + line.organiserFeesPence + line.absorbedFeesPence, 0);
  const content = renderEmail({
    preheader: `Platform fees for ${monthName}: ${formatPounds(total)}.`,
    heading: `Your platform fee statement for ${monthName}`,
    paragraphs: [
      `Your statement of the fees ${BRAND.name} charged on your events in ${monthName} is ready. The fees are taken from your payouts, so there is nothing to pay.`,
      "You can find every month's statement on your dashboard's Payouts tab.",
    ],
    details: [
      { label: "Month", value: monthName },
      { label: "Events", value: plural(lines.length, "event") },
      { label: "Fees charged", value: formatPounds(total) },
    ],
    action: {
      label: "Download the statement (PDF)",
      url: `${publicUrl}${feeStatementPath(month)}`,
    },
    footnote: `Questions? Write to ${BRAND.supportEmail}.`,
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
  mailer: Pick<NoticeMailer, "db" | "email" | "publicUrl">,
  { organiserId, month }: FeeStatementEmailJob,
): Promise<void> {
  const [user] = await mailer.db.select({ email: users.email }).from(users).where(eq(users.id, organiserId));
  const lines = await feeStatementLines(mailer.db, organiserId, month);
  if (!user || !lines.length) return;
  await mailer.email.send(
    feeStatementMessage({
      to: user.email,
      month,
      lines,
      publicUrl: mailer.publicUrl,
    }),
  );
}

/** The monthly run (06:00 UK time on the 1st, for the month before) and the e-mails it queues. */
export async function startFeeStatementJobs({
  jobs,
  mailer,
  log,
}: {
  jobs: Jobs;
  mailer: Pick<NoticeMailer, "db" | "email" | "publicUrl">;
  log: FastifyBaseLogger;
}) {
  await jobs.work<{ month?: string }>(QUEUES.feeStatements, async (job) => {
    const month = job.data?.month ?? previousUkMonth(new Date());
    const queued = await queueFeeStatementEmails({ db: mailer.db, jobs }, month);
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

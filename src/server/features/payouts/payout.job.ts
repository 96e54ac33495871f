import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { PaymentGateway } from "../../providers/payments/payments";
import { runDuePayouts, settleEventPayouts } from "./payouts.service";

/** Payouts are looked for five minutes past every hour (the first due ones at 09:05 UK time). */
export const PAYOUT_SCHEDULE = "5 * * * *";

/**
 * The payout jobs (D23): every hour one node pays whatever is due (a node killed mid-run leaves its job to
 * be retried, and the run resumes from the payout rows and provider keys it left); and after a refund or
 * dispute, the event's payouts are settled again.
 */
export async function startPayoutJobs({ jobs, db, gateway, provider, log }: { jobs: Jobs; db: Db; gateway: PaymentGateway; provider: string; log: FastifyBaseLogger }) {
  const context = { db, gateway, provider, log };
  await jobs.work(QUEUES.payouts, async () => {
    const report = await runDuePayouts(context);
    if (report.paid.length || report.reversed.length || report.waiting.length || report.failed.length) {
      log.info({ paid: report.paid.length, reversed: report.reversed.length, waiting: report.waiting.length, failed: report.failed.length }, "payout run");
    }
  });
  await jobs.work<{ eventId: string }>(QUEUES.payoutSettle, async (job) => {
    await settleEventPayouts(context, job.data.eventId);
  });
  await jobs.schedule(QUEUES.payouts, PAYOUT_SCHEDULE);
}

import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { refunds } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { PaymentGateway } from "../../providers/payments/payments";
import { completeRefund } from "./refunds.service";

/** How long a pending refund may wait before the sweep queues it again (its job's retries ran out, e.g. a long provider outage). */
const SWEEP_AFTER_MINUTES = 10;

/**
 * The refund job (decision 027): pays each pending refund through the provider, retried with backoff; a
 * crash mid-way leaves the job to be retried, and the provider's idempotency key keeps it one refund.
 * Every ten minutes a sweep queues again any refund still pending, so none is left behind for good.
 */
export async function startRefundJob({ jobs, db, gateway, log }: { jobs: Jobs; db: Db; gateway: PaymentGateway; log: FastifyBaseLogger }) {
  await jobs.work<{ refundId: string }>(QUEUES.refund, async (job) => {
    try {
      await completeRefund({ db, gateway, jobs, refundId: job.data.refundId });
    } catch (error) {
      log.warn({ err: error, refundId: job.data.refundId, attempt: job.retryCount + 1 }, "refund not paid back yet; it will be retried");
      throw error;
    }
  });
  await jobs.work(QUEUES.refundSweep, async () => {
    const stuck = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, sql`now() - make_interval(mins => ${SWEEP_AFTER_MINUTES})`)))
      .limit(500);
    for (const refund of stuck) await jobs.boss.send(QUEUES.refund, { refundId: refund.id }, { singletonKey: refund.id });
  });
  await jobs.schedule(QUEUES.refundSweep, "*/10 * * * *");
}

import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { startExpireHoldsJob } from "../features/checkout/expire-holds.job";
import { startRefundEmailJob } from "../features/checkout/refund-email.job";
import { deliverQueuedTicketEmail, type TicketMailer } from "../features/tickets/send-ticket-email.service";
import { QUEUES, type Jobs, type TicketEmailJob } from "./jobs";

/** The product's background work: ticket e-mails as bookings are confirmed, refund notices, and lapsed checkouts every minute. */
export async function startWorkers({ jobs, db, mailer, log }: { jobs: Jobs; db: Db; mailer: TicketMailer; log: FastifyBaseLogger }) {
  await jobs.work<TicketEmailJob>(QUEUES.ticketEmail, async (job) => {
    const lastAttempt = job.retryCount >= job.retryLimit;
    try {
      await deliverQueuedTicketEmail(mailer, { bookingId: job.data.bookingId, lastAttempt });
    } catch (error) {
      log.warn({ err: error, bookingId: job.data.bookingId, attempt: job.retryCount + 1 }, "ticket e-mail not sent; it will be retried");
      throw error;
    }
  });
  await startRefundEmailJob({ jobs, mailer, log });
  await startExpireHoldsJob({ jobs, db, log });
}

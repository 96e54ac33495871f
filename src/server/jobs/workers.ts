import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { expireLapsedOrders } from "../features/checkout/checkout.service";
import { deliverRefundEmail } from "../features/checkout/refund-email";
import type { TicketMailer } from "../features/tickets/send-ticket-email.service";
import { workTicketEmails } from "../features/tickets/ticket-email.job";
import { QUEUES, type Jobs, type RefundEmailJob } from "./jobs";

/** The product's background work: ticket e-mails as bookings are confirmed, refund notices, and lapsed checkouts every minute. */
export async function startWorkers({ jobs, db, mailer, log }: { jobs: Jobs; db: Db; mailer: TicketMailer; log: FastifyBaseLogger }) {
  await workTicketEmails({ jobs, mailer, log });
  await jobs.work<RefundEmailJob>(QUEUES.refundEmail, async (job) => {
    try {
      await deliverRefundEmail(mailer, job.data.orderId);
    } catch (error) {
      log.warn({ err: error, orderId: job.data.orderId, attempt: job.retryCount + 1 }, "refund e-mail not sent; it will be retried");
      throw error;
    }
  });
  await jobs.work(QUEUES.expireHolds, async () => {
    const expired = await expireLapsedOrders({ db });
    if (expired) log.info({ expired }, "lapsed checkouts released");
  });
  await jobs.schedule(QUEUES.expireHolds, "* * * * *");
}

import type { FastifyBaseLogger } from "fastify";
import { QUEUES, type Jobs, type TicketEmailJob } from "../../jobs/jobs";
import { deliverQueuedTicketEmail, type TicketMailer } from "./send-ticket-email.service";

/** Ticket delivery (ARCHITECTURE): each confirmed booking's ticket e-mail, retried with backoff until sent. */
export async function workTicketEmails({ jobs, mailer, log }: { jobs: Jobs; mailer: TicketMailer; log: FastifyBaseLogger }) {
  await jobs.work<TicketEmailJob>(QUEUES.ticketEmail, async (job) => {
    const lastAttempt = job.retryCount >= job.retryLimit;
    try {
      await deliverQueuedTicketEmail(mailer, { bookingId: job.data.bookingId, lastAttempt });
    } catch (error) {
      log.warn({ err: error, bookingId: job.data.bookingId, attempt: job.retryCount + 1 }, "ticket e-mail not sent; it will be retried");
      throw error;
    }
  });
}

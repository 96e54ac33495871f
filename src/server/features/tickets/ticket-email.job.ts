import type { FastifyBaseLogger } from "fastify";
import { QUEUES, type Jobs, type TicketEmailJob } from "../../jobs/jobs";
import { deliverAttendeeTicketEmail, deliverQueuedTicketEmail, ticketsForAttendeeEmails, type TicketMailer } from "./send-ticket-email.service";

/**
 * Ticket delivery (ARCHITECTURE): each confirmed booking's ticket e-mail to its buyer, retried with backoff until
 * sent, and each attendee with an address of their own their own ticket (issue 36), a job per ticket.
 */
export async function workTicketEmails({ jobs, mailer, log }: { jobs: Jobs; mailer: TicketMailer; log: FastifyBaseLogger }) {
  await jobs.work<TicketEmailJob>(QUEUES.ticketEmail, async (job) => {
    const { bookingId, ticketId } = job.data;
    const lastAttempt = job.retryCount >= job.retryLimit;
    try {
      if (ticketId) return await deliverAttendeeTicketEmail(mailer, { bookingId, ticketId });
      // Queued before the buyer's e-mail is sent, so a failing buyer's address holds up no attendee. The job's id is
      // the ticket's: pg-boss inserts a job id once, so a retry of this job queues no attendee's e-mail again.
      for (const id of await ticketsForAttendeeEmails(mailer.db, bookingId)) {
        await jobs.boss.send(QUEUES.ticketEmail, { bookingId, ticketId: id } satisfies TicketEmailJob, { id });
      }
      await deliverQueuedTicketEmail(mailer, { bookingId, lastAttempt });
    } catch (error) {
      log.warn({ err: error, bookingId, ticketId, attempt: job.retryCount + 1 }, "ticket e-mail not sent; it will be retried");
      throw error;
    }
  });
}

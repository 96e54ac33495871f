import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { startExpireHoldsJob } from "../features/checkout/expire-holds.job";
import { startRefundEmailJob } from "../features/checkout/refund-email.job";
import type { TicketMailer } from "../features/tickets/send-ticket-email.service";
import { workTicketEmails } from "../features/tickets/ticket-email.job";
import type { Jobs } from "./jobs";

/** The product's background work: ticket e-mails as bookings are confirmed, refund notices, and lapsed checkouts every minute. */
export async function startWorkers({ jobs, db, mailer, log }: { jobs: Jobs; db: Db; mailer: TicketMailer; log: FastifyBaseLogger }) {
  await workTicketEmails({ jobs, mailer, log });
  await startRefundEmailJob({ jobs, mailer, log });
  await startExpireHoldsJob({ jobs, db, log });
}

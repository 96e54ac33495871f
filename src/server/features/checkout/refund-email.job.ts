import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, formatPounds, type PlatformCompany } from "../../../domain";
import { orders } from "../../db/schema";
import { QUEUES, type Jobs, type RefundEmailJob } from "../../jobs/jobs";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { TicketMailer } from "../tickets/send-ticket-email.service";

type OrderRow = typeof orders.$inferSelect;

/** The e-mail telling a buyer that their payment was refunded instead of turned into tickets, and why. */
export function refundEmailMessage(order: Pick<OrderRow, "attendeeEmail" | "attendeeName" | "totalPence" | "sessionId" | "refundReason">, publicUrl: string, company: PlatformCompany): EmailMessage {
  const amount = formatPounds(order.totalPence);
  const content = renderEmail({
    preheader: `We have refunded your payment of ${amount}.`,
    heading: "Your payment has been refunded",
    paragraphs: [
      `Hello ${order.attendeeName},`,
      `We could not issue the tickets you paid for, so we have refunded your payment of ${amount} in full.`,
      order.refundReason ?? "The tickets were no longer available when the payment arrived.",
      "The refund goes back to the card you paid with; your bank usually shows it within 5 to 10 working days.",
    ],
    details: [
      { label: "Amount refunded", value: amount },
      { label: "Payment reference", value: order.sessionId },
    ],
    action: { label: "Browse events", url: `${publicUrl}/events` },
    footnote: `Questions? Write to ${BRAND.supportEmail}.`,
    company,
  });
  return { to: order.attendeeEmail, subject: "Your payment has been refunded", html: content.html, text: content.text };
}

/**
 * The refund-email job: tells the buyer of a refunded order once (a retry after a crash between
 * sending and recording may send it twice, never zero times). A failure is thrown so the job retries.
 */
export async function deliverRefundEmail(mailer: Pick<TicketMailer, "db" | "email" | "publicUrl" | "company">, orderId: string): Promise<void> {
  const [order] = await mailer.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== "refunded" || order.refundEmailSentAt) return;
  await mailer.email.send(refundEmailMessage(order, mailer.publicUrl, mailer.company));
  await mailer.db.update(orders).set({ refundEmailSentAt: new Date() }).where(eq(orders.id, orderId));
}

/** Starts the refund-email job's worker: each refunded order's notice, retried with backoff until sent. */
export async function startRefundEmailJob({ jobs, mailer, log }: { jobs: Jobs; mailer: Pick<TicketMailer, "db" | "email" | "publicUrl" | "company">; log: FastifyBaseLogger }) {
  await jobs.work<RefundEmailJob>(QUEUES.refundEmail, async (job) => {
    try {
      await deliverRefundEmail(mailer, job.data.orderId);
    } catch (error) {
      log.warn({ err: error, orderId: job.data.orderId, attempt: job.retryCount + 1 }, "refund e-mail not sent; it will be retried");
      throw error;
    }
  });
}

import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, formatEventDate } from "../../../domain";
import { bookings, events, refundRequests } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { TicketMailer } from "../tickets/send-ticket-email.service";
import type { RefundRequestNoticeJob } from "./refund-requests.service";

/**
 * The e-mail telling a buyer that their refund request was declined, with the organiser's note. An
 * approval needs no e-mail of its own: the refund notice (refund-notice.job.ts) is the answer, sent once
 * the money is on its way back, and says the request was approved (decision 027).
 */
export function refundRequestDeclinedMessage({
  request,
  booking,
  event,
  publicUrl,
}: {
  request: typeof refundRequests.$inferSelect;
  booking: typeof bookings.$inferSelect;
  event: typeof events.$inferSelect;
  publicUrl: string;
}): EmailMessage {
  const heading = "Your refund request was declined";
  const content = renderEmail({
    preheader: `The organiser of ${event.title} declined your refund request.`,
    heading,
    paragraphs: [
      `Hello ${booking.attendeeName},`,
      `The organiser of ${event.title} (${formatEventDate(event.dateTime.toISOString())}) has declined your refund request, so your tickets stay valid and nothing has been charged or refunded.`,
      request.decisionNote ? `The organiser's note: ${request.decisionNote}` : "The organiser did not add a note.",
    ],
    details: [
      { label: "Event", value: event.title },
      { label: "Your reason", value: request.reason },
      { label: "Ticket code", value: booking.ticketCode },
    ],
    action: { label: "View My Tickets", url: `${publicUrl}/my-tickets` },
    footnote: `Think this is wrong? Write to ${BRAND.supportEmail} with your ticket code.`,
  });
  return { to: booking.attendeeEmail, subject: `Refund request declined: ${event.title}`, html: content.html, text: content.text };
}

/** Sends a declined request's e-mail; a failure is thrown so the job retries (a retry may send it twice, never zero times). */
export async function deliverRefundRequestNotice(mailer: Pick<TicketMailer, "db" | "email" | "publicUrl">, requestId: string): Promise<void> {
  const [row] = await mailer.db
    .select({ request: refundRequests, booking: bookings, event: events })
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(refundRequests.id, requestId));
  if (!row || row.request.status !== "declined") return;
  await mailer.email.send(refundRequestDeclinedMessage({ ...row, publicUrl: mailer.publicUrl }));
}

export async function startRefundRequestNoticeJob({ jobs, mailer, log }: { jobs: Jobs; mailer: Pick<TicketMailer, "db" | "email" | "publicUrl">; log: FastifyBaseLogger }) {
  await jobs.work<RefundRequestNoticeJob>(QUEUES.refundRequestNotice, async (job) => {
    try {
      await deliverRefundRequestNotice(mailer, job.data.requestId);
    } catch (error) {
      log.warn({ err: error, requestId: job.data.requestId, attempt: job.retryCount + 1 }, "refund request notice not sent; it will be retried");
      throw error;
    }
  });
}

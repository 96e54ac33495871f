import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, describeRefund, formatEventDate, type PlatformCompany } from "../../../domain";
import { bookings, events, refunds } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { NoticeMailer } from "../../lib/notice-mailer";

type RefundRow = typeof refunds.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;

const tickets = (n: number) => `${n} ${n === 1 ? "ticket" : "tickets"}`;

/** The e-mail telling a buyer that (some of) their tickets were refunded: how much, why, and what still stands. */
export function refundNoticeMessage({ refund, booking, event, publicUrl, company }: { refund: RefundRow; booking: BookingRow; event: EventRow; publicUrl: string; company: PlatformCompany }): EmailMessage {
  const amount = describeRefund(refund);
  const paid = refund.ticketPence + refund.feePence > 0;
  const cancelled = refund.source === "cancellation";
  // A buyer's request has no e-mail of its own when approved: this notice is the answer (decision 027).
  const requested = refund.source === "buyer-request" || refund.source === "postponement";
  const heading = cancelled ? `${event.title} has been cancelled` : requested ? "Your refund request was approved" : `Your refund for ${event.title}`;
  const paragraphs = [
    `Hello ${booking.attendeeName},`,
    cancelled
      ? `The organiser has cancelled ${event.title} (${formatEventDate(event.dateTime.toISOString())}). ${paid ? `We have refunded you in full, including the booking fee: ${amount}.` : "Your free tickets have been cancelled."}`
      : `${tickets(refund.quantity)} of your booking ${refund.quantity === 1 ? "has" : "have"} been refunded${paid ? `: ${amount}` : ""}.`,
    ...(requested
      ? [refund.source === "postponement" ? "The event's date changed, so the booking fee came back too." : "The booking fee is not refundable on a buyer's request, so it is not included."]
      : []),
    ...(cancelled || requested ? [] : [`Reason: ${refund.reason}`]),
    booking.ticketQuantity > 0
      ? `Your other ${tickets(booking.ticketQuantity)} still ${booking.ticketQuantity === 1 ? "stands" : "stand"}: the QR code you have keeps working for ${booking.ticketQuantity === 1 ? "it" : "them"}.`
      : "The refunded ticket's QR code no longer works for entry.",
    ...(paid ? ["The money goes back to the card you paid with within 5-7 business days."] : []),
  ];
  const content = renderEmail({
    preheader: paid ? `We have refunded ${amount}.` : heading,
    heading,
    paragraphs,
    details: [
      { label: "Event", value: event.title },
      { label: "Tickets refunded", value: String(refund.quantity) },
      ...(paid ? [{ label: "Amount refunded", value: amount }] : []),
      { label: "Ticket code", value: booking.ticketCode },
    ],
    action: { label: "View My Tickets", url: `${publicUrl}/my-tickets` },
    footnote: `Questions? Write to ${BRAND.supportEmail}.`,
    company,
  });
  return { to: booking.attendeeEmail, subject: cancelled ? `Cancelled: ${event.title}, your refund` : `Your refund: ${event.title}`, html: content.html, text: content.text };
}

/**
 * Sends a refund's notice once it has been paid back (a retry after a crash between sending and recording
 * may send it twice, never zero times). A failure is thrown so the job retries.
 */
export async function deliverRefundNotice(mailer: Pick<NoticeMailer, "db" | "email" | "publicUrl" | "company">, refundId: string): Promise<void> {
  const [row] = await mailer.db
    .select({ refund: refunds, booking: bookings, event: events })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== "succeeded" || row.refund.emailSentAt) return;
  await mailer.email.send(refundNoticeMessage({ ...row, publicUrl: mailer.publicUrl, company: mailer.company }));
  await mailer.db.update(refunds).set({ emailSentAt: new Date() }).where(eq(refunds.id, refundId));
}

export async function startRefundNoticeJob({ jobs, mailer, log }: { jobs: Jobs; mailer: Pick<NoticeMailer, "db" | "email" | "publicUrl" | "company">; log: FastifyBaseLogger }) {
  await jobs.work<{ refundId: string }>(QUEUES.refundNotice, async (job) => {
    try {
      await deliverRefundNotice(mailer, job.data.refundId);
    } catch (error) {
      log.warn({ err: error, refundId: job.data.refundId, attempt: job.retryCount + 1 }, "refund notice not sent; it will be retried");
      throw error;
    }
  });
}

import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, formatDateTime, type PlatformCompany } from "../../../domain";
import { bookings, events } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import { ticketCalendar } from "../tickets/ticket-email";
import type { TicketMailer } from "../tickets/send-ticket-email.service";

type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;

export interface PostponementNoticeJob {
  bookingId: string;
  /** The postponement this notice is for (ISO): a later postponement's own notice supersedes it. */
  postponedAt: string;
}

/**
 * The calendar entry's SEQUENCE for a postponement: seconds since 2020, so each later change is higher
 * and a calendar replaces the entry it has (same UID as the ticket e-mail's) instead of adding one.
 */
export function calendarSequence(postponedAt: Date): number {
  return Math.max(1, Math.floor((postponedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000));
}

/** The e-mail telling a buyer their event has a new date: the ticket stands, a full refund may be asked for until the window ends. */
export function postponementNoticeMessage({ booking, event, publicUrl, company }: { booking: BookingRow; event: EventRow; publicUrl: string; company: PlatformCompany }): EmailMessage {
  const newDate = formatDateTime(event.dateTime.toISOString());
  const oldDate = event.previousDateTime ? formatDateTime(event.previousDateTime.toISOString()) : null;
  const windowEnds = event.refundWindowEndsAt ? formatDateTime(event.refundWindowEndsAt.toISOString()) : null;
  const tickets = booking.ticketQuantity === 1 ? "Your ticket stays valid" : `Your ${booking.ticketQuantity} tickets stay valid`;
  const content = renderEmail({
    preheader: `${event.title} has a new date: ${newDate}.`,
    heading: `${event.title} has a new date`,
    paragraphs: [
      `Hello ${booking.attendeeName},`,
      `The organiser has moved ${event.title}${oldDate ? ` from ${oldDate}` : ""} to ${newDate}.`,
      `${tickets} for the new date: the QR code you have keeps working, so there is nothing you need to do.`,
      windowEnds
        ? `If the new date does not suit you, you can ask for a full refund, including the booking fee, from My Tickets until ${windowEnds}.`
        : "If the new date does not suit you, you can ask for a refund from My Tickets.",
      "The attached calendar file updates the event in your calendar.",
    ],
    details: [
      { label: "Event", value: event.title },
      { label: "New date", value: newDate },
      ...(oldDate ? [{ label: "Was", value: oldDate }] : []),
      { label: "Ticket code", value: booking.ticketCode },
    ],
    action: { label: "View My Tickets", url: `${publicUrl}/my-tickets` },
    footnote: `Questions? Write to ${BRAND.supportEmail}.`,
    company,
  });
  const calendar = ticketCalendar({
    attendeeName: booking.attendeeName,
    ticketCode: booking.ticketCode,
    ticketQuantity: booking.ticketQuantity,
    event,
    publicUrl,
    sequence: event.postponedAt ? calendarSequence(event.postponedAt) : undefined,
  });
  return {
    to: booking.attendeeEmail,
    subject: `New date: ${event.title}`,
    html: content.html,
    text: content.text,
    attachments: [{ filename: `${booking.ticketCode}.ics`, content: Buffer.from(calendar), contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}

/**
 * Sends one booking's postponement notice, unless the booking has no valid tickets left, the event was
 * cancelled since, or a later postponement (whose own notice is queued) replaced this one. A failure is
 * thrown so the job retries; a crash after sending may send it twice, never zero times.
 */
export async function deliverPostponementNotice(mailer: Pick<TicketMailer, "db" | "email" | "publicUrl" | "company">, job: PostponementNoticeJob): Promise<boolean> {
  const [row] = await mailer.db.select({ booking: bookings, event: events }).from(bookings).innerJoin(events, eq(events.id, bookings.eventId)).where(eq(bookings.id, job.bookingId));
  if (!row || row.booking.status !== "confirmed" || row.booking.ticketQuantity <= 0 || row.event.status === "cancelled") return false;
  if (row.event.postponedAt?.toISOString() !== job.postponedAt) return false;
  await mailer.email.send(postponementNoticeMessage({ ...row, publicUrl: mailer.publicUrl, company: mailer.company }));
  return true;
}

export async function startPostponementNoticeJob({ jobs, mailer, log }: { jobs: Jobs; mailer: Pick<TicketMailer, "db" | "email" | "publicUrl" | "company">; log: FastifyBaseLogger }) {
  await jobs.work<PostponementNoticeJob>(QUEUES.postponementNotice, async (job) => {
    try {
      await deliverPostponementNotice(mailer, job.data);
    } catch (error) {
      log.warn({ err: error, bookingId: job.data.bookingId, attempt: job.retryCount + 1 }, "postponement notice not sent; it will be retried");
      throw error;
    }
  });
}

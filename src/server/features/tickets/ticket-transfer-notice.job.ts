import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, formatEventDate, formatEventTime, type PlatformCompany } from "../../../domain";
import { bookings, events, ticketChanges, tickets } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { NoticeMailer } from "../../lib/notice-mailer";

export interface TicketTransferNoticeJob {
  changeId: string;
}

/**
 * What the buyer (and the ticket's holder until now, at their own address) read when a ticket was passed on
 * (issue 36): to whom, and that the old QR code no longer admits. The new holder gets their ticket by its own e-mail.
 */
export function ticketTransferNoticeMessage({
  to,
  greeting,
  change,
  event,
  publicUrl,
  company,
}: {
  to: string;
  greeting: string;
  change: typeof ticketChanges.$inferSelect;
  event: { title: string; dateTime: Date };
  publicUrl: string;
  company: PlatformCompany;
}): EmailMessage {
  const when = `${formatEventDate(event.dateTime.toISOString())}, ${formatEventTime(event.dateTime.toISOString())}`;
  const content = renderEmail({
    preheader: `A ticket for ${event.title} now belongs to ${change.toName}.`,
    heading: "Your ticket was passed on",
    paragraphs: [
      `Hello ${greeting},`,
      `The ticket for ${event.title} (${when}) that was in ${change.fromName}'s name is now ${change.toName}'s. We have sent ${change.toName} their ticket with a new QR code.`,
      `The old QR code (${change.oldCode}) no longer works for entry. If you did not ask for this, write to us at once.`,
    ],
    details: [
      { label: "Event", value: event.title },
      { label: "New holder", value: change.toName },
      { label: "Old ticket code", value: change.oldCode },
    ],
    action: { label: "View My Tickets", url: `${publicUrl}/my-tickets` },
    footnote: `Questions? Write to ${BRAND.supportEmail}.`,
    company,
  });
  return { to, subject: `Ticket passed on: ${event.title}`, html: content.html, text: content.text };
}

/** Sends a transfer's notices (a retry after a crash between sending and completing may send twice, never zero times). */
export async function deliverTicketTransferNotice(mailer: Pick<NoticeMailer, "db" | "email" | "publicUrl" | "company">, changeId: string): Promise<void> {
  const [row] = await mailer.db
    .select({ change: ticketChanges, event: { title: events.title, dateTime: events.dateTime }, buyerName: bookings.attendeeName, buyerEmail: bookings.attendeeEmail })
    .from(ticketChanges)
    .innerJoin(tickets, eq(tickets.id, ticketChanges.ticketId))
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, ticketChanges.eventId))
    .where(eq(ticketChanges.id, changeId));
  if (!row || row.change.kind !== "transfer") return;
  const recipients = new Map([[row.buyerEmail.toLowerCase(), { to: row.buyerEmail, greeting: row.buyerName }]]);
  if (row.change.fromEmail && !recipients.has(row.change.fromEmail.toLowerCase())) recipients.set(row.change.fromEmail.toLowerCase(), { to: row.change.fromEmail, greeting: row.change.fromName });
  for (const { to, greeting } of recipients.values()) {
    await mailer.email.send(ticketTransferNoticeMessage({ to, greeting, change: row.change, event: row.event, publicUrl: mailer.publicUrl, company: mailer.company }));
  }
}

export async function startTicketTransferNoticeJob({ jobs, mailer, log }: { jobs: Jobs; mailer: Pick<NoticeMailer, "db" | "email" | "publicUrl" | "company">; log: FastifyBaseLogger }) {
  await jobs.work<TicketTransferNoticeJob>(QUEUES.ticketTransferNotice, async (job) => {
    try {
      await deliverTicketTransferNotice(mailer, job.data.changeId);
    } catch (error) {
      log.warn({ err: error, changeId: job.data.changeId, attempt: job.retryCount + 1 }, "ticket transfer notice not sent; it will be retried");
      throw error;
    }
  });
}

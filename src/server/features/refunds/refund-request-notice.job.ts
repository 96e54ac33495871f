import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BRAND, formatDateTime, formatEventDate, plural, REFUND_REQUEST_ANSWER_HOURS, ukToday, type PlatformCompany } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events, organiserNoticeSettings, refundRequests, refundRequestSummaries, users } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { NoticeMailer } from "../../lib/notice-mailer";
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
  company,
}: {
  request: typeof refundRequests.$inferSelect;
  booking: typeof bookings.$inferSelect;
  event: typeof events.$inferSelect;
  publicUrl: string;
  company: PlatformCompany;
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
    company,
  });
  return { to: booking.attendeeEmail, subject: `Refund request declined: ${event.title}`, html: content.html, text: content.text };
}

/** Sends a declined request's e-mail; a failure is thrown so the job retries (a retry may send it twice, never zero times). */
export async function deliverRefundRequestNotice(mailer: Pick<NoticeMailer, "db" | "email" | "publicUrl" | "company">, requestId: string): Promise<void> {
  const [row] = await mailer.db
    .select({ request: refundRequests, booking: bookings, event: events })
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(refundRequests.id, requestId));
  if (!row || row.request.status !== "declined") return;
  await mailer.email.send(refundRequestDeclinedMessage({ ...row, publicUrl: mailer.publicUrl, company: mailer.company }));
}

type Mailer = Pick<NoticeMailer, "db" | "email" | "publicUrl" | "company">;

/** Where an organiser answers refund requests: Attendee Management's requests panel. */
const answerUrl = (publicUrl: string) => `${publicUrl}/dashboard/attendees`;

const ANSWER_PROMISE = `The buyer was told to expect an answer within ${REFUND_REQUEST_ANSWER_HOURS} hours.`;

/** The e-mail telling an organiser that a buyer asked for a refund (issue 33: an e-mail per request). */
export function refundRequestReceivedMessage({
  to,
  request,
  booking,
  event,
  publicUrl,
  company,
}: {
  to: string;
  request: typeof refundRequests.$inferSelect;
  booking: typeof bookings.$inferSelect;
  event: typeof events.$inferSelect;
  publicUrl: string;
  company: PlatformCompany;
}): EmailMessage {
  const content = renderEmail({
    preheader: `${booking.attendeeName} asked for a refund for ${event.title}.`,
    heading: "A buyer asked for a refund",
    paragraphs: [
      `${booking.attendeeName} asked for a refund of ${plural(booking.ticketQuantity, "ticket")} for ${event.title} (${formatEventDate(event.dateTime.toISOString())}).`,
      `${ANSWER_PROMISE} Approve or decline it in Attendee Management.`,
    ],
    details: [
      { label: "Event", value: event.title },
      { label: "Buyer", value: `${booking.attendeeName} (${booking.attendeeEmail})` },
      { label: "Tickets", value: String(booking.ticketQuantity) },
      { label: "Their reason", value: request.reason },
      { label: "Ticket code", value: booking.ticketCode },
    ],
    action: { label: "Answer the request", url: answerUrl(publicUrl) },
    footnote: "You can choose one summary e-mail a day instead, in Attendee Management.",
    company,
  });
  return { to, subject: `Refund request: ${event.title}`, html: content.html, text: content.text };
}

/** Sends an organiser a new request's e-mail, unless it was answered first; a failure is thrown so the job retries. */
export async function deliverRefundRequestReceived(mailer: Mailer, requestId: string): Promise<void> {
  const [row] = await mailer.db
    .select({ request: refundRequests, booking: bookings, event: events, organiserEmail: users.email })
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(users, eq(users.id, events.userId))
    .where(eq(refundRequests.id, requestId));
  if (!row || row.request.status !== "pending") return;
  await mailer.email.send(refundRequestReceivedMessage({ ...row, to: row.organiserEmail, publicUrl: mailer.publicUrl, company: mailer.company }));
}

interface RefundRequestSummaryJob {
  userId: string;
  day: string;
}

/**
 * The daily run: for each organiser who chose a summary and has requests still open that were made since
 * their last summary, records today's summary (its UK day the key: a second run that day adds nothing) and
 * queues its e-mail in the same transaction. Answers how many were queued.
 */
export async function queueRefundRequestSummaries({ db, jobs }: { db: Db; jobs: Pick<Jobs, "enqueue"> }, now = new Date()): Promise<number> {
  const day = ukToday(now);
  const lastCovered = sql<Date | null>`(select max(${refundRequestSummaries.coveredUntil}) from ${refundRequestSummaries} where ${refundRequestSummaries.userId} = ${events.userId})`;
  const due = await db
    .selectDistinct({ userId: events.userId })
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(organiserNoticeSettings, and(eq(organiserNoticeSettings.userId, events.userId), eq(organiserNoticeSettings.refundRequestEmails, "daily")))
    .where(and(eq(refundRequests.status, "pending"), lte(refundRequests.createdAt, now), sql`${refundRequests.createdAt} > coalesce(${lastCovered}, '-infinity'::timestamptz)`));
  let queued = 0;
  for (const { userId } of due) {
    const added = await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ until: sql<Date | null>`max(${refundRequestSummaries.coveredUntil})`.mapWith((value) => (value ? new Date(value) : null)) })
        .from(refundRequestSummaries)
        .where(eq(refundRequestSummaries.userId, userId));
      const [summary] = await tx
        .insert(refundRequestSummaries)
        .values({ userId, day, coveredFrom: previous?.until ?? null, coveredUntil: now })
        .onConflictDoNothing()
        .returning();
      if (!summary) return false;
      await jobs.enqueue(tx, QUEUES.refundRequestSummaryEmail, { userId, day } satisfies RefundRequestSummaryJob, { singletonKey: `${userId}:${day}` });
      return true;
    });
    if (added) queued++;
  }
  return queued;
}

/** The requests a summary lists: made in its period on the organiser's events and still open when it is sent, oldest first. */
async function summaryRequests(db: Db, { userId, day }: RefundRequestSummaryJob) {
  const [summary] = await db
    .select()
    .from(refundRequestSummaries)
    .where(and(eq(refundRequestSummaries.userId, userId), eq(refundRequestSummaries.day, day)));
  if (!summary) return [];
  return db
    .select({ request: refundRequests, booking: bookings, event: { title: events.title, dateTime: events.dateTime } })
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(
      and(
        eq(events.userId, userId),
        eq(refundRequests.status, "pending"),
        lte(refundRequests.createdAt, summary.coveredUntil),
        summary.coveredFrom ? gt(refundRequests.createdAt, summary.coveredFrom) : undefined,
      ),
    )
    .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id));
}

/** One organiser's daily summary of open refund requests. */
export function refundRequestSummaryMessage({
  to,
  requests,
  publicUrl,
  company,
}: {
  to: string;
  requests: Awaited<ReturnType<typeof summaryRequests>>;
  publicUrl: string;
  company: PlatformCompany;
}): EmailMessage {
  const count = plural(requests.length, "refund request");
  const content = renderEmail({
    preheader: `${count} waiting for your answer.`,
    heading: `${count} waiting for your answer`,
    paragraphs: [`Buyers asked for these refunds since your last summary, and they are still open. ${ANSWER_PROMISE.replace("The buyer was", "Each buyer was")}`],
    details: requests.map(({ request, booking, event }) => ({
      label: `${event.title} (${formatEventDate(event.dateTime.toISOString())})`,
      value: `${booking.attendeeName}, ${plural(booking.ticketQuantity, "ticket")}, asked ${formatDateTime(request.createdAt.toISOString())}: ${request.reason}`,
    })),
    action: { label: "Answer the requests", url: answerUrl(publicUrl) },
    footnote: "You chose one summary a day; you can choose an e-mail for each request instead, in Attendee Management.",
    company,
  });
  return { to, subject: `${count} waiting: your daily ${BRAND.name} summary`, html: content.html, text: content.text };
}

/** Sends a summary; nothing when every request in it was answered meanwhile. */
export async function deliverRefundRequestSummary(mailer: Mailer, job: RefundRequestSummaryJob): Promise<void> {
  const [organiser] = await mailer.db.select({ email: users.email }).from(users).where(eq(users.id, job.userId));
  const requests = await summaryRequests(mailer.db, job);
  if (!organiser || !requests.length) return;
  await mailer.email.send(refundRequestSummaryMessage({ to: organiser.email, requests, publicUrl: mailer.publicUrl, company: mailer.company }));
}

/** Each job's send, retried on failure (a retry may send twice, never zero times). */
function retried<T extends object>(log: FastifyBaseLogger, what: string, send: (data: T) => Promise<void>) {
  return async (job: { data: T; retryCount: number }) => {
    try {
      await send(job.data);
    } catch (error) {
      log.warn({ err: error, job: job.data as Record<string, unknown>, attempt: job.retryCount + 1 }, `${what} not sent; it will be retried`);
      throw error;
    }
  };
}

export async function startRefundRequestNoticeJob({ jobs, mailer, log }: { jobs: Jobs; mailer: Mailer; log: FastifyBaseLogger }) {
  await jobs.work<RefundRequestNoticeJob>(QUEUES.refundRequestNotice, retried(log, "refund request notice", (data) => deliverRefundRequestNotice(mailer, data.requestId)));
  await jobs.work<RefundRequestNoticeJob>(QUEUES.refundRequestReceived, retried(log, "new refund request e-mail", (data) => deliverRefundRequestReceived(mailer, data.requestId)));
  await jobs.work<{ now?: string }>(QUEUES.refundRequestSummaries, async (job) => {
    const queued = await queueRefundRequestSummaries({ db: mailer.db, jobs }, job.data?.now ? new Date(job.data.now) : new Date());
    if (queued) log.info({ queued }, "refund request summaries queued");
  });
  await jobs.schedule(QUEUES.refundRequestSummaries, "0 8 * * *");
  await jobs.work<RefundRequestSummaryJob>(QUEUES.refundRequestSummaryEmail, retried(log, "refund request summary", (data) => deliverRefundRequestSummary(mailer, data)));
}

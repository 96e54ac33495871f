import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  AppError,
  buyerRefundTerms,
  hasValidTickets,
  isUuid,
  managesEvent,
  refundAmounts,
  REFUND_REQUEST_ANSWER_HOURS,
  type BuyerRefundOptions,
  type BuyerRefundRequest,
  type RefundRequestStatus,
  type RefundRequestView,
} from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { bookings, events, orderLines, refundRequests, tickets, users } from "../../db/schema";
import { QUEUES } from "../../jobs/jobs";
import type { PaymentGateway } from "../../providers/payments/payments";
import type { Actor } from "../auth/session";
import { managedBy } from "../events/managed-events";
import { refundKeys, startBookingRefund, tryCompleteRefund, type RefundJobs } from "./refunds.service";
import { refundRequestEmailsOf } from "./notice-settings.service";

type RequestRow = typeof refundRequests.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;
type Context = { db: Db; gateway: PaymentGateway; jobs: RefundJobs; log?: FastifyBaseLogger };

const BOOKING_NOT_FOUND = "Booking not found";
const REQUEST_NOT_FOUND = "Refund request not found";

/** A job about one refund request (refund-request-notice.job.ts): the buyer's decline, or the organiser's new request. */
export interface RefundRequestNoticeJob {
  requestId: string;
}

function buyerRequestView(row: RequestRow): BuyerRefundRequest {
  return {
    requestId: row.id,
    status: row.status as RefundRequestStatus,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    // Approved with nobody deciding: the postponement window's automatic approval.
    automatic: row.status === "approved" && row.decidedBy === null,
  };
}

async function unitPrices(db: Db | Tx, orderLineIds: (string | null)[]) {
  const ids = orderLineIds.filter((id): id is string => id !== null);
  const rows = ids.length
    ? await db.select({ id: orderLines.id, unitPricePence: orderLines.unitPricePence, feePerTicketPence: orderLines.feePerTicketPence }).from(orderLines).where(inArray(orderLines.id, ids))
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A booking's valid tickets a buyer may still ask back (issue 36): those not checked in, in order. A ticket
 * used at the door is not refundable (decision 027), but the others of its booking are.
 */
async function waitingTickets(db: Db | Tx, bookingIds: string[]): Promise<Map<string, string[]>> {
  const rows = bookingIds.length
    ? await db
        .select({ id: tickets.id, bookingId: tickets.bookingId })
        .from(tickets)
        .where(and(inArray(tickets.bookingId, bookingIds), eq(tickets.status, "valid"), isNull(tickets.checkedInAt)))
        .orderBy(asc(tickets.bookingId), asc(tickets.position))
    : [];
  const waiting = new Map<string, string[]>(bookingIds.map((id) => [id, []]));
  for (const row of rows) waiting.get(row.bookingId)!.push(row.id);
  return waiting;
}

/** The booking as the refund terms read it: checked in only once none of its valid tickets is still to use. */
const asRefundable = (booking: BookingRow, waiting: number): BookingRow => ({ ...booking, checkedInAt: waiting > 0 ? null : booking.checkedInAt });

/** What refunding `quantity` (default: all) of a booking's valid tickets pays back, from the one rule (refundAmounts). */
function refundPence(booking: BookingRow, line: { unitPricePence: number; feePerTicketPence: number } | undefined, includeFee: boolean, quantity = booking.ticketQuantity): number {
  const amounts = refundAmounts({
    unitPricePence: line?.unitPricePence ?? 0,
    feePerTicketPence: line?.feePerTicketPence ?? 0,
    quantity,
    validQuantity: booking.ticketQuantity,
    commissionPence: 0,
    includeFee,
  });
  return amounts.ticketPence + amounts.feePence;
}

/**
 * My Tickets' refund line for each of the buyer's bookings (decision 027): whether they may ask now and
 * what it pays back, or why not; and their latest request.
 */
export async function buyerRefundOptions(db: Db, rows: { booking: BookingRow; event: EventRow }[], now = new Date()): Promise<Map<string, BuyerRefundOptions>> {
  const bookingIds = rows.map(({ booking }) => booking.id);
  const requests = bookingIds.length
    ? await db.selectDistinctOn([refundRequests.bookingId]).from(refundRequests).where(inArray(refundRequests.bookingId, bookingIds)).orderBy(refundRequests.bookingId, desc(refundRequests.createdAt))
    : [];
  const latest = new Map(requests.map((row) => [row.bookingId, row]));
  const lines = await unitPrices(db, rows.map(({ booking }) => booking.orderLineId));
  const waiting = await waitingTickets(db, bookingIds);
  return new Map(
    rows.map(({ booking, event }) => {
      const left = waiting.get(booking.id)?.length ?? 0;
      const terms = buyerRefundTerms(event, asRefundable(booking, left), now);
      const line = booking.orderLineId ? lines.get(booking.orderLineId) : undefined;
      const request = latest.get(booking.id);
      const options: BuyerRefundOptions = {
        canRequest: terms.allowed && request?.status !== "pending",
        automatic: terms.allowed && terms.automatic,
        includesFee: terms.allowed && terms.includesFee,
        refundPence: terms.allowed ? refundPence(booking, line, terms.includesFee, left) : 0,
        feePerTicketPence: line?.feePerTicketPence ?? 0,
        closesAt: (terms.allowed ? terms.closesAt : terms.closedAt)?.toISOString() ?? null,
        closedReason: terms.allowed ? null : terms.reason,
        request: request ? buyerRequestView(request) : null,
      };
      return [booking.id, options];
    }),
  );
}

/**
 * A buyer asks for a refund of their booking (decision 027). Only the booking's own buyer may; one
 * pending request per booking (a repeat answers the pending one); only while the policy allows. Inside a
 * postponement's refund window the request is approved at once: all valid tickets, the fee included.
 */
export async function requestRefund(
  context: Context & { actor: Actor; bookingId: string; reason: string; ticketIds?: string[]; now?: Date },
): Promise<{ request: BuyerRefundRequest; created: boolean }> {
  const { db, jobs, actor, bookingId, reason, ticketIds, now = new Date() } = context;
  if (!isUuid(bookingId)) throw new AppError("BOOKING_NOT_FOUND", BOOKING_NOT_FOUND);
  const result = await db.transaction(async (tx) => {
    // The booking's lock orders this against the organiser's refunds and answers (booking first, then request).
    const [row] = await tx
      .select({ booking: bookings, event: events })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(and(eq(bookings.id, bookingId.toLowerCase()), eq(bookings.userId, actor.userId)))
      .for("update", { of: bookings });
    if (!row) throw new AppError("BOOKING_NOT_FOUND", BOOKING_NOT_FOUND);
    const [pending] = await tx.select().from(refundRequests).where(and(eq(refundRequests.bookingId, row.booking.id), eq(refundRequests.status, "pending")));
    if (pending) return { request: pending, refundId: null, created: false };
    const waiting = (await waitingTickets(tx, [row.booking.id])).get(row.booking.id)!;
    const terms = buyerRefundTerms(row.event, asRefundable(row.booking, waiting.length), now);
    if (!terms.allowed) throw new AppError("CONFLICT", terms.reason, { reason: "REFUND_NOT_ALLOWED" });
    const named = ticketIds ? [...new Set(ticketIds.map((id) => id.toLowerCase()))] : null;
    if (named && (named.length !== ticketIds!.length || named.some((id) => !waiting.includes(id)))) {
      throw new AppError("BAD_REQUEST", "Choose tickets of this booking that are still valid and not checked in.", { field: "ticketIds" });
    }
    const [request] = await tx.insert(refundRequests).values({ bookingId: row.booking.id, userId: actor.userId, reason, ticketIds: named }).returning();
    if (!terms.automatic) {
      // The organiser is told in this transaction, so a request is never left unannounced (issue 33); one who
      // chose a daily summary hears of it in the next one (refund-request-notice.job.ts).
      if ((await refundRequestEmailsOf(tx, row.event.userId)) === "each") {
        await jobs.enqueue(tx, QUEUES.refundRequestReceived, { requestId: request!.id } satisfies RefundRequestNoticeJob, { singletonKey: request!.id });
      }
      return { request: request!, refundId: null, created: true };
    }
    const { refund } = await startBookingRefund(tx, jobs, {
      bookingId: row.booking.id,
      ticketIds: named ?? waiting,
      source: terms.source,
      reason,
      requestedBy: actor.userId,
      requestKey: refundKeys.request(request!.id),
    });
    const [approved] = await tx
      .update(refundRequests)
      .set({ status: "approved", refundId: refund.id, decidedAt: new Date() })
      .where(eq(refundRequests.id, request!.id))
      .returning();
    return { request: approved!, refundId: refund.id, created: true };
  });
  if (result.refundId) await tryCompleteRefund(context, result.refundId);
  return { request: buyerRequestView(result.request), created: result.created };
}

const requestColumns = {
  request: refundRequests,
  booking: bookings,
  event: { id: events.id, title: events.title, dateTime: events.dateTime, organiserId: events.userId },
  organiserName: users.name,
};

function overdueSince(now: Date): Date {
  return new Date(now.getTime() - REFUND_REQUEST_ANSWER_HOURS * 3_600_000);
}

function requestViews(rows: { request: RequestRow; booking: BookingRow; event: { id: string; title: string; dateTime: Date }; organiserName: string | null }[], lines: Awaited<ReturnType<typeof unitPrices>>, now: Date): RefundRequestView[] {
  const overdueBefore = overdueSince(now);
  return rows.map(({ request, booking, event, organiserName }) => ({
    requestId: request.id,
    status: request.status as RefundRequestStatus,
    reason: request.reason,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionNote: request.decisionNote,
    refundId: request.refundId,
    overdue: request.status === "pending" && request.createdAt < overdueBefore,
    booking: { id: booking.id, ticketCode: booking.ticketCode, ticketQuantity: booking.ticketQuantity, attendeeName: booking.attendeeName, attendeeEmail: booking.attendeeEmail },
    event: { id: event.id, title: event.title, dateTime: event.dateTime.toISOString(), organiserName },
    // A buyer's request never returns the booking fee (spec §9; refundIncludesFee('buyer-request')).
    refundPence: refundPence(booking, booking.orderLineId ? lines.get(booking.orderLineId) : undefined, false, request.ticketIds?.length ?? booking.ticketQuantity),
  }));
}

/**
 * Refund requests on events the actor manages (admins: every organiser's), pending ones oldest first so
 * the longest-waiting lead; answered ones newest first.
 */
export async function listRefundRequests({ db, actor, status, now = new Date() }: { db: Db; actor: Actor; status: RefundRequestStatus; now?: Date }): Promise<RefundRequestView[]> {
  const rows = await db
    .select(requestColumns)
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(users, eq(users.id, events.userId))
    .where(and(eq(refundRequests.status, status), managedBy(actor)))
    .orderBy(status === "pending" ? asc(refundRequests.createdAt) : desc(refundRequests.decidedAt))
    .limit(200);
  return requestViews(rows, await unitPrices(db, rows.map(({ booking }) => booking.orderLineId)), now);
}

async function managedRequest(db: Db | Tx, actor: Actor, requestId: string) {
  if (!isUuid(requestId)) throw new AppError("NOT_FOUND", REQUEST_NOT_FOUND);
  const [row] = await db
    .select(requestColumns)
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(users, eq(users.id, events.userId))
    .where(eq(refundRequests.id, requestId.toLowerCase()));
  if (!row || !managesEvent(actor, row.event.organiserId)) throw new AppError("NOT_FOUND", REQUEST_NOT_FOUND);
  return row;
}

async function viewOf(db: Db, actor: Actor, requestId: string, now = new Date()): Promise<RefundRequestView> {
  const row = await managedRequest(db, actor, requestId);
  return requestViews([row], await unitPrices(db, [row.booking.orderLineId]), now)[0]!;
}

function alreadyAnswered(status: string): AppError {
  return new AppError("CONFLICT", `This refund request was already ${status}.`, { reason: "ALREADY_ANSWERED", status });
}

/**
 * The organiser (or an admin) approves a buyer's request: all the booking's valid tickets are refunded,
 * the booking fee kept (spec §9). Under the booking's lock, the request leaves 'pending' by a conditional
 * UPDATE in the transaction that starts the refund, so two approvals make one refund and an approval
 * racing a decline lets exactly one win. Approving again answers the approved request.
 */
export async function approveRefundRequest(context: Context & { actor: Actor; requestId: string }): Promise<RefundRequestView> {
  const { db, jobs, actor } = context;
  const { request } = await managedRequest(db, actor, context.requestId);
  const refundId = await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, request.bookingId)).for("update");
    const [approved] = await tx
      .update(refundRequests)
      .set({ status: "approved", decidedBy: actor.userId, decidedAt: new Date() })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, "pending")))
      .returning();
    if (!approved) {
      const [now] = await tx.select().from(refundRequests).where(eq(refundRequests.id, request.id));
      if (now?.status === "approved") return now.refundId;
      throw alreadyAnswered(now?.status ?? "answered");
    }
    // Refunded meanwhile in full (by the organiser, or a cancellation): the money has gone back already.
    if (!booking || !hasValidTickets(booking)) return null;
    // The tickets asked for that are still valid and unused; without a choice, every such ticket now.
    const waiting = (await waitingTickets(tx, [booking.id])).get(booking.id)!;
    const chosen = request.ticketIds ? request.ticketIds.filter((id) => waiting.includes(id)) : waiting;
    if (!chosen.length) return null;
    const { refund } = await startBookingRefund(tx, jobs, {
      bookingId: booking.id,
      ticketIds: chosen,
      source: "buyer-request",
      reason: request.reason,
      requestedBy: actor.userId,
      requestKey: refundKeys.request(request.id),
    });
    await tx.update(refundRequests).set({ refundId: refund.id }).where(eq(refundRequests.id, request.id));
    return refund.id;
  });
  if (refundId) await tryCompleteRefund(context, refundId);
  return viewOf(db, actor, request.id);
}

/**
 * The organiser (or an admin) declines a buyer's request, with an optional note; the buyer is e-mailed
 * it (refund-request-notice.job.ts) from the same transaction. Declining again answers the declined request.
 */
export async function declineRefundRequest({ db, jobs, actor, requestId, note }: Context & { actor: Actor; requestId: string; note?: string }): Promise<RefundRequestView> {
  const { request } = await managedRequest(db, actor, requestId);
  await db.transaction(async (tx) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, request.bookingId)).for("update");
    const [declined] = await tx
      .update(refundRequests)
      .set({ status: "declined", decidedBy: actor.userId, decidedAt: new Date(), decisionNote: note?.trim() || null })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, "pending")))
      .returning();
    if (!declined) {
      const [now] = await tx.select({ status: refundRequests.status }).from(refundRequests).where(eq(refundRequests.id, request.id));
      if (now?.status === "declined") return;
      throw alreadyAnswered(now?.status ?? "answered");
    }
    await jobs.enqueue(tx, QUEUES.refundRequestNotice, { requestId: request.id } satisfies RefundRequestNoticeJob, { singletonKey: request.id });
  });
  return viewOf(db, actor, request.id);
}

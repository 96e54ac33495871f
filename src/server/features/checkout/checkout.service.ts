import { randomUUID } from "node:crypto";
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import {
  affiliateCommission,
  AppError,
  CHECKOUT_SESSION_ID_TEMPLATE,
  checkoutLines,
  commissionEarner,
  checkoutSessionExpiry,
  CreatePaymentInput,
  type CreatePaymentResult,
  formatPounds,
  MAX_CHECKOUT_TOTAL_PENCE,
  newTicketCode,
  paymentCancelPath,
  paymentSuccessPath,
  soldByLine,
  agentLine,
  eventPlace,
  formatDateTime,
  type SellerIdentity,
  orderLineTitle,
  normaliseCode,
} from "../../../domain";
import { oncePerDb, type Db } from "../../db/client";
import { settled, statementBatches, togetherOrAlone, type StatementBatches } from "../../db/statement-batches";
import { affiliateCommissions, affiliates, bookings, events, ledgerEntries, orderLines, orders, refunds, ticketTypes } from "../../db/schema";
import type { Jobs } from "../../jobs/jobs";
import { parseInput } from "../../lib/parse-input";
import { newLocalPaymentId } from "../../providers/payments/local";
import { SELLER_TEXT_MAX_LENGTH, transferGroupOf, type PaymentGateway } from "../../providers/payments/payments";
import { bookingChargeEntries, ledgerInsert, recordLedger } from "../ledger/ledger";
import { refundKeys, startUnfulfilledRefund, tryCompleteRefund } from "../refunds/refunds.service";
import { answeredLines } from "./answers";
import { purchaseRules } from "./purchase-rules";
import { findActiveAffiliate } from "../affiliates/affiliates.service";
import { captureOrderSellers } from "../ledger/order-sellers";
import { numberReceipts } from "../receipts/receipt-numbers";
import type { PlatformCompany } from "../../config";
import { placesLeft, typePlacesLeft } from "../events/places";
import { eventSellers } from "../events/sellers";
import { holdLapsed, liveHoldWithMargin, lockEvents } from "./capacity";
import { leaveListOnPurchase, offerPlaceBack } from "./waiting-offers";
import { enqueueWaitingListOffers } from "../../jobs/waiting-list-offers";
import { placeHold, type PricedLine } from "./holds";
import { buyerCodeUses, buyerUseKey, codeUses, lockCodesById } from "../events/code-uses";
import { checkAgeLimits } from "./age-limits";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";

/** Where confirmation enqueues ticket and refund e-mails and refunds (the job queue, inside the confirming transaction). */
export type TicketEmailQueue = Pick<Jobs, "enqueueTicketEmails" | "enqueueRefundEmail" | "enqueue">;

/** What the buyer is told when a payment is refunded instead of confirmed. */
export const REFUND_REASONS = {
  soldOut: "The tickets sold out before the payment arrived.",
  eventRemoved: "The event was removed before the payment arrived, so the payment has been refunded in full.",
  eventCancelled: "The event was cancelled before the payment arrived, so the payment has been refunded in full.",
  codeUsedUp: "The code's uses ran out before the payment arrived, so the payment has been refunded in full.",
} as const;

/**
 * create-payment (decisions D6, D8, D9): prices every line from the database, then in one transaction
 * (placeHold, shared with the holds arriving together: decision 033) locks the events (in id order, so
 * two carts never deadlock), checks sold + held + requested against capacity and the per-event limits
 * (after merging a cart's lines for one event, and counting the account's other open checkouts: issue
 * 16), and records a pending order whose lines hold their places until the session expires, in the
 * attendee's name the buyer typed, which the account remembers for next time (issue 17, decision 021).
 * Rate limited per account (in placeHold, one statement for the batch).
 */
export async function createPayment({ db, userId, input: raw, provider = "local" }: { db: Db; userId: string; input: unknown; provider?: PaymentGateway["name"] }) {
  // The provider names its session only once asked; until then the order carries a placeholder of our own.
  const sessionId = `pending_${randomUUID()}`;
  const input = parseInput(CreatePaymentInput, raw, { whole: "body" });
  const requested = checkoutLines(input).sort((a, b) => a.eventId.localeCompare(b.eventId) || (a.ticketTypeId ?? "").localeCompare(b.ticketTypeId ?? ""));
  const rules = await purchaseRules(db, requested.map((line) => line.eventId));
  const lines = answeredLines(requested, rules);
  await checkAgeLimits(db, { userId, events: rules, dateOfBirth: input.dateOfBirth });
  const arrivedWith = input.affiliateCode ? await findActiveAffiliate({ db, code: input.affiliateCode }) : null;
  // Nobody earns commission on their own purchase: the buyer's own code counts as no code (issue 16).
  const [referrer] = arrivedWith ? await db.select({ userId: affiliates.userId }).from(affiliates).where(eq(affiliates.id, arrivedWith.id)) : [];
  const referral = arrivedWith && referrer && referrer.userId !== userId ? arrivedWith : null;

  const order = await placeHold(db, {
    userId,
    provider,
    lines,
    sessionId,
    attendeeName: input.attendeeName,
    affiliateId: referral?.id ?? null,
    code: input.code ? normaliseCode(input.code) : null,
    waitingOffer: input.waitingOffer ?? null,
  });
  // The held places show at once as fewer left ('Only N left', 'Sold out').
  publicPagesChanged(db, "places");
  return order;
}

export type ConfirmResult =
  | { status: "confirmed"; bookingIds: string[] }
  | { status: "refunded"; reason: string }
  | { status: "not-confirmable"; reason: string };

/**
 * The one confirmation used by every path (ARCHITECTURE Confirmation is idempotent): under a lock on
 * the order it confirms at most once, re-checks capacity for a late payment, creates one booking per
 * line (a unique index backs this up), records affiliate commission and enqueues the ticket e-mails.
 * Repeats return the same bookings. A payment that cannot have its tickets (sold out after its hold
 * lapsed, or its event removed) is marked refunded and the buyer is e-mailed why, in the same
 * transaction; the caller refunds it through the provider (settlePaidSession).
 *
 * Confirmations that arrive together share one transaction (decision 033): a confirmation that finds
 * another running waits for it, and goes in the next with every one that queued meanwhile.
 */
export async function confirmOrder({ db, jobs, company, sessionId }: { db: Db; jobs: TicketEmailQueue; company: PlatformCompany; sessionId: string }): Promise<ConfirmResult> {
  const result = await confirmationBatches(db, jobs, company).run(sessionId);
  // Tickets sold (the home page's figures) and, for a payment after its hold lapsed, places taken.
  if (result.status !== "not-confirmable") publicPagesChanged(db, "places");
  return result;
}

function confirmationBatches(db: Db, jobs: TicketEmailQueue, company: PlatformCompany): StatementBatches<string, ConfirmResult> {
  const byQueue = oncePerDb(db, "confirmation_batches", () => new WeakMap<TicketEmailQueue, WeakMap<PlatformCompany, StatementBatches<string, ConfirmResult>>>());
  const byCompany = byQueue.get(jobs) ?? new WeakMap<PlatformCompany, StatementBatches<string, ConfirmResult>>();
  byQueue.set(jobs, byCompany);
  let batches = byCompany.get(company);
  if (!batches) {
    // A failure of the shared transaction (a deadlock with another writer, a constraint) fails every
    // confirmation in it: each then runs alone (togetherOrAlone), so one order's failure is only its own.
    batches = statementBatches({ runBatch: (sessionIds) => togetherOrAlone(sessionIds, async (ids) => settled(await confirmTogether(db, jobs, company, ids))), keyOf: (sessionId) => sessionId });
    byCompany.set(company, batches);
  }
  return batches;
}

/** A line's name at the payment provider: the event, and its ticket type when it sells several (issue 36). */
const lineTitle = (line: PricedLine) => orderLineTitle(line.event.title, line.type.name, line.severalTypes);

/** Order lines written per statement by confirmTogether: about 40 parameters each (a booking and its four ledger entries). */
const CONFIRM_LINES_PER_STATEMENT = 500;

/** `items` in order, cut into parts whose sizes add up to at most `maxSize` (an item larger than that is a part alone). */
function inParts<T>(items: T[], sizeOf: (item: T) => number, maxSize: number): T[][] {
  const parts: T[][] = [];
  let size = Infinity;
  for (const item of items) {
    if (size + sizeOf(item) > maxSize) {
      parts.push([]);
      size = 0;
    }
    parts.at(-1)!.push(item);
    size += sizeOf(item);
  }
  return parts;
}

/** The confirmation of several orders in one transaction, each answered as if it had come alone (confirmOrder). */
async function confirmTogether(db: Db, jobs: TicketEmailQueue, company: PlatformCompany, sessionIds: string[]): Promise<ConfirmResult[]> {
  const answers = new Map<string, ConfirmResult>();
  await db.transaction(async (tx) => {
    // Locked in id order, so two batches sharing orders never deadlock.
    const found = await tx
      .select({ ...getTableColumns(orders), keepsItsPlaces: liveHoldWithMargin, lapsed: holdLapsed })
      .from(orders)
      .where(inArray(orders.sessionId, sessionIds))
      .orderBy(asc(orders.id))
      .for("update");

    const already = found.filter((order) => order.status === "confirmed");
    if (already.length) {
      const existing = await tx
        .select({ id: bookings.id, orderId: orderLines.orderId })
        .from(bookings)
        .innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
        .where(inArray(orderLines.orderId, already.map((order) => order.id)))
        .orderBy(asc(orderLines.eventId));
      for (const order of already) answers.set(order.sessionId, { status: "confirmed", bookingIds: existing.filter((row) => row.orderId === order.id).map((row) => row.id) });
    }
    for (const order of found) {
      if (order.status === "refunded") answers.set(order.sessionId, { status: "refunded", reason: order.refundReason ?? REFUND_REASONS.soldOut });
      else if (!["confirmed", "pending", "expired"].includes(order.status)) answers.set(order.sessionId, { status: "not-confirmable", reason: `The order is ${order.status}` });
    }
    const open = found.filter((order) => order.status === "pending" || order.status === "expired");
    if (!open.length) return;

    const refund = async (order: (typeof open)[number], reason: string) => {
      await tx.update(orders).set({ status: "refunded", refundReason: reason }).where(eq(orders.id, order.id));
      // The charge and its refund go on the ledger; the refund job pays it back, also after a crash (decision 027).
      await startUnfulfilledRefund(tx, jobs, order, reason);
      await jobs.enqueueRefundEmail(tx, order.id);
      answers.set(order.sessionId, { status: "refunded", reason });
    };

    const openIds = open.map((order) => order.id);
    // The orders' events, locked in id order as a hold locks them (one statement: the lines name them);
    // live holds' confirmations change no count, so they do not wait for the holds (lockEvents).
    const locked = await lockEvents(
      tx,
      tx.select({ id: orderLines.eventId }).from(orderLines).where(inArray(orderLines.orderId, openIds)),
      open.every((order) => order.keepsItsPlaces) ? "keep" : "count",
    );
    // Read under the events' locks (deleteEvent takes the same ones), so no line can go meanwhile.
    const allLines = await tx.select().from(orderLines).where(inArray(orderLines.orderId, openIds)).orderBy(asc(orderLines.eventId));
    const byId = new Map(locked.map((event) => [event.id, event]));
    // Each line's type's own capacity, for payments whose holds lapsed (read under the events' locks).
    const lapsedTypeIds = [...new Set(allLines.filter((line) => open.some((order) => order.id === line.orderId && (order.lapsed || order.status === "expired"))).map((line) => line.ticketTypeId))];
    const typeCapacity = new Map(
      lapsedTypeIds.length ? (await tx.select({ id: ticketTypes.id, capacity: ticketTypes.capacity }).from(ticketTypes).where(inArray(ticketTypes.id, lapsedTypeIds))).map((type) => [type.id, type.capacity]) : [],
    );
    // Their codes, locked after the events as a hold locks them (decision 042): a late payment's code uses
    // are counted again, as its places are.
    const lapsedOrders = new Set(open.filter((order) => order.lapsed || order.status === "expired").map((order) => order.id));
    const lapsedCodeIds = [...new Set(allLines.flatMap((line) => (line.codeId !== null && lapsedOrders.has(line.orderId) ? [line.codeId] : [])))].sort();
    const lapsedCodes = new Map((await lockCodesById(tx, lapsedCodeIds)).map((code) => [code.id, code]));
    // Places (and code uses) given in this transaction to payments whose holds had lapsed: not yet bookings, nor held.
    const lapsedTaken = new Map<string, number>();
    const confirming: { order: (typeof open)[number]; lines: typeof allLines }[] = [];
    for (const order of open) {
      const lines = allLines.filter((line) => line.orderId === order.id);
      // An order whose lines are gone (its event was deleted after the hold lapsed) is never confirmed as
      // paid: its lines no longer add up to what the buyer paid (issue 16).
      const linesTotal = lines.reduce((sum, line) => sum + line.totalPence, 0);
      if (!lines.length || linesTotal !== order.totalPence || lines.some((line) => !byId.has(line.eventId))) {
        await refund(order, REFUND_REASONS.eventRemoved);
        continue;
      }
      // Cancelled while the buyer was paying (cancelEvent ended the hold): the whole payment goes back.
      if (lines.some((line) => byId.get(line.eventId)!.status === "cancelled")) {
        await refund(order, REFUND_REASONS.eventCancelled);
        continue;
      }
      // By the database's clock, as the place counts judge the other holds (not this process's clock).
      const expired = order.lapsed || order.status === "expired";
      if (expired) {
        // A payment after its hold lapsed gets places only if they are still free (to it: what its code keeps back is its too).
        let soldOut = false;
        for (const line of lines) {
          const event = byId.get(line.eventId)!;
          // A line bought with a waiting-list offer still open keeps the offer's place (decision 043).
          const back = await offerPlaceBack(tx, line);
          const left = event.maxAttendees == null ? Infinity : (await placesLeft(tx, { id: line.eventId, maxAttendees: event.maxAttendees }, order.id, line.codeId ?? undefined)) + back.event - (lapsedTaken.get(line.eventId) ?? 0);
          if (line.quantity > left) soldOut = true;
          // Its type's own capacity too (issue 36): the type's places may have gone while the event's had not.
          const capacity = typeCapacity.get(line.ticketTypeId) ?? null;
          const typeLeft = capacity === null ? Infinity : (await typePlacesLeft(tx, { id: line.ticketTypeId, capacity }, order.id, line.codeId ?? undefined)) + back.type - (lapsedTaken.get(line.ticketTypeId) ?? 0);
          if (line.quantity > typeLeft) soldOut = true;
        }
        if (soldOut) {
          await refund(order, REFUND_REASONS.soldOut);
          continue;
        }
        const codeAsked = new Map<string, number>();
        for (const line of lines) if (line.codeId) codeAsked.set(line.codeId, (codeAsked.get(line.codeId) ?? 0) + line.quantity);
        const buyerKey = (codeId: string) => `code:${codeId}:${order.userId}`;
        let codeUsedUp = false;
        for (const [codeId, quantity] of codeAsked) {
          const code = lapsedCodes.get(codeId)!;
          const uses = (await codeUses(tx, [codeId], order.id)).get(codeId)!;
          if (code.maxUses !== null && uses.held + uses.confirmed + (lapsedTaken.get(`code:${codeId}`) ?? 0) + quantity > code.maxUses) codeUsedUp = true;
          if (code.maxPerBuyer !== null && order.userId) {
            const own = (await buyerCodeUses(tx, [codeId], [order.userId], order.id)).get(buyerUseKey(codeId, order.userId)) ?? 0;
            if (own + (lapsedTaken.get(buyerKey(codeId)) ?? 0) + quantity > code.maxPerBuyer) codeUsedUp = true;
          }
        }
        if (codeUsedUp) {
          await refund(order, REFUND_REASONS.codeUsedUp);
          continue;
        }
        for (const line of lines) {
          lapsedTaken.set(line.eventId, (lapsedTaken.get(line.eventId) ?? 0) + line.quantity);
          lapsedTaken.set(line.ticketTypeId, (lapsedTaken.get(line.ticketTypeId) ?? 0) + line.quantity);
        }
        for (const [codeId, quantity] of codeAsked) {
          lapsedTaken.set(`code:${codeId}`, (lapsedTaken.get(`code:${codeId}`) ?? 0) + quantity);
          lapsedTaken.set(buyerKey(codeId), (lapsedTaken.get(buyerKey(codeId)) ?? 0) + quantity);
        }
      }
      confirming.push({ order, lines });
    }
    if (!confirming.length) return;

    const confirmed = confirming.flatMap(({ order, lines }) =>
      lines.map((line) => ({ order, line, bookingId: randomUUID(), ticketCode: newTicketCode(), providerRef: order.paymentReference ?? order.sessionId })),
    );
    // The bookings, their charges on the ledger and the orders' new status in one statement (the events stay
    // locked until commit); one per CONFIRM_LINES_PER_STATEMENT lines, since a batch of large carts in one
    // statement would pass PostgreSQL's 65,535 parameters.
    for (const part of inParts(confirming, ({ lines }) => lines.length, CONFIRM_LINES_PER_STATEMENT)) {
      const inPart = new Set(part.map(({ order }) => order));
      const rows = confirmed.filter((row) => inPart.has(row.order));
      const newBookings = tx.$with("new_bookings").as(
        tx
          .insert(bookings)
          .values(
            rows.map(({ order, line, bookingId, ticketCode }) => ({
              id: bookingId,
              eventId: line.eventId,
              ticketTypeId: line.ticketTypeId,
              userId: order.userId,
              status: "confirmed",
              attendeeName: order.attendeeName,
              attendeeEmail: order.attendeeEmail,
              ticketQuantity: line.quantity,
              totalAmountPence: line.totalPence,
              ticketCode,
              qrCode: ticketCode,
              stripeSessionId: order.sessionId,
              orderLineId: line.id,
            })),
          )
          .returning({ id: bookings.id }),
      );
      const chargeEntries = ledgerInsert(
        tx,
        rows.flatMap(({ order, line, bookingId, providerRef }) =>
          bookingChargeEntries({
            orderId: order.id,
            bookingId,
            eventId: line.eventId,
            unitPricePence: line.unitPricePence,
            feePerTicketPence: line.feePerTicketPence,
            absorbedFeePerTicketPence: line.absorbedFeePerTicketPence,
            quantity: line.quantity,
            providerRef,
          }),
        ),
      );
      const charges = chargeEntries && tx.$with("charges").as(chargeEntries.returning({ id: ledgerEntries.id }));
      await tx
        .with(...(charges ? [newBookings, charges] : [newBookings]))
        .update(orders)
        .set({ status: "confirmed", confirmedAt: new Date() })
        .where(inArray(orders.id, part.map(({ order }) => order.id)));
    }

    // Who sold what, as they are now: the receipt is a record of the sale (issue 33).
    await captureOrderSellers(
      tx,
      confirming.map(({ order }) => order.id),
    );

    const affiliateIds = [...new Set([...confirming.map(({ order }) => order.affiliateId), ...locked.map((event) => event.affiliateId)].filter((id): id is string => id !== null))];
    const knownAffiliates = affiliateIds.length ? await tx.select({ id: affiliates.id, userId: affiliates.userId }).from(affiliates).where(inArray(affiliates.id, affiliateIds)) : [];
    const affiliateById = new Map(knownAffiliates.map((affiliate) => [affiliate.id, affiliate]));
    const commissions = confirmed
      .map(({ order, line, bookingId, providerRef }) => ({
        order,
        line,
        bookingId,
        providerRef,
        // The buyer's referral wins over the event's own affiliate (issue 5 Affiliates); never the buyer's own
        // (issue 16), nor the event organiser's (issue 33).
        earner: commissionEarner({
          buyerId: order.userId,
          organiserId: byId.get(line.eventId)!.userId,
          referral: affiliateById.get(order.affiliateId ?? "") ?? null,
          eventAffiliate: affiliateById.get(byId.get(line.eventId)!.affiliateId ?? "") ?? null,
        }),
        commission: affiliateCommission(line.unitPricePence, line.quantity),
      }))
      .filter((row): row is typeof row & { earner: NonNullable<typeof row.earner> } => row.earner !== null && row.commission > 0);
    if (commissions.length) {
      await tx.insert(affiliateCommissions).values(commissions.map(({ earner, bookingId, commission }) => ({ affiliateId: earner.id, bookingId, amountPence: commission })));
      await recordLedger(
        tx,
        commissions.map(({ order, line, bookingId, earner, commission, providerRef }) => ({ entryKey: `commission:${bookingId}`, kind: "commission", amountPence: commission, orderId: order.id, bookingId, eventId: line.eventId, affiliateId: earner.id, providerRef })),
      );
      // Each affiliate's totals once, in id order, so two batches that pay the same affiliates never deadlock.
      const earned = new Map<string, { pence: number; referrals: number }>();
      for (const { earner, commission } of commissions) {
        const total = earned.get(earner.id) ?? { pence: 0, referrals: 0 };
        earned.set(earner.id, { pence: total.pence + commission, referrals: total.referrals + 1 });
      }
      for (const [affiliateId, { pence, referrals }] of [...earned].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        await tx
          .update(affiliates)
          .set({ totalEarningsPence: sql`${affiliates.totalEarningsPence} + ${pence}`, totalReferrals: sql`${affiliates.totalReferrals} + ${referrals}` })
          .where(eq(affiliates.id, affiliateId));
      }
    }
    // The buyers leave the waiting list for what they bought (decision 043), in the same commit.
    const listsChanged = await leaveListOnPurchase(
      tx,
      confirmed.map(({ order, line }) => ({ orderId: order.id, userId: order.userId, eventId: line.eventId, ticketTypeId: line.ticketTypeId, waitingOfferId: line.waitingOfferId })),
    );
    for (const eventId of listsChanged) await enqueueWaitingListOffers(tx, jobs, eventId);
    // Committed with the bookings, or not at all: a confirmed ticket always has its e-mail on the way.
    await jobs.enqueueTicketEmails(
      tx,
      confirmed.map(({ bookingId }) => bookingId),
    );
    // Last, so the receipt series' counter is locked only until the commit that follows (issue 34).
    await numberReceipts(
      tx,
      company,
      confirming.map(({ order }) => order.id),
    );
    for (const { order } of confirming) answers.set(order.sessionId, { status: "confirmed", bookingIds: confirmed.filter((row) => row.order === order).map((row) => row.bookingId) });
  });
  return sessionIds.map((sessionId) => answers.get(sessionId) ?? { status: "not-confirmable", reason: "No order with that session" });
}

/** Ends a pending checkout (cancelled by the buyer, or expired): its places are free again, for its events' waiting lists first (decision 043). */
export async function releaseOrder({ db, sessionId, status, jobs }: { db: Db; sessionId: string; status: "cancelled" | "expired"; jobs?: Pick<TicketEmailQueue, "enqueue"> }) {
  const [order] = await db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.sessionId, sessionId), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  if (order) publicPagesChanged(db, "places");
  if (order && jobs) {
    const released = await db.selectDistinct({ eventId: orderLines.eventId }).from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const { eventId } of released) await enqueueWaitingListOffers(db, jobs, eventId);
  }
  return Boolean(order);
}

/** The buyer's own order with that session; anyone else's is as unknown as a missing one (docs/decisions/015). */
export async function findOwnOrder({ db, sessionId, userId }: { db: Db; sessionId: string; userId: string }) {
  const [order] = await db.select().from(orders).where(eq(orders.sessionId, sessionId));
  return order && order.userId === userId ? order : null;
}

const NO_TEST_CHECKOUT = "No checkout with that session";

/** The local test checkout page's view of an order, for its buyer only. */
export async function getTestCheckout({ db, sessionId, userId }: { db: Db; sessionId: string; userId: string }) {
  const order = await findOwnOrder({ db, sessionId, userId });
  if (!order) throw new AppError("NOT_FOUND", NO_TEST_CHECKOUT);
  const rows = await db
    .select({
      eventId: orderLines.eventId,
      eventTitle: events.title,
      typeName: ticketTypes.name,
      severalTypes: sql<boolean>`(select count(*) from ${ticketTypes} t where t.event_id = ${events.id}) > 1`,
      quantity: orderLines.quantity,
      unitPricePence: orderLines.unitPricePence,
      feePerTicketPence: orderLines.feePerTicketPence,
      totalPence: orderLines.totalPence,
      minAge: events.minAge,
    })
    .from(orderLines)
    .innerJoin(events, eq(events.id, orderLines.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(eq(orderLines.orderId, order.id));
  // Each line as the provider's checkout names it (issue 36: the type too, when its event sells several).
  const lines = rows.map(({ eventTitle, typeName, severalTypes, ...line }) => ({ ...line, title: orderLineTitle(eventTitle, typeName, severalTypes) }));
  // Named before the buyer pays, as the event page names them (issue 34); recorded when the order is paid.
  const sellers = new Map((await eventSellers(db, lines.map((line) => line.eventId))).flatMap((event) => (event.seller ? [[soldByLine(event.seller), event.seller] as const] : [])));
  return {
    sessionId: order.sessionId,
    status: order.status,
    subtotalPence: order.subtotalPence,
    feesPence: order.feesPence,
    totalPence: order.totalPence,
    expiresAt: order.expiresAt.toISOString(),
    lines,
    sellers: [...sellers.values()],
  };
}

/**
 * The test checkout's Pay button (the local provider's payment, decision 026): settles the buyer's own
 * local order as a webhook would, and answers where the browser goes next, as Stripe Checkout would.
 */
export async function payTestCheckout({
  db,
  jobs,
  gateway,
  company,
  sessionId,
  userId,
}: {
  db: Db;
  jobs: TicketEmailQueue;
  gateway: PaymentGateway;
  company: PlatformCompany;
  sessionId: string;
  userId: string;
}) {
  const order = await findOwnOrder({ db, sessionId, userId });
  if (!order || order.provider !== "local") throw new AppError("NOT_FOUND", NO_TEST_CHECKOUT);
  await settlePaidSession({ db, jobs, gateway, company, sessionId: order.sessionId, paymentReference: newLocalPaymentId() });
  return { redirectUrl: paymentSuccessPath(order.sessionId) };
}

/** The test checkout's Cancel button: releases the buyer's own checkout and sends the browser back to its first event. */
export async function cancelTestCheckout({ db, sessionId, userId, jobs }: { db: Db; sessionId: string; userId: string; jobs?: Pick<TicketEmailQueue, "enqueue"> }) {
  const order = await findOwnOrder({ db, sessionId, userId });
  if (!order) throw new AppError("NOT_FOUND", NO_TEST_CHECKOUT);
  await releaseOrder({ db, sessionId: order.sessionId, status: "cancelled", jobs });
  const [first] = await db.select({ eventId: orderLines.eventId }).from(orderLines).where(eq(orderLines.orderId, order.id)).limit(1);
  return { redirectUrl: paymentCancelPath(first?.eventId ?? null) };
}

/**
 * Starts a checkout with the configured provider: the order and its holds first, then the provider's
 * session; if the provider fails, the holds are released and the buyer gets a clear error.
 */
export async function startCheckout({
  db,
  jobs,
  gateway,
  company,
  publicUrl,
  userId,
  input,
}: {
  db: Db;
  jobs: TicketEmailQueue;
  gateway: PaymentGateway;
  /** The platform company, the sellers' agent (config.company). */
  company: PlatformCompany;
  publicUrl: string;
  userId: string;
  input: unknown;
}): Promise<CreatePaymentResult> {
  const order = await createPayment({ db, userId, input, provider: gateway.name });
  if (order.totalPence === 0) return bookFreeOrder({ db, jobs, company, publicUrl, sessionId: order.sessionId });
  const agentName = company.name;
  if (order.totalPence > MAX_CHECKOUT_TOTAL_PENCE) {
    await releaseOrder({ db, sessionId: order.sessionId, status: "cancelled" });
    throw new AppError("BAD_REQUEST", `A checkout can total at most ${formatPounds(MAX_CHECKOUT_TOTAL_PENCE)}. Please buy these tickets in smaller checkouts.`);
  }
  try {
    const sellers = new Map((await eventSellers(db, order.lines.map((line) => line.event.id))).map((event) => [event.id, event.seller]));
    const session = await gateway.createSession({
      transferGroup: transferGroupOf(order.id),
      orderId: order.id,
      customerEmail: order.attendeeEmail,
      lines: order.lines.map((line) => ({
        title: lineTitle(line),
        description: providerLineDescription(line.event, sellers.get(line.event.id) ?? null),
        quantity: line.quantity,
        unitPricePence: line.unitPrice,
        feePerTicketPence: line.fee,
      })),
      sellerText: providerSellerText([...sellers.values()].flatMap((seller) => (seller ? [seller] : [])), agentName),
      // Read now, just before the call: Stripe measures its 30-minute minimum from its own receipt (decision 013).
      expiresAt: checkoutSessionExpiry(new Date(), order.expiresAt),
      successUrl: `${publicUrl}${paymentSuccessPath(CHECKOUT_SESSION_ID_TEMPLATE)}`,
      cancelUrl: `${publicUrl}${paymentCancelPath(order.lines[0]!.event.id)}`,
    });
    await db.update(orders).set({ sessionId: session.sessionId }).where(eq(orders.id, order.id));
    return session;
  } catch (error) {
    await releaseOrder({ db, sessionId: order.sessionId, status: "cancelled" });
    // The spec's message (§ Payment); the provider's own words, which can name our key, go to the log only.
    throw Object.assign(new AppError("PAYMENT_PROVIDER_ERROR", "Failed to initiate payment. Please try again."), { cause: error });
  }
}

/** The session id of an order that costs nothing: it never goes to the provider (issue 36). */
const freeSessionId = () => `free_${randomUUID()}`;

/**
 * An order of free tickets only (free types of a paid event, issue 36): nothing to pay, so no provider
 * session. It is confirmed at once, as a payment would confirm it (tickets, their e-mail, no receipt and
 * nothing on the ledger, since no money moves), and the browser goes straight to the success page.
 */
async function bookFreeOrder({ db, jobs, company, publicUrl, sessionId: held }: { db: Db; jobs: TicketEmailQueue; company: PlatformCompany; publicUrl: string; sessionId: string }) {
  const sessionId = freeSessionId();
  await db.update(orders).set({ sessionId }).where(eq(orders.sessionId, held));
  const result = await confirmOrder({ db, jobs, company, sessionId });
  if (result.status !== "confirmed") throw new AppError("CONFLICT", result.reason);
  return { url: `${publicUrl}${paymentSuccessPath(sessionId)}`, sessionId, booked: true } as const;
}

/** A ticket line as the provider's page describes it (issue 34): "Fri, 3 Jul 2026, 19:30 (UK time) at Ronnie's, Soho, London. Sold by Jazz Co Ltd". */
export function providerLineDescription(event: { dateTime: Date; venue: string | null; location: string | null }, seller: SellerIdentity | null): string {
  const place = eventPlace(event);
  const when = `${formatDateTime(event.dateTime.toISOString())} (UK time)${place ? ` at ${place}` : ""}.`;
  return seller ? `${when} Sold by ${seller.name}` : when;
}

/**
 * Who sells, beside the provider's Pay button (D28): each seller's line, or, when a cart of many sellers
 * would not fit the provider's limit, the agent line with a pointer to the ticket lines that name them.
 */
export function providerSellerText(sellers: SellerIdentity[], agentName: string): string {
  const lines = [...new Set(sellers.map((seller) => soldByLine(seller, agentName)))];
  const full = lines.join("\n");
  return full.length <= SELLER_TEXT_MAX_LENGTH ? full : `Each ticket line above names its seller. ${agentLine(agentName)}`;
}

/**
 * Records a payment the provider reports and confirms the order; a payment that lost its places is
 * refunded through the provider. Shared by verify-payment, the Stripe webhook and the test checkout's Pay.
 */
export async function settlePaidSession({
  db,
  jobs,
  gateway,
  company,
  sessionId,
  paymentReference,
}: {
  db: Db;
  jobs: TicketEmailQueue;
  gateway: PaymentGateway;
  /** The platform as the receipt names it (config.company). */
  company: PlatformCompany;
  sessionId: string;
  paymentReference: string | null;
}) {
  await db
    .update(orders)
    .set({ paidAt: sql`coalesce(${orders.paidAt}, now())`, paymentReference: sql`coalesce(${orders.paymentReference}, ${paymentReference})` })
    .where(eq(orders.sessionId, sessionId));
  const result = await confirmOrder({ db, jobs, company, sessionId });
  if (result.status === "refunded") {
    // Paid back now if the provider answers; otherwise the refund job keeps trying (decision 027).
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.sessionId, sessionId));
    const [refund] = order ? await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.requestKey, refundKeys.unfulfilled(order.id))) : [];
    if (refund) await tryCompleteRefund({ db, gateway, jobs }, refund.id);
  }
  return result;
}

import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import {
  absorbedFeePerTicket,
  AppError,
  buyerFeePerTicket,
  type LineAttendee,
  cartTotals,
  CHECKOUT_HOLD_MINUTES,
  CHECKOUT_RATE_LIMIT,
  CHECKOUT_RATE_LIMIT_MESSAGE,
  eventCancelledMessage,
  isBusinessListing,
  isListed,
  sellsPaidTickets,
  ticketLimitError,
  ticketTotal,
  codeAppliesToType,
  discountedUnitPrice,
} from "../../../domain";
import { isDatabaseUnavailable, isDeadlock, oncePerDb, queriesTogether, type Db, type Tx } from "../../db/client";
import { events, orderLines, orders, profiles, users } from "../../db/schema";
import { hitRateLimits, rateLimitRefusal } from "../../lib/rate-limiter";
import { statementBatches, togetherOrAlone, type Settled, type StatementBatches } from "../../db/statement-batches";
import type { PaymentGateway } from "../../providers/payments/payments";
import { eventsAwaitingSellerDetails, sellerDetailsMissingError } from "../events/sellers";
import { eventsAwaitingPayouts, payoutsNotReadyError } from "../payouts/payout-accounts.service";
import { ticketTypesWithTaken, type TicketTypeRow, type TypesWithTaken } from "../events/ticket-types";
import { checkPerOrder, checkPlacesLeft, checkSalesWindow, checkTypePlacesLeft, holdStanding, lockEvents, ticketTypeOfLine, type HoldStanding } from "./capacity";
import { checkCodeKnown, checkCodeUses, codeForEvent, codeRules, keptBackFor, lockCodeStanding, recordCodeUses, reservedPlacesTaken, type CodeStanding } from "./hold-codes";
import type { CodeRow } from "../events/code-uses";
import { checkOffer, offerNotFound, offersAtCheckout, type OfferAtCheckout } from "./waiting-offers";

/** One buyer's hold, as create-payment asks for it: the cart's merged lines (in event id order) and the order's own fields. */
export interface HoldRequest {
  userId: string;
  provider: PaymentGateway["name"];
  /** `attendees`: one per ticket, in order, when the buyer named them (issue 36); null, every ticket in `attendeeName`. */
  lines: { eventId: string; ticketTypeId: string | null; quantity: number; attendees: LineAttendee[] | null }[];
  sessionId: string;
  attendeeName: string;
  affiliateId: string | null;
  /** The discount or access code the buyer typed (issue 37), normalised; null for none. */
  code: string | null;
  /** The token of the waiting-list offer the buyer checks out with (issue 37, decision 043); null for none. */
  waitingOffer?: string | null;
}

/** A request with its buyer's e-mail address, read once for the batch: the order is sent there. */
interface BuyerHold {
  request: HoldRequest;
  attendeeEmail: string;
}

type EventRow = typeof events.$inferSelect;

export interface PricedLine {
  event: EventRow;
  /** The type sold (issue 36), and whether its event sells several (the line then names it). */
  type: TicketTypeRow;
  severalTypes: boolean;
  quantity: number;
  /** Who each ticket is for (issue 36), or null: every ticket in the order's attendee name. */
  attendees: LineAttendee[] | null;
  /** The price paid per ticket: its type's, less the code's discount when the buyer's code applies to it (issue 37). */
  unitPrice: number;
  /** The code that priced the line, and what it took off each ticket (0 without one). */
  code: CodeRow | null;
  discount: number;
  /** The waiting-list offer the line buys with (decision 043), or null. */
  waitingOffer: OfferAtCheckout | null;
  fee: number;
  absorbedFee: number;
  total: number;
}

export type HeldOrder = typeof orders.$inferSelect & { lines: PricedLine[] };

/** The paid events of a batch that cannot be sold yet: their organiser's seller details are incomplete (issue 34), or they cannot be paid (D23). */
interface Awaiting {
  sellerDetails: { id: string; title: string }[];
  payouts: { id: string; title: string }[];
}

/**
 * The hold's rules for one buyer (decisions D6, D8, D9; issue 16), against places counted under the
 * events' lock: each line's event must be on sale and paid, fit its places left, and keep the account
 * within the per-event limit; every event's organiser must have named themselves as its seller and be able to be paid. Throws the buyer's
 * AppError, or prices every line from the database.
 */
function priceHold(request: HoldRequest, locked: Map<string, EventRow>, standing: HoldStanding, types: TypesWithTaken, awaiting: Awaiting, codes: CodeStanding, offers: Map<string, OfferAtCheckout>, now: Date): PricedLine[] {
  const priced: PricedLine[] = [];
  // Each code of the buyer's text that covers one of the cart's events, and the tickets it prices.
  const used = new Map<CodeRow, number>();
  checkCodeKnown(
    codes,
    request.code,
    request.lines.map((line) => locked.get(line.eventId)),
  );
  // An unknown offer, or one for none of the cart's events, is refused as not found before any count.
  const named = request.waitingOffer ? offers.get(request.waitingOffer) : undefined;
  if (request.waitingOffer && (!named || !request.lines.some((line) => line.eventId === named.eventId))) throw offerNotFound();
  // What this request's earlier lines take of each event and type (one event's lines are its types).
  const asked = new Map<string, number>();
  for (const line of request.lines) {
    const event = locked.get(line.eventId);
    if (event?.status === "cancelled") throw new AppError("CONFLICT", eventCancelledMessage(event.title), { reason: "EVENT_CANCELLED" });
    if (!event || !isListed(event)) throw new AppError("EVENT_NOT_FOUND", "Event not found");
    if (isBusinessListing(event)) throw new AppError("BAD_REQUEST", `${event.title} is a business listing: contact them directly.`);
    // The spec's free event needs no booking; a free type beside paid ones is booked at £0 (issue 36).
    if (!sellsPaidTickets(event)) throw new AppError("BAD_REQUEST", `${event.title} is free: no payment or booking is needed.`);
    const code = codeForEvent(codes, request.code, event);
    if (code && !used.has(code)) used.set(code, 0);
    // A hidden type is sold only with a code that names it (issue 37).
    const type = ticketTypeOfLine(event, line.ticketTypeId, types.byEvent.get(event.id) ?? [], (hidden) => code !== null && code.ticketTypeIds.includes(hidden.id));
    checkSalesWindow(event, type, now);
    const { taken, waiting, heldBy } = standing.get(event.id)!;
    const eventAsked = asked.get(event.id) ?? 0;
    const typeAsked = asked.get(type.id) ?? 0;
    const applies = code !== null && codeAppliesToType(code, type);
    // The places the buyer's code keeps back are theirs to take (issue 37): counted as taken for everyone else.
    const kept = applies ? keptBackFor(codes, code, now) : { event: 0, type: 0 };
    // With the buyer's waiting-list offer (decision 043), the place is counted without the waiting entries
    // and without the offer itself: it was made only when a place was free of sales, holds and other offers.
    const offer = request.waitingOffer
      ? request.lines.some((other) => other.eventId === event.id) && offers.get(request.waitingOffer)?.eventId === event.id
        ? checkOffer(offers.get(request.waitingOffer), { userId: request.userId, eventId: event.id, type, quantity: line.quantity, linesOfEvent: request.lines.filter((other) => other.eventId === event.id).length })
        : null
      : null;
    const eventTaken = (offer ? taken - waiting - 1 : taken) - kept.event;
    const typeTaken = (types.taken.get(type.id) ?? 0) - (offer ? (types.waiting.get(type.id) ?? 0) + (offer.ticketTypeId === type.id ? 1 : 0) : 0) - kept.type;
    checkPlacesLeft({ event, quantity: eventAsked + line.quantity, taken: eventTaken });
    checkTypePlacesLeft({ event, type, quantity: typeAsked + line.quantity, taken: typeTaken });
    checkPerOrder(event, type, line.quantity);
    const limited = ticketLimitError({ title: event.title, requested: eventAsked + line.quantity, alreadyHeld: heldBy.get(request.userId) ?? 0 });
    if (limited) throw limited;
    asked.set(event.id, eventAsked + line.quantity);
    asked.set(type.id, typeAsked + line.quantity);
    if (applies) used.set(code, used.get(code)! + line.quantity);
    const unitPrice = applies ? discountedUnitPrice(type.pricePence, codeRules(code)) : type.pricePence;
    // What the buyer pays per ticket, and what the organiser absorbs instead, as chosen now (D22): the fee is
    // on the price paid, so a ticket a code makes free pays none, and the fee itself is never discounted.
    priced.push({
      event,
      type,
      severalTypes: (types.byEvent.get(event.id) ?? []).length > 1,
      quantity: line.quantity,
      attendees: line.attendees,
      unitPrice,
      code: applies ? code : null,
      discount: type.pricePence - unitPrice,
      waitingOffer: offer,
      fee: buyerFeePerTicket(unitPrice, event.absorbsBookingFee),
      absorbedFee: absorbedFeePerTicket(unitPrice, event.absorbsBookingFee),
      total: ticketTotal(unitPrice, line.quantity, event.absorbsBookingFee),
    });
  }
  checkCodeUses({ text: request.code, userId: request.userId, used, standing: codes, now });
  const inRequest = (event: { id: string }) => request.lines.some((line) => line.eventId === event.id);
  const noSeller = awaiting.sellerDetails.find(inRequest);
  if (noSeller) throw sellerDetailsMissingError(noSeller);
  const waiting = awaiting.payouts.find(inRequest);
  if (waiting) throw payoutsNotReadyError(waiting);
  return priced;
}

/** The tickets each code prices in a buyer's lines. */
function codeUsesOf(priced: PricedLine[]): Map<CodeRow, number> {
  const used = new Map<CodeRow, number>();
  for (const line of priced) if (line.code) used.set(line.code, (used.get(line.code) ?? 0) + line.quantity);
  return used;
}

/** The held orders, their lines and each buyer's remembered attendee name (decision 021), in one statement. */
async function writeOrders(tx: Tx, held: (BuyerHold & { orderId: string; priced: PricedLine[] })[]): Promise<(typeof orders.$inferSelect)[]> {
  const heldLines = tx.$with("held_lines").as(
    tx
      .insert(orderLines)
      .values(
        held.flatMap(({ orderId, priced }) =>
          priced.map((line) => ({
            orderId,
            eventId: line.event.id,
            ticketTypeId: line.type.id,
            quantity: line.quantity,
            unitPricePence: line.unitPrice,
            codeId: line.code?.id ?? null,
            discountPerTicketPence: line.discount,
            waitingOfferId: line.waitingOffer?.id ?? null,
            feePerTicketPence: line.fee,
            absorbedFeePerTicketPence: line.absorbedFee,
            totalPence: line.total,
            // The bookings' trigger names each ticket from these (migration 0028).
            attendees: line.attendees,
          })),
        ),
      )
      .returning({ id: orderLines.id }),
  );
  const rememberedName = tx.$with("remembered_name").as(
    tx
      .insert(profiles)
      // In account order, so two batches (of two carts' events) that share buyers lock their profiles alike.
      .values(
        held
          .map(({ request }) => ({ userId: request.userId, lastAttendeeName: request.attendeeName }))
          .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0)),
      )
      .onConflictDoUpdate({ target: profiles.userId, set: { lastAttendeeName: sql`excluded.last_attendee_name` } })
      .returning({ userId: profiles.userId }),
  );
  return tx
    .with(heldLines, rememberedName)
    .insert(orders)
    .values(
      held.map(({ request, attendeeEmail, orderId, priced }) => {
        const totals = cartTotals(priced.map((line) => ({ ticketPricePence: line.unitPrice, quantity: line.quantity, absorbsBookingFee: line.event.absorbsBookingFee })));
        return {
          id: orderId,
          sessionId: request.sessionId,
          userId: request.userId,
          provider: request.provider,
          affiliateId: request.affiliateId,
          // The name the buyer typed (issue 17), never the account's handle.
          attendeeName: request.attendeeName,
          attendeeEmail,
          subtotalPence: totals.subtotal,
          feesPence: totals.fees,
          totalPence: totals.total,
          expiresAt: sql`now() + make_interval(mins => ${CHECKOUT_HOLD_MINUTES})`,
        };
      }),
    )
    .returning();
}

/**
 * Holds for several buyers in one transaction (docs/decisions/033): the events locked once (in id order,
 * so two transactions sharing events never deadlock), the places counted once, each buyer checked in
 * turn against what the ones before took, and every accepted order written in one statement. A buyer
 * refused by a rule is answered with its own AppError; the others are held as if each had come alone, in order.
 */
async function holdTogether(db: Db, holds: BuyerHold[]): Promise<Settled<HeldOrder>[]> {
  const eventIds = [...new Set(holds.flatMap(({ request }) => request.lines.map((line) => line.eventId)))].sort();
  return db.transaction(async (tx) => {
    const locked = new Map((await lockEvents(tx, eventIds)).map((event) => [event.id, event]));
    const standing = await holdStanding(
      tx,
      holds.map(({ request }) => request.userId),
      eventIds,
    );
    const types = await ticketTypesWithTaken(tx, eventIds);
    const awaiting = { sellerDetails: await eventsAwaitingSellerDetails(tx, eventIds), payouts: await eventsAwaitingPayouts(tx, holds[0]!.request.provider, eventIds) };
    // The codes after the events (decision 042), so two holds never wait on each other in a circle.
    const codes = await lockCodeStanding(
      tx,
      holds.map(({ request }) => ({ userId: request.userId, code: request.code, organiserIds: request.lines.flatMap((line) => {
          const event = locked.get(line.eventId);
          return event ? [event.userId] : [];
        }),
      })),
    );
    // The waiting-list offers named, after the events' lock (the offers job takes it to change them).
    const offers = await offersAtCheckout(tx, [...new Set(holds.flatMap(({ request }) => (request.waitingOffer ? [request.waitingOffer] : [])))]);
    const outcomes: ({ failed: AppError } | { orderId: string; priced: PricedLine[] })[] = holds.map(({ request }) => {
      try {
        const now = new Date();
        const priced = priceHold(request, locked, standing, types, awaiting, codes, offers, now);
        // Taken from what the codes kept back, these places were counted already (before the uses are recorded).
        const fromReserves = reservedPlacesTaken(codes, codeUsesOf(priced), now);
        recordCodeUses(codes, request.userId, codeUsesOf(priced));
        for (const line of priced) {
          // An offer's place was counted already (its offer); the line now carries it instead. An any-type
          // offer was counted against the event only, so its line's type counts it now.
          if (!line.waitingOffer) standing.get(line.event.id)!.taken += line.quantity;
          if (line.waitingOffer?.ticketTypeId !== line.type.id) types.taken.set(line.type.id, (types.taken.get(line.type.id) ?? 0) + line.quantity);
          if (line.waitingOffer) line.waitingOffer.carried = true;
        }
        for (const { eventId, typeId, places } of fromReserves) {
          standing.get(eventId)!.taken -= places;
          if (typeId) types.taken.set(typeId, (types.taken.get(typeId) ?? 0) - places);
        }
        return { orderId: randomUUID(), priced };
      } catch (error) {
        if (error instanceof AppError) return { failed: error };
        throw error;
      }
    });
    const held = outcomes.flatMap((outcome, i) => ("orderId" in outcome ? [{ ...holds[i]!, ...outcome }] : []));
    const written = new Map(held.length ? (await writeOrders(tx, held)).map((order) => [order.id, order]) : []);
    return outcomes.map((outcome) => ("orderId" in outcome ? { value: { ...written.get(outcome.orderId)!, lines: outcome.priced } } : outcome));
  });
}

/**
 * A batch of holds: each buyer's checkout counted against their rate limit (issue 16) and their account
 * read, in one statement each for the batch; then the holds of those allowed, together (togetherOrAlone:
 * a failure that is not a buyer's refusal runs each hold again alone, and nobody's limit is counted twice).
 */
async function holdBatch(db: Db, requests: HoldRequest[]): Promise<Settled<HeldOrder>[]> {
  const userIds = requests.map((request) => request.userId);
  const [limits, buyers] = await queriesTogether(db, [
    hitRateLimits(db, userIds.map(checkoutRateLimitKey), CHECKOUT_RATE_LIMIT),
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
  ] as const);
  const emailOf = new Map(buyers.map((buyer) => [buyer.id, buyer.email]));
  const outcomes: ({ failed: AppError } | BuyerHold)[] = requests.map((request, i) => {
    if (!limits[i]!.allowed) return { failed: rateLimitRefusal({ message: CHECKOUT_RATE_LIMIT_MESSAGE, detailsInBody: true }, limits[i]!) };
    const attendeeEmail = emailOf.get(request.userId);
    if (attendeeEmail === undefined) return { failed: new AppError("UNAUTHENTICATED", "Please sign in to buy tickets.") };
    return { request, attendeeEmail };
  });
  const toHold = outcomes.filter((outcome): outcome is BuyerHold => "request" in outcome);
  const held = toHold.length
    ? await togetherOrAlone(toHold, (holds) => holdTogether(db, holds), (error) => {
        if (isDatabaseUnavailable(error)) return false;
        if (!isDeadlock(error)) console.warn(`A batch of ${toHold.length} holds failed, so each runs alone: ${failureText(error)}`);
        return true;
      })
    : [];
  // The buyers refused before the transaction keep their own answers either way.
  return outcomes.map((outcome) => ("request" in outcome ? held.shift()! : outcome));
}

/** What a failed batch says about its cause (the driver's error is the query builder's `cause`). */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/** The rate limit's key of an account's checkouts. */
const checkoutRateLimitKey = (userId: string) => `create-payment:user:${userId}`;

/**
 * Holds one buyer's cart (create-payment's transaction), batched (group commit, docs/decisions/033) with
 * the holds of the same provider and set of events: a hold that arrives while the last one's transaction
 * runs waits for it and goes in the next with every hold that queued meanwhile. One account's two
 * checkouts never share a transaction, so the later counts the earlier's places against the account's limit.
 */
export async function placeHold(db: Db, request: HoldRequest): Promise<HeldOrder> {
  const group = `${request.provider}:${request.lines.map((line) => line.eventId).join(",")}`;
  const groups = oncePerDb(db, "hold_batches", () => new Map<string, StatementBatches<HoldRequest, HeldOrder>>());
  let batches = groups.get(group);
  if (!batches) groups.set(group, (batches = statementBatches({ runBatch: (requests) => holdBatch(db, requests), keyOf: (held) => held.userId })));
  try {
    return await batches.run(request);
  } finally {
    // A quiet event's batches are made again on its next hold.
    if (batches.idle && groups.get(group) === batches) groups.delete(group);
  }
}

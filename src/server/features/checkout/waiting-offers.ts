import { and, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "../../../domain";
import type { Tx } from "../../db/client";
import { orderLines, waitingListEntries, waitingListOffers } from "../../db/schema";
import type { TicketTypeRow } from "../events/ticket-types";
import { waitingEntriesTaking } from "../events/places";

/** A waiting-list offer a checkout names (issue 37, decision 043), read under the events' lock. */
export interface OfferAtCheckout {
  id: string;
  token: string;
  eventId: string;
  ticketTypeId: string | null;
  userId: string;
  status: string;
  expired: boolean;
  /** A live hold line already carries it (another checkout of the buyer's). */
  carried: boolean;
}

/** The offers of a batch's tokens, by token, read after the events' lock (the offers job takes the same lock). */
export async function offersAtCheckout(tx: Tx, tokens: string[]): Promise<Map<string, OfferAtCheckout>> {
  if (!tokens.length) return new Map();
  const rows = await tx
    .select({
      id: waitingListOffers.id,
      token: waitingListOffers.token,
      eventId: waitingListOffers.eventId,
      ticketTypeId: waitingListOffers.ticketTypeId,
      userId: waitingListEntries.userId,
      status: waitingListOffers.status,
      expired: sql<boolean>`${waitingListOffers.expiresAt} <= now()`,
      carried: sql<boolean>`exists (select 1 from ${orderLines} where ${orderLines.waitingOfferId} = ${waitingListOffers.id} and ${orderLines.heldUntil} > now())`,
    })
    .from(waitingListOffers)
    .innerJoin(waitingListEntries, eq(waitingListEntries.id, waitingListOffers.entryId))
    .where(inArray(waitingListOffers.token, tokens));
  return new Map(rows.map((row) => [row.token, row]));
}

export const offerNotFound = () => new AppError("CONFLICT", "That waiting-list offer was not found: it may have been declined or withdrawn.", { reason: "OFFER_NOT_FOUND", field: "waitingOffer" });

/**
 * The offer rule of a checkout (decision 043): the offer must be open, unexpired, the buyer's and for this
 * event; its event's line must buy exactly one ticket, of the offer's type (an any-type offer: any shown type).
 * Returns the offer the line uses.
 */
export function checkOffer(
  offer: OfferAtCheckout | undefined,
  { userId, eventId, type, quantity, linesOfEvent }: { userId: string; eventId: string; type: TicketTypeRow; quantity: number; linesOfEvent: number },
): OfferAtCheckout {
  if (!offer || offer.userId !== userId || offer.eventId !== eventId) throw offerNotFound();
  if (offer.status === "taken") throw new AppError("CONFLICT", "That waiting-list offer has already been used to buy a ticket.", { reason: "OFFER_TAKEN", field: "waitingOffer" });
  if (offer.status === "lapsed" || (offer.status === "open" && offer.expired)) {
    throw new AppError("CONFLICT", "That waiting-list offer has expired: the place has gone to the next person on the list.", { reason: "OFFER_EXPIRED", field: "waitingOffer" });
  }
  if (offer.status !== "open") throw offerNotFound();
  if (offer.carried) throw new AppError("CONFLICT", "That waiting-list offer is already in a checkout of yours: finish it, or wait a few minutes for it to lapse.", { reason: "OFFER_TAKEN", field: "waitingOffer" });
  if (offer.ticketTypeId !== null && offer.ticketTypeId !== type.id) throw new AppError("CONFLICT", "That waiting-list offer is for another ticket type.", { reason: "OFFER_NOT_FOUND", field: "ticketTypeId" });
  if (quantity !== 1 || linesOfEvent !== 1) throw new AppError("VALIDATION_FAILED", "A waiting-list offer buys exactly one ticket.", { reason: "OFFER_QUANTITY", field: "ticketQuantity" });
  return offer;
}

/**
 * A confirmed order's buyer leaves the waiting list (pretix #1163), in the confirming transaction: the offers
 * its lines carry are taken, and every live entry of the buyer for a type they bought (or any type of an
 * event they bought) is bought; an open offer of such an entry is withdrawn. Returns the events whose lists
 * changed, for the offers job.
 */
export async function leaveListOnPurchase(tx: Tx, confirmed: { orderId: string; userId: string | null; eventId: string; ticketTypeId: string; waitingOfferId: string | null }[]): Promise<string[]> {
  const withOffer = confirmed.filter((line) => line.waitingOfferId !== null);
  for (const line of withOffer) {
    await tx.update(waitingListOffers).set({ status: "taken", takenOrderId: line.orderId }).where(eq(waitingListOffers.id, line.waitingOfferId!));
  }
  const bought = confirmed.filter((line) => line.userId !== null);
  if (!bought.length) return [];
  const changed = await tx
    .update(waitingListEntries)
    .set({ status: "bought", updatedAt: new Date() })
    .where(
      and(
        inArray(waitingListEntries.status, ["waiting", "offered"]),
        sql`(${waitingListEntries.userId}, ${waitingListEntries.eventId}, coalesce(${waitingListEntries.ticketTypeId}::text, '')) in (${sql.join(
          bought.flatMap((line) => [sql`(${line.userId}, ${line.eventId}::uuid, ${line.ticketTypeId}::text)`, sql`(${line.userId}, ${line.eventId}::uuid, '')`]),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: waitingListEntries.id, eventId: waitingListEntries.eventId });
  if (changed.length) {
    await tx
      .update(waitingListOffers)
      .set({ status: "withdrawn" })
      .where(and(eq(waitingListOffers.status, "open"), inArray(waitingListOffers.entryId, changed.map((entry) => entry.id))));
  }
  return [...new Set(changed.map((entry) => entry.eventId))];
}

/**
 * A late payment (its hold lapsed) that carried a waiting-list offer still open and unexpired: its place is
 * the offer's, so the late count gives back what a checkout with the offer does not count (the waiting
 * entries and the offer itself, decision 043). Zero for any other line.
 */
export async function offerPlaceBack(tx: Tx, line: { waitingOfferId: string | null; eventId: string; ticketTypeId: string }): Promise<{ event: number; type: number }> {
  if (!line.waitingOfferId) return { event: 0, type: 0 };
  const [offer] = await tx
    .select({
      ticketTypeId: waitingListOffers.ticketTypeId,
      eventWaiting: waitingEntriesTaking("event", line.eventId),
      typeWaiting: waitingEntriesTaking("type", line.ticketTypeId),
    })
    .from(waitingListOffers)
    .where(and(eq(waitingListOffers.id, line.waitingOfferId), eq(waitingListOffers.status, "open"), sql`${waitingListOffers.expiresAt} > now()`));
  if (!offer) return { event: 0, type: 0 };
  return { event: Number(offer.eventWaiting) + 1, type: Number(offer.typeWaiting) + (offer.ticketTypeId === line.ticketTypeId ? 1 : 0) };
}

import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { PayoutView } from "../../../domain";
import type { Db } from "../../db/client";
import { affiliates, events, payoutReversals, payouts } from "../../db/schema";

type PayoutRow = typeof payouts.$inferSelect;

/** Payouts as their payee reads them (statements, the affiliate page): each with its reversals, oldest first. */
export async function payoutViews(db: Db, rows: { payout: PayoutRow; eventTitle: string }[]): Promise<PayoutView[]> {
  const reversals = rows.length
    ? await db
        .select()
        .from(payoutReversals)
        .where(
          inArray(
            payoutReversals.payoutId,
            rows.map((row) => row.payout.id),
          ),
        )
        .orderBy(asc(payoutReversals.createdAt))
    : [];
  return rows.map(({ payout, eventTitle }) => ({
    payoutId: payout.id,
    eventId: payout.eventId,
    eventTitle,
    amountPence: payout.amountPence,
    status: payout.status,
    transferId: payout.providerTransferId,
    dueAt: payout.dueAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
    reversals: reversals
      .filter((reversal) => reversal.payoutId === payout.id)
      .map((reversal) => ({
        reversalId: reversal.providerReversalId,
        amountPence: reversal.amountPence,
        status: reversal.status,
        createdAt: reversal.createdAt.toISOString(),
      })),
  }));
}

/** An affiliate's payouts (their commission per event), newest first, for the affiliate page. */
export async function affiliatePayouts(db: Db, userId: string): Promise<PayoutView[]> {
  const rows = await db
    .select({ payout: payouts, eventTitle: events.title })
    .from(payouts)
    .innerJoin(events, eq(events.id, payouts.eventId))
    .innerJoin(affiliates, eq(affiliates.id, payouts.affiliateId))
    .where(and(eq(payouts.payeeKind, "affiliate"), eq(affiliates.userId, userId)))
    .orderBy(desc(payouts.createdAt));
  return payoutViews(db, rows);
}

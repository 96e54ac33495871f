import { createHash, randomBytes } from "node:crypto";
import { and, eq, gte, inArray, isNotNull, like, sql } from "drizzle-orm";
import { AppError, formatPounds, PAID_BACK_KINDS, CHARGE_KINDS } from "../../../domain";
import type { Db } from "../../db/client";
import { ledgerEntries, localPaymentRecords, orders } from "../../db/schema";
import type { PaymentGateway } from "./payments";

/** A payment session id in Stripe's shape, for the local test checkout. */
export function newLocalSessionId(): string {
  return `cs_test_${randomBytes(18).toString("base64url")}`;
}

/** The local test checkout's payment id (the Pay button's), in Stripe's PaymentIntent shape. */
export function newLocalPaymentId(): string {
  return `pi_local_${randomBytes(12).toString("hex")}`;
}

/** The local refund id for an idempotency key: the same key is always the same refund, as Stripe's keys make it. */
function localRefundId(idempotencyKey: string): string {
  return `re_local_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
}

/** A local provider id for an idempotency key: the same key is always the same object, as Stripe's keys make it. */
function localId(prefix: string, idempotencyKey: string): string {
  return `${prefix}_local_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
}

/**
 * The built-in test checkout (ARCHITECTURE Payments `local`, decision 026): the product's own page at
 * /checkout/test/{session} stands in for Stripe's, and its Pay button is the payment itself. No money
 * moves; its payments are the orders it paid and its refunds, transfers and reversals are kept in
 * `local_payment_records`, for reconcile to compare with the ledger. A refund is refused as Stripe refuses it (an unknown
 * payment, an amount that is not a positive whole number of pence, or more than the payment has left:
 * https://docs.stripe.com/api/refunds/create, `amount`), and the same key answers the same refund.
 */
export function createLocalPayments({ publicUrl, db }: { publicUrl: string; db: Db }): PaymentGateway {
  // The same key is the same object, so a repeat records nothing new.
  const record = (row: typeof localPaymentRecords.$inferInsert) => db.insert(localPaymentRecords).values(row).onConflictDoNothing();
  return {
    name: "local",
    webhooks: false,
    async createSession() {
      const sessionId = newLocalSessionId();
      return { sessionId, url: `${publicUrl}/checkout/test/${sessionId}` };
    },
    // A local payment is recorded by its Pay button (payTestCheckout), never found out afterwards.
    async sessionPayment() {
      return { paid: false, paymentIntentId: null };
    },
    async refund({ paymentReference, amountPence, idempotencyKey, refundId: ourRefundId }) {
      const refundId = localRefundId(idempotencyKey);
      if (!Number.isInteger(amountPence) || amountPence < 1) throw new AppError("BAD_REQUEST", `Invalid refund amount: ${amountPence} (a positive whole number of pence).`);
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, paymentReference));
      if (!order) throw new AppError("PAYMENT_PROVIDER_ERROR", `No such payment_intent: '${paymentReference}'`);
      const [money] = await db
        .select({
          charged: sql<number>`coalesce(sum(${ledgerEntries.amountPence}) filter (where ${inArray(ledgerEntries.kind, [...CHARGE_KINDS])}), 0)::int`.mapWith(Number),
          paidBack: sql<number>`coalesce(sum(${ledgerEntries.amountPence}) filter (where ${inArray(ledgerEntries.kind, [...PAID_BACK_KINDS])} and ${ledgerEntries.providerRef} <> ${refundId}), 0)::int`.mapWith(Number),
          alreadyMade: sql<boolean>`bool_or(${ledgerEntries.providerRef} = ${refundId})`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, order.id));
      // A repeat of a refund already recorded is that refund (Stripe answers a reused key with its first result).
      if (money?.alreadyMade) return { refundId };
      const left = (money?.charged ?? 0) - (money?.paidBack ?? 0);
      if (amountPence > left) throw new AppError("PAYMENT_PROVIDER_ERROR", `Refund amount (${formatPounds(amountPence)}) is greater than unrefunded amount on charge (${formatPounds(left)})`);
      await record({ id: refundId, kind: "refund", amountPence, parentRef: paymentReference, ourRef: ourRefundId });
      return { refundId };
    },
    parseWebhook() {
      throw new Error("The local test checkout sends no webhooks");
    },
    // Local refunds are on the ledger only; nothing happens to a local payment outside the app.
    async paymentRefunds() {
      return [];
    },
    // Connect, simulated (D23): an account is ready at once, and a transfer or reversal is its key's one id.
    // The ledger is the record of what moved; the payout service refuses what Stripe would (amounts, accounts).
    async createConnectedAccount({ idempotencyKey }) {
      return { accountId: localId("acct", idempotencyKey), ready: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null };
    },
    async onboardingLink({ returnUrl }) {
      return { url: returnUrl };
    },
    async connectedAccount(accountId) {
      if (!accountId.startsWith("acct_local_")) throw new AppError("PAYMENT_PROVIDER_ERROR", `No such account: '${accountId}'`);
      return { accountId, ready: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null };
    },
    async transfer({ accountId, amountPence, idempotencyKey, metadata }) {
      if (!Number.isInteger(amountPence) || amountPence < 1) throw new AppError("BAD_REQUEST", `Invalid transfer amount: ${amountPence} (a positive whole number of pence).`);
      if (!accountId.startsWith("acct_local_")) throw new AppError("PAYMENT_PROVIDER_ERROR", `No such destination: '${accountId}'`);
      const transferId = localId("tr", idempotencyKey);
      await record({ id: transferId, kind: "transfer", amountPence, parentRef: null, ourRef: metadata.payoutId ?? null });
      return { transferId };
    },
    async reverseTransfer({ transferId, amountPence, idempotencyKey, metadata }) {
      if (!Number.isInteger(amountPence) || amountPence < 1) throw new AppError("BAD_REQUEST", `Invalid reversal amount: ${amountPence} (a positive whole number of pence).`);
      if (!transferId.startsWith("tr_local_")) throw new AppError("PAYMENT_PROVIDER_ERROR", `No such transfer: '${transferId}'`);
      const reversalId = localId("trr", idempotencyKey);
      await record({ id: reversalId, kind: "transfer_reversal", amountPence, parentRef: transferId, ourRef: metadata.payoutId ?? null });
      return { reversalId };
    },
    // Its payments are the orders its Pay button paid; its refunds, transfers and reversals are its own records.
    async listPayments({ since }) {
      const paid = await db
        .select({ id: orders.paymentReference, amountPence: orders.totalPence, createdAt: orders.paidAt })
        .from(orders)
        .where(and(like(orders.paymentReference, "pi\\_local\\_%"), isNotNull(orders.paidAt), gte(orders.paidAt, since)));
      return paid.map((row) => ({ id: row.id!, amountPence: row.amountPence, createdAt: row.createdAt! }));
    },
    async listRefunds({ since }) {
      const rows = await db.select().from(localPaymentRecords).where(and(eq(localPaymentRecords.kind, "refund"), gte(localPaymentRecords.createdAt, since)));
      return rows.map((row) => ({ id: row.id, paymentReference: row.parentRef, amountPence: row.amountPence, status: "succeeded", refundId: row.ourRef, createdAt: row.createdAt }));
    },
    async listTransfers({ since }) {
      const rows = await db
        .select({
          id: localPaymentRecords.id,
          amountPence: localPaymentRecords.amountPence,
          payoutId: localPaymentRecords.ourRef,
          createdAt: localPaymentRecords.createdAt,
          // Spelt out: drizzle leaves a lone table's columns unqualified, which the subquery would read as its own.
          reversedPence: sql<number>`coalesce((select sum(r.amount_pence) from local_payment_records r where r.kind = 'transfer_reversal' and r.parent_ref = "local_payment_records"."id"), 0)::int`.mapWith(Number),
        })
        .from(localPaymentRecords)
        .where(and(eq(localPaymentRecords.kind, "transfer"), gte(localPaymentRecords.createdAt, since)));
      return rows;
    },
  };
}

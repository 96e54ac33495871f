import { createHash, randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { AppError, PAID_BACK_KINDS, CHARGE_KINDS } from "../../../domain";
import type { Db } from "../../db/client";
import { ledgerEntries, orders } from "../../db/schema";
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
 * moves, so the ledger is the provider's record: a refund is refused as Stripe refuses it (an unknown
 * payment, an amount that is not a positive whole number of pence, or more than the payment has left:
 * https://docs.stripe.com/api/refunds/create, `amount`), and the same key answers the same refund.
 */
export function createLocalPayments({ publicUrl, db }: { publicUrl: string; db: Db }): PaymentGateway {
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
    async refund({ paymentReference, amountPence, idempotencyKey }) {
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
      if (amountPence > left) throw new AppError("PAYMENT_PROVIDER_ERROR", `Refund amount (£${(amountPence / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`);
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
    async transfer({ accountId, amountPence, idempotencyKey }) {
      if (!Number.isInteger(amountPence) || amountPence < 1) throw new AppError("BAD_REQUEST", `Invalid transfer amount: ${amountPence} (a positive whole number of pence).`);
      if (!accountId.startsWith("acct_local_")) throw new AppError("PAYMENT_PROVIDER_ERROR", `No such destination: '${accountId}'`);
      return { transferId: localId("tr", idempotencyKey) };
    },
    async reverseTransfer({ transferId, amountPence, idempotencyKey }) {
      if (!Number.isInteger(amountPence) || amountPence < 1) throw new AppError("BAD_REQUEST", `Invalid reversal amount: ${amountPence} (a positive whole number of pence).`);
      if (!transferId.startsWith("tr_local_")) throw new AppError("PAYMENT_PROVIDER_ERROR", `No such transfer: '${transferId}'`);
      return { reversalId: localId("trr", idempotencyKey) };
    },
  };
}

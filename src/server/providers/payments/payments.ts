import type { ConnectedAccountState } from "../../../domain";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createLocalPayments } from "./local";

export interface CheckoutLineForProvider {
  title: string;
  /** The event's UK date and time, venue and seller, shown under the line on the provider's page (issue 34). */
  description: string;
  quantity: number;
  unitPricePence: number;
  feePerTicketPence: number;
}

/** The most the seller text may hold: Stripe's limit on custom text beside the Pay button (custom_text.submit.message). */
export const SELLER_TEXT_MAX_LENGTH = 1200;

/** An order's transfer group (D23): its one payment, and the transfers that pay it out, share it. */
export function transferGroupOf(orderId: string): string {
  return `order_${orderId}`;
}

/**
 * The transfer group of an event's payouts (D23): a payout pays out many orders (each with its own
 * `order_{id}` group), so its transfers are grouped by the event they settle.
 */
export function payoutTransferGroup(eventId: string): string {
  return `event_${eventId}`;
}

export interface CreateSessionInput {
  orderId: string;
  /** Groups the order's payment with the transfers that pay it out (D23: one per order, `order_{id}`). */
  transferGroup: string;
  customerEmail: string;
  lines: CheckoutLineForProvider[];
  /** Who sells, and that the platform is their agent (D28), beside the Pay button: at most SELLER_TEXT_MAX_LENGTH characters. */
  sellerText: string;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface RefundInput {
  /** The provider's payment: a PaymentIntent id (pi_…). */
  paymentReference: string;
  amountPence: number;
  idempotencyKey: string;
  /** Our refund's id, kept on the provider's refund so its webhooks can be matched back. */
  refundId: string;
}

export type { ConnectedAccountState };

export interface TransferInput {
  accountId: string;
  amountPence: number;
  /** The provider's idempotency key: the payout's transfer_key, so a restarted job asks for the same transfer. */
  idempotencyKey: string;
  transferGroup: string;
  /** Kept on the provider's transfer (our payout id, event id) for matching back. */
  metadata: Record<string, string>;
  description: string;
}

export interface TransferReversalInput {
  transferId: string;
  amountPence: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/**
 * The payment provider (ARCHITECTURE Payments): Stripe Checkout, or the built-in `local` test checkout
 * that a fresh machine can pay with (decision 026).
 */
export interface PaymentGateway {
  readonly name: "stripe" | "local";
  /** Whether the provider reports payments by webhook (POST /api/webhooks/stripe is served only then). */
  readonly webhooks: boolean;
  createSession(input: CreateSessionInput): Promise<{ sessionId: string; url: string }>;
  /** Whether the session has been paid, and the payment to refund if needed. */
  sessionPayment(sessionId: string): Promise<{ paid: boolean; paymentIntentId: string | null }>;
  /**
   * Pays `amountPence` of a payment back to the buyer's card. The key makes a repeat (a retry, a second
   * node, a restarted job) the same refund; the answer is the provider's refund id (re_…).
   */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Verifies a webhook's signature and returns what it tells us, or throws. */
  parseWebhook(rawBody: Buffer, signature: string): ProviderNotice;
  /** A payment's refunds at the provider, newest first (for a notice that does not carry them). */
  paymentRefunds(paymentReference: string): Promise<ProviderRefund[]>;

  /** Creates a payee's connected account (Express, GB, the `transfers` capability); the key makes a repeat the same account. */
  createConnectedAccount(input: { email: string; idempotencyKey: string; userId: string }): Promise<ConnectedAccountState>;
  /** Where the payee finishes onboarding: a one-time link to the provider's hosted form (an account link). */
  onboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** The account's current state (after the payee comes back from onboarding). */
  connectedAccount(accountId: string): Promise<ConnectedAccountState>;
  /** Moves money from the platform's balance to a connected account (tr_…). */
  transfer(input: TransferInput): Promise<{ transferId: string }>;
  /** Takes back part or all of a transfer (trr_…). */
  reverseTransfer(input: TransferReversalInput): Promise<{ reversalId: string }>;

  /** Every payment the provider took since then (reconcile: money taken must be on the ledger, and the reverse). */
  listPayments(input: { since: Date }): Promise<ProviderPayment[]>;
  /** Every refund the provider made since then. */
  listRefunds(input: { since: Date }): Promise<ProviderRefundRecord[]>;
  /** Every transfer the provider made since then, with what has been reversed of it. */
  listTransfers(input: { since: Date }): Promise<ProviderTransfer[]>;
}

/** A payment the provider took (a succeeded PaymentIntent): `amountPence` is what it received. */
export interface ProviderPayment {
  id: string;
  amountPence: number;
  createdAt: Date;
  /** Our order's id as the provider keeps it with the payment (Stripe: the PaymentIntent's metadata), for a payment its order never recorded. */
  orderId?: string | null;
}

/** A refund as the provider's list gives it; `refundId` is ours when we asked for it (its metadata). */
export interface ProviderRefundRecord {
  id: string;
  paymentReference: string | null;
  amountPence: number;
  status: string;
  refundId: string | null;
  createdAt: Date;
}

/** A transfer as the provider's list gives it; `payoutId` is ours (its metadata). */
export interface ProviderTransfer {
  id: string;
  amountPence: number;
  reversedPence: number;
  payoutId: string | null;
  createdAt: Date;
}

/** A refund as the provider reports it. `refundId` is our refund's id when we asked for it (its metadata). */
export interface ProviderRefund {
  id: string;
  amountPence: number;
  status: string;
  refundId: string | null;
}

/**
 * What a provider's webhook tells us, one kind per notice we act on:
 * - a Checkout Session completed (or paid late, async), or expired unpaid;
 * - a payment refunded, by us or in the provider's own dashboard (`refunds`: all its refunds so far, or
 *   null when the notice does not carry them and they must be fetched);
 * - a payment disputed by the buyer's bank (a chargeback);
 * - a connected account's status changed (onboarding finished, requirements due, payouts disabled);
 * - anything else, which is acknowledged and ignored.
 */
export type ProviderNotice =
  | { type: "checkout.session.completed" | "checkout.session.async_payment_succeeded" | "checkout.session.expired"; sessionId: string }
  | { type: "charge.refunded"; paymentReference: string; refunds: ProviderRefund[] | null }
  | { type: "charge.dispute.created"; paymentReference: string; disputeId: string; amountPence: number; reason: string }
  | { type: "account.updated"; account: ConnectedAccountState }
  | { type: "other"; eventType: string };

/** Stripe's SDK (some 700 kB) is loaded only when it is the configured provider, not at every start. */
export async function createPaymentGateway(config: Config, db: Db): Promise<PaymentGateway> {
  if (config.paymentProvider !== "stripe") return createLocalPayments({ publicUrl: config.publicUrl, db });
  const { createStripePayments } = await import("./stripe");
  return createStripePayments({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL });
}

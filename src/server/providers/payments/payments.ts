import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createLocalPayments } from "./local";
import { createStripePayments } from "./stripe";

export interface CheckoutLineForProvider {
  title: string;
  quantity: number;
  unitPricePence: number;
  feePerTicketPence: number;
}

export interface CreateSessionInput {
  orderId: string;
  customerEmail: string;
  lines: CheckoutLineForProvider[];
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
 * - anything else, which is acknowledged and ignored.
 */
export type ProviderNotice =
  | { type: "checkout.session.completed" | "checkout.session.async_payment_succeeded" | "checkout.session.expired"; sessionId: string }
  | { type: "charge.refunded"; paymentReference: string; refunds: ProviderRefund[] | null }
  | { type: "charge.dispute.created"; paymentReference: string; disputeId: string; amountPence: number; reason: string }
  | { type: "other"; eventType: string };

export function createPaymentGateway(config: Config, db: Db): PaymentGateway {
  if (config.paymentProvider !== "stripe") return createLocalPayments({ publicUrl: config.publicUrl, db });
  return createStripePayments({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, apiUrl: config.STRIPE_API_URL });
}

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
  /** Verifies a webhook's signature and returns its event, or throws. */
  parseWebhook(rawBody: Buffer, signature: string): { type: string; sessionId: string | null };
}

export function createPaymentGateway(config: Config, db: Db): PaymentGateway {
  if (config.paymentProvider !== "stripe") return createLocalPayments({ publicUrl: config.publicUrl, db });
  return createStripePayments({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, apiUrl: config.STRIPE_API_URL });
}

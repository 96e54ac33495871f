import type { Config } from "../../config";
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
  refund(paymentIntentId: string): Promise<void>;
  /** Verifies a webhook's signature and returns its event, or throws. */
  parseWebhook(rawBody: Buffer, signature: string): { type: string; sessionId: string | null };
}

export function createPaymentGateway(config: Config): PaymentGateway {
  if (config.paymentProvider !== "stripe") return createLocalPayments({ publicUrl: config.publicUrl });
  return createStripePayments({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, apiUrl: config.STRIPE_API_URL });
}

import type { Config } from "../../config";
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

/** An outside payment service (ARCHITECTURE Payments). The built-in `local` provider needs none. */
export interface PaymentGateway {
  readonly name: "stripe";
  createSession(input: CreateSessionInput): Promise<{ sessionId: string; url: string }>;
  /** Whether the session has been paid, and the payment to refund if needed. */
  sessionPayment(sessionId: string): Promise<{ paid: boolean; paymentIntentId: string | null }>;
  refund(paymentIntentId: string): Promise<void>;
  /** Verifies a webhook's signature and returns its event, or throws. */
  parseWebhook(rawBody: Buffer, signature: string): { type: string; sessionId: string | null };
}

export function createPaymentGateway(config: Config): PaymentGateway | null {
  if (config.paymentProvider !== "stripe") return null;
  return createStripePayments({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, apiUrl: config.STRIPE_API_URL });
}

import { randomBytes } from "node:crypto";
import type { PaymentGateway } from "./payments";

/** A payment session id in Stripe's shape, for the local test checkout. */
export function newLocalSessionId(): string {
  return `cs_test_${randomBytes(18).toString("base64url")}`;
}

/**
 * The built-in test checkout (ARCHITECTURE Payments `local`, decision 026): the product's own page at
 * /checkout/test/{session} stands in for Stripe's, and its Pay button is the payment itself. No money
 * moves, so nothing is asked of an outside service: the order's paid mark (set when Pay is pressed) is
 * the only record, there is nothing to refund, and no webhook ever arrives.
 */
export function createLocalPayments({ publicUrl }: { publicUrl: string }): PaymentGateway {
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
    async refund() {},
    parseWebhook() {
      throw new Error("The local test checkout sends no webhooks");
    },
  };
}

import Stripe from "stripe";
import { AppError } from "../../../domain";
import type { ConnectedAccountState, PaymentGateway, ProviderNotice, ProviderRefund } from "./payments";

/**
 * Stripe's refusal as our provider error (502): its status and message (which can name our key) are
 * for our log, never for the buyer or for Stripe's webhook delivery.
 */
function providerError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  return Object.assign(new AppError("PAYMENT_PROVIDER_ERROR", "The payment service did not answer as expected. Please try again in a moment."), { cause: error });
}

/**
 * Stripe Checkout through the official SDK: the ticket and the booking fee as separate line items,
 * the order id in the metadata, and an expiry inside Stripe's window that ends before the hold (decisions D9, 013).
 */
export function createStripePayments(options: { secretKey: string; webhookSecret: string; apiUrl?: string }): PaymentGateway {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  return {
    name: "stripe",
    webhooks: true,
    async createSession(input) {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
      for (const line of input.lines) {
        lineItems.push({ quantity: line.quantity, price_data: { currency: "gbp", unit_amount: line.unitPricePence, product_data: { name: line.title } } });
        if (line.feePerTicketPence > 0) {
          lineItems.push({
            quantity: line.quantity,
            price_data: { currency: "gbp", unit_amount: line.feePerTicketPence, product_data: { name: `Booking & processing fee — ${line.title}` } },
          });
        }
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          customer_email: input.customerEmail,
          line_items: lineItems,
          metadata: { orderId: input.orderId },
          payment_intent_data: { metadata: { orderId: input.orderId }, transfer_group: input.transferGroup },
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `checkout-${input.orderId}` },
      );
      if (!session.url) throw new Error("Stripe returned no checkout URL");
      return { sessionId: session.id, url: session.url };
    },
    async sessionPayment(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
        throw providerError(error);
      });
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      return { paid: session.payment_status === "paid", paymentIntentId: intent };
    },
    async refund({ paymentReference, amountPence, idempotencyKey, refundId }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentReference, amount: amountPence, metadata: { refundId } }, { idempotencyKey });
        return { refundId: refund.id };
      } catch (error) {
        // A repeat after Stripe pruned the idempotency key (24 hours) while the refund was made: find it by
        // our id (https://docs.stripe.com/api/idempotent_requests, https://docs.stripe.com/error-codes#charge-already-refunded).
        const code = (error as { code?: string }).code;
        if (code === "charge_already_refunded" || code === "amount_too_large") {
          const made = await stripe.refunds.list({ payment_intent: paymentReference, limit: 100 }).catch(() => null);
          const found = made?.data.find((refund) => refund.metadata?.refundId === refundId);
          if (found) return { refundId: found.id };
        }
        throw providerError(error);
      }
    },
    parseWebhook(rawBody, signature) {
      return noticeOf(stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret));
    },
    async paymentRefunds(paymentReference) {
      const refunds = await stripe.refunds.list({ payment_intent: paymentReference, limit: 100 }).catch((error: unknown) => {
        throw providerError(error);
      });
      return refunds.data.map(refundOf);
    },
    async createConnectedAccount({ email, idempotencyKey, userId }) {
      const account = await stripe.accounts
        .create({ type: "express", country: "GB", email, capabilities: { transfers: { requested: true } }, metadata: { userId } }, { idempotencyKey })
        .catch((error: unknown) => {
          throw providerError(error);
        });
      return accountStateOf(account);
    },
    async onboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: "account_onboarding" }).catch((error: unknown) => {
        throw providerError(error);
      });
      return { url: link.url };
    },
    async connectedAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId).catch((error: unknown) => {
        throw providerError(error);
      });
      return accountStateOf(account);
    },
    async transfer({ accountId, amountPence, idempotencyKey, transferGroup, metadata, description }) {
      const transfer = await stripe.transfers
        .create({ amount: amountPence, currency: "gbp", destination: accountId, transfer_group: transferGroup, metadata, description }, { idempotencyKey })
        .catch((error: unknown) => {
          throw providerError(error);
        });
      return { transferId: transfer.id };
    },
    async reverseTransfer({ transferId, amountPence, idempotencyKey, metadata }) {
      const reversal = await stripe.transfers.createReversal(transferId, { amount: amountPence, metadata }, { idempotencyKey }).catch((error: unknown) => {
        throw providerError(error);
      });
      return { reversalId: reversal.id };
    },
  };
}

/** A connected account's state (https://docs.stripe.com/api/accounts/object): ready when payouts are enabled and transfers active. */
function accountStateOf(account: Stripe.Account): ConnectedAccountState {
  return {
    accountId: account.id,
    ready: Boolean(account.payouts_enabled) && account.capabilities?.transfers === "active",
    detailsSubmitted: Boolean(account.details_submitted),
    payoutsEnabled: Boolean(account.payouts_enabled),
    requirementsDue: account.requirements?.currently_due ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

function refundOf(refund: Stripe.Refund): ProviderRefund {
  return { id: refund.id, amountPence: refund.amount, status: refund.status ?? "pending", refundId: refund.metadata?.refundId ?? null };
}

/**
 * The event as our notice (https://docs.stripe.com/api/events/types). A Charge carries its refunds only
 * when its API version includes them (they became expandable in 2022-11-15) and all fit; otherwise null says fetch them.
 */
function noticeOf(event: Stripe.Event): ProviderNotice {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.expired":
      return { type: event.type, sessionId: event.data.object.id };
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentReference = idOf(charge.payment_intent);
      if (!paymentReference) return { type: "other", eventType: event.type };
      return { type: event.type, paymentReference, refunds: charge.refunds && !charge.refunds.has_more ? charge.refunds.data.map(refundOf) : null };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const paymentReference = idOf(dispute.payment_intent);
      if (!paymentReference) return { type: "other", eventType: event.type };
      return { type: event.type, paymentReference, disputeId: dispute.id, amountPence: dispute.amount, reason: dispute.reason };
    }
    case "account.updated":
      return { type: event.type, account: accountStateOf(event.data.object) };
    default:
      return { type: "other", eventType: event.type };
  }
}

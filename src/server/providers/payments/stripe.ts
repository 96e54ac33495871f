import Stripe from "stripe";
import { AppError } from "../../../domain";
import type { ConnectedAccountState, PaymentGateway, ProviderNotice, ProviderPayment, ProviderRefund, ProviderRefundRecord, ProviderTransfer } from "./payments";

/**
 * Stripe's refusal as our provider error (502): its status and message (which can name our key) are
 * for our log, never for the buyer or for Stripe's webhook delivery. For Connect calls the error's
 * `details.providerCode` keeps Stripe's code (https://docs.stripe.com/error-codes), so a payout can tell
 * `balance_insufficient` (try again later) from `insufficient_capabilities_for_transfer` (the payee's
 * account is not ready) without reading Stripe's types.
 */
function providerError(error: unknown, options: { withCode?: boolean } = {}): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const details = options.withCode ? { providerCode: error.code ?? null } : undefined;
  return Object.assign(new AppError("PAYMENT_PROVIDER_ERROR", "The payment service did not answer as expected. Please try again in a moment.", details), { cause: error });
}
const connectError = (error: unknown) => {
  throw providerError(error, { withCode: true });
};

/** Metadata keys the gateway adds to find its own transfers and reversals again (see `transfer`). */
export const TRANSFER_KEY = "transferKey";
export const REVERSAL_KEY = "reversalKey";

/**
 * Stripe Checkout through the official SDK: the ticket and the booking fee as separate line items,
 * the order id in the metadata, and an expiry inside Stripe's window that ends before the hold (decisions D9, 013).
 */
export function createStripePayments(options: { secretKey: string; webhookSecret: string; connectWebhookSecret?: string; apiUrl?: string }): PaymentGateway {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  async function findTransfer(destination: string, transferGroup: string, key: string) {
    try {
      for await (const transfer of stripe.transfers.list({ destination, transfer_group: transferGroup, limit: 100 })) {
        if (transfer.metadata?.[TRANSFER_KEY] === key) return transfer;
      }
      return null;
    } catch (error) {
      return connectError(error);
    }
  }

  return {
    name: "stripe",
    webhooks: true,
    async createSession(input) {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
      for (const line of input.lines) {
        lineItems.push({ quantity: line.quantity, price_data: { currency: "gbp", unit_amount: line.unitPricePence, product_data: { name: line.title, description: line.description } } });
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
          ...(input.sellerText ? { custom_text: { submit: { message: input.sellerText } } } : {}),
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
    /**
     * Events about connected accounts reach a Connect endpoint, which has its own signing secret
     * (https://docs.stripe.com/connect/webhooks): both endpoints may point at the same URL, so a payload
     * signed with either secret is Stripe's.
     */
    parseWebhook(rawBody, signature) {
      try {
        return noticeOf(stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret));
      } catch (error) {
        if (!options.connectWebhookSecret || !(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
        return noticeOf(stripe.webhooks.constructEvent(rawBody, signature, options.connectWebhookSecret));
      }
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
        .catch(connectError);
      return accountStateOf(account);
    },
    async onboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: "account_onboarding" }).catch(connectError);
      return { url: link.url };
    },
    async connectedAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId).catch(connectError);
      return accountStateOf(account);
    },
    /**
     * Stripe keeps an idempotency key for 24 hours only (https://docs.stripe.com/api/idempotent_requests), so
     * a payout retried later would be paid twice: the key also travels in the transfer's metadata, and a
     * transfer already made with it (same group and destination) is found first and answered instead.
     */
    async transfer({ accountId, amountPence, idempotencyKey, transferGroup, metadata, description }) {
      const made = await findTransfer(accountId, transferGroup, idempotencyKey);
      if (made) return { transferId: made.id };
      const transfer = await stripe.transfers
        .create(
          { amount: amountPence, currency: "gbp", destination: accountId, transfer_group: transferGroup, metadata: { ...metadata, [TRANSFER_KEY]: idempotencyKey }, description },
          { idempotencyKey },
        )
        .catch(connectError);
      return { transferId: transfer.id };
    },
    /** As `transfer`: a reversal already made with the key (its metadata) is answered rather than made again. */
    async reverseTransfer({ transferId, amountPence, idempotencyKey, metadata }) {
      try {
        for await (const reversal of stripe.transfers.listReversals(transferId, { limit: 100 })) {
          if (reversal.metadata?.[REVERSAL_KEY] === idempotencyKey) return { reversalId: reversal.id };
        }
      } catch (error) {
        connectError(error);
      }
      const reversal = await stripe.transfers
        .createReversal(transferId, { amount: amountPence, metadata: { ...metadata, [REVERSAL_KEY]: idempotencyKey } }, { idempotencyKey })
        .catch(connectError);
      return { reversalId: reversal.id };
    },
    // The list endpoints, 100 a page (their maximum), newest first; the SDK follows `starting_after` to the end
    // (https://docs.stripe.com/api/pagination).
    async listPayments({ since }) {
      const payments: ProviderPayment[] = [];
      try {
        for await (const intent of stripe.paymentIntents.list({ created: { gte: unixTime(since) }, limit: 100 })) {
          if (intent.status === "succeeded") payments.push({ id: intent.id, amountPence: intent.amount_received, createdAt: new Date(intent.created * 1000), orderId: intent.metadata?.orderId ?? null });
        }
      } catch (error) {
        throw providerError(error);
      }
      return payments;
    },
    async listRefunds({ since }) {
      const refunds: ProviderRefundRecord[] = [];
      try {
        for await (const refund of stripe.refunds.list({ created: { gte: unixTime(since) }, limit: 100 })) {
          refunds.push({ ...refundOf(refund), paymentReference: idOf(refund.payment_intent), createdAt: new Date(refund.created * 1000) });
        }
      } catch (error) {
        throw providerError(error);
      }
      return refunds;
    },
    async listTransfers({ since }) {
      const transfers: ProviderTransfer[] = [];
      try {
        for await (const transfer of stripe.transfers.list({ created: { gte: unixTime(since) }, limit: 100 })) {
          transfers.push({ id: transfer.id, amountPence: transfer.amount, reversedPence: transfer.amount_reversed, payoutId: transfer.metadata?.payoutId ?? null, createdAt: new Date(transfer.created * 1000) });
        }
      } catch (error) {
        throw providerError(error);
      }
      return transfers;
    },
  };
}

const unixTime = (date: Date) => Math.floor(date.getTime() / 1000);

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
      // Without `account` the event is about the platform's own account, not a payee's (https://docs.stripe.com/connect/webhooks).
      if (!event.account) return { type: "other", eventType: event.type };
      return { type: event.type, account: accountStateOf(event.data.object) };
    default:
      return { type: "other", eventType: event.type };
  }
}

/**
 * A stand-in for Stripe's REST API (v1) that refuses what Stripe refuses, for every parameter Eventora
 * sends: Checkout Sessions (create, retrieve), Refunds, idempotency, API-key auth, and signed webhook
 * events. The official `stripe` SDK talks to it over real HTTP (STRIPE_API_URL).
 *
 * Sources, cited next to each rule below:
 * - [SPEC]  Stripe's OpenAPI description, https://github.com/stripe/openapi/blob/master/openapi/spec3.json
 *           (read at commit af5309c, 2026-07-29): `PostCheckoutSessions`, `GetCheckoutSessionsSession`,
 *           `PostRefunds`.
 * - [CREATE] https://docs.stripe.com/api/checkout/sessions/create
 * - [SDK]   the official `stripe` package's types, generated from the same description
 *           (esm/resources/Checkout/Sessions.d.ts), for custom_text's length, which the stored spec3.json predates
 * - [META]  https://docs.stripe.com/api/metadata ("up to 50 keys, with key names up to 40 characters long
 *           and values up to 500 characters long … you can't use square brackets ([ and ]) in keys")
 * - [CURRENCIES] https://docs.stripe.com/currencies ("You must use all lowercase letters when passing the
 *           three-letter ISO code"; "Minimum and maximum charge amounts": GBP £0.30; amounts up to eight digits)
 * - [ERRORS] https://docs.stripe.com/api/errors (error object: type, code, message, param; 400/401/404)
 *           and https://docs.stripe.com/error-codes (parameter_missing, parameter_unknown,
 *           parameter_invalid_integer, parameter_invalid_empty, email_invalid, url_invalid,
 *           amount_too_small, amount_too_large, resource_missing, charge_already_refunded,
 *           payment_intent_unexpected_state)
 * - [AUTH]  https://docs.stripe.com/api/authentication (secret key as `Authorization: Bearer sk_…`; 401 otherwise)
 * - [IDEMPOTENCY] https://docs.stripe.com/api/idempotent_requests ("compares incoming parameters to those of
 *           the original request and errors if they're not the same"; saved results are replayed; keys up
 *           to 255 characters; results saved only once execution begins, not for failed validation; keys
 *           pruned after 24 hours)
 * - [REFUNDS] https://docs.stripe.com/api/refunds/create (`amount`: "A positive integer … Can refund only up
 *           to the remaining, unrefunded amount of the charge"; one of `charge` or `payment_intent`)
 * - [LIST]  https://docs.stripe.com/api/refunds/list (`GetRefunds`: charge, payment_intent, limit 1–100
 *           default 10, starting_after / ending_before, created, expand; newest first; `{object: "list", data,
 *           has_more, url}`)
 * - [DISPUTED] https://docs.stripe.com/error-codes#charge-disputed ("The charge you're attempting to refund
 *           has been charged back"): a disputed charge cannot be refunded.
 * - [EVENTS] https://docs.stripe.com/api/events/types (`charge.refunded`: data.object is a Charge, with
 *           `amount_refunded`, `refunded`, `payment_intent` and its `refunds` list;
 *           `charge.dispute.created`: data.object is a Dispute, https://docs.stripe.com/api/disputes/object:
 *           id dp_…, amount, charge, currency, payment_intent, reason, status "needs_response")
 * - [WEBHOOKS] https://docs.stripe.com/webhooks#verify-manually (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of
 *           `${t}.${payload}` with the endpoint secret; default tolerance 5 minutes)
 *
 * Stripe Connect (accounts, account links and the Express onboarding page, transfers, transfer reversals, the
 * platform's balance, `account.updated`) lives in ./stripe-connect.ts, with its own sources; shared parameter
 * rules in ./stripe-form.ts.
 *
 * A parameter Stripe knows but this stand-in does not model answers 500 ("not modelled") rather than
 * being accepted unchecked: whoever starts sending it must add its rules here first.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createConnect, type Delivery } from "./stripe-connect";
import { asArray, asHash, asInteger, asString, checkEmail, checkKeys, checkMetadata, checkUrl, CURRENCIES, type Form, invalid, type Json, listPage, MAXIMUM_CHARGE, notModelled, parseForm, required, StripeError } from "./stripe-form";

/** Top-level parameters of `PostCheckoutSessions` [SPEC]; anything else is `parameter_unknown` (the schema has additionalProperties: false). */
const CHECKOUT_SESSION_PARAMS = new Set(
  (
    "adaptive_pricing after_expiration allow_promotion_codes automatic_tax billing_address_collection branding_settings cancel_url " +
    "client_reference_id consent_collection currency custom_fields custom_text customer customer_account customer_creation customer_email " +
    "customer_update discounts excluded_payment_method_types expand expires_at integration_identifier invoice_creation line_items locale " +
    "managed_payments metadata mode name_collection optional_items origin_context payment_intent_data payment_method_collection " +
    "payment_method_configuration payment_method_data payment_method_options payment_method_types permissions phone_number_collection " +
    "redirect_on_completion return_url saved_payment_method_options setup_intent_data shipping_address_collection shipping_options " +
    "submit_type subscription_data success_url tax_id_collection ui_mode wallet_options"
  ).split(" "),
);
/** Those this stand-in checks. */
const MODELLED_CHECKOUT_SESSION_PARAMS = new Set(["cancel_url", "custom_text", "customer_email", "expand", "expires_at", "line_items", "metadata", "mode", "payment_intent_data", "success_url", "ui_mode"]);
/** `custom_text` properties [SPEC: custom_text_param]: each a custom_text_position_param `{message}` or "" to unset. */
const CUSTOM_TEXT_PARAMS = new Set(["after_submit", "shipping_address", "submit", "terms_of_service_acceptance"]);
/** [SDK] Checkout/Sessions.d.ts, SessionCreateParams.CustomText.Submit.message: "Text can be up to 1200 characters in length." */
const CUSTOM_TEXT_MAX_LENGTH = 1200;
/** [SPEC] price_data.product_data.description: a string, maxLength 40000 (as read at commit 4d877a7). */
const PRODUCT_DESCRIPTION_MAX_LENGTH = 40_000;
/** `line_items[]` properties [SPEC: line_item_params] and `price_data` [SPEC: price_data_with_product_data]. */
const LINE_ITEM_PARAMS = new Set(["adjustable_quantity", "metadata", "price", "price_data", "quantity", "tax_rates"]);
const PRICE_DATA_PARAMS = new Set(["currency", "product", "product_data", "recurring", "tax_behavior", "unit_amount", "unit_amount_decimal"]);
const PRODUCT_DATA_PARAMS = new Set(["description", "images", "metadata", "name", "tax_code", "unit_label"]);
/** `payment_intent_data` properties [SPEC: payment_intent_data_params]. */
const PAYMENT_INTENT_DATA_PARAMS = new Set([
  "application_fee_amount",
  "capture_method",
  "description",
  "metadata",
  "on_behalf_of",
  "receipt_email",
  "setup_future_usage",
  "shipping",
  "statement_descriptor",
  "statement_descriptor_suffix",
  "transfer_data",
  "transfer_group",
]);
/** `PostRefunds` parameters [SPEC]. */
const REFUND_PARAMS = new Set(["amount", "charge", "currency", "customer", "expand", "instructions_email", "metadata", "origin", "payment_intent", "reason", "refund_application_fee", "reverse_transfer"]);
const MODELLED_REFUND_PARAMS = new Set(["amount", "charge", "metadata", "payment_intent", "reason"]);
/** `GetRefunds` query parameters [SPEC, LIST]. */
const REFUND_LIST_PARAMS = new Set(["charge", "created", "ending_before", "expand", "limit", "payment_intent", "starting_after"]);
const MODELLED_REFUND_LIST_PARAMS = new Set(["charge", "created", "limit", "payment_intent", "starting_after"]);
/** `GetPaymentIntents` query parameters [SPEC, LIST]. */
const PAYMENT_INTENT_LIST_PARAMS = new Set(["created", "customer", "customer_account", "ending_before", "expand", "limit", "starting_after"]);
const MODELLED_PAYMENT_INTENT_LIST_PARAMS = new Set(["created", "limit", "starting_after"]);
/** [SPEC] `reason` of a refund: enum. */
const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"];
/** [SPEC] `reason` of a dispute (dispute.reason enum). */
const DISPUTE_REASONS = [
  "bank_cannot_process",
  "check_returned",
  "credit_not_processed",
  "customer_initiated",
  "debit_not_authorized",
  "duplicate",
  "fraudulent",
  "general",
  "incorrect_account_details",
  "insufficient_funds",
  "noncompliant",
  "product_not_received",
  "product_unacceptable",
  "subscription_canceled",
  "unrecognized",
];

/** Checkout's minimum total per currency, in the minor unit [CURRENCIES, "Minimum and maximum charge amounts"]. */
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, usd: 50, eur: 50 };
/** [CREATE] `expires_at`: "anywhere from 30 minutes to 24 hours after Checkout Session creation". */
const MIN_SESSION_MS = 30 * 60_000;
const MAX_SESSION_MS = 24 * 60 * 60_000;
/** [WEBHOOKS] the SDK's default tolerance for a signed event's timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;


export interface StandInSession extends Json {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: string;
  expires_at: number;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  url: string | null;
}

interface PaymentIntent {
  id: string;
  charge: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
  /** Its refunds, oldest first. */
  refunds: StandInRefund[];
  /** [SPEC] payment_intent_data.transfer_group: groups the payment with the transfers that pay it out. */
  transferGroup: string | null;
  dispute: StandInDispute | null;
}

export interface StandInRefund extends Json {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export interface StandInDispute extends Json {
  id: string;
  object: "dispute";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string;
  status: "needs_response";
}

interface Received {
  method: string;
  path: string;
  /** The raw form body as sent. */
  form: URLSearchParams;
  /** The Idempotency-Key header, if any. */
  idempotencyKey: string | null;
  /** The stand-in's clock when the request arrived. */
  receivedAt: number;
  status: number;
  response: Json;
}

export interface StripeStandInOptions {
  /** The secret key the stand-in accepts (`Authorization: Bearer …`) [AUTH]. */
  secretKey: string;
  /** The webhook endpoint's signing secret, for `sendEvent` [WEBHOOKS]. */
  webhookSecret: string;
  /**
   * The Connect endpoint's signing secret, for events about connected accounts (https://docs.stripe.com/connect/webhooks:
   * a Connect endpoint is a separate endpoint with its own secret); defaults to `webhookSecret`.
   */
  connectWebhookSecret?: string;
  /** Where Stripe delivers events it sends by itself (onboarding finished, an account restricted); see `setWebhookUrl`. */
  webhookUrl?: string;
}

export async function startStripeStandIn(options: StripeStandInOptions) {
  const sessions = new Map<string, StandInSession>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const refunds: StandInRefund[] = [];
  const received: Received[] = [];
  const idempotency = new Map<string, { endpoint: string; body: string; status: number; response: Json }>();
  let outages = 0;

  const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("base64url").replace(/[-_]/g, "0")}`;

  /** [AUTH] 401 without a key or with a key other than the account's secret key. */
  function authenticate(request: IncomingMessage) {
    const header = request.headers.authorization;
    if (!header) {
      throw new StripeError(401, {
        type: "invalid_request_error",
        message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const key = /^Bearer (.+)$/.exec(header)?.[1] ?? "";
    if (!/^(sk|rk)_(test|live)_/.test(key) || key !== options.secretKey) {
      throw new StripeError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}` });
    }
  }

  /**
   * [SPEC] custom_text (custom_text_param): after_submit, shipping_address, submit and
   * terms_of_service_acceptance, each a hash with a required string `message` of at most 1200 characters
   * ([SDK]), or "" to leave it unset. Only `submit` is modelled. Answered as the session shows it.
   */
  function checkCustomText(raw: string | Form | undefined): { submit: { message: string } | null } {
    const customText = asHash(raw, "custom_text");
    checkKeys(customText, CUSTOM_TEXT_PARAMS, new Set(["submit"]), "custom_text");
    const submit = asHash(customText.submit, "custom_text[submit]");
    if (Object.keys(submit).length === 0) return { submit: null };
    checkKeys(submit, new Set(["message"]), new Set(["message"]), "custom_text[submit]");
    const message = required(asString(submit.message, "custom_text[submit][message]"), "custom_text[submit][message]");
    if (message.length > CUSTOM_TEXT_MAX_LENGTH) {
      throw invalid(`Invalid string: must be at most ${CUSTOM_TEXT_MAX_LENGTH} characters`, "custom_text[submit][message]");
    }
    return { submit: { message } };
  }

  function createCheckoutSession(form: Form, receivedAt: number): StandInSession {
    checkKeys(form, CHECKOUT_SESSION_PARAMS, MODELLED_CHECKOUT_SESSION_PARAMS, "");
    // [SPEC] mode: enum payment | setup | subscription. [CREATE] marks it "Required conditionally" (spec3.json
    // lists no `required` for PostCheckoutSessions); a session of one-time prices needs it, so it is required
    // here: stricter than Stripe at worst, never laxer.
    const mode = required(asString(form.mode, "mode"), "mode");
    if (!["payment", "setup", "subscription"].includes(mode)) throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, "mode");
    if (mode !== "payment") throw notModelled(`mode=${mode}`);
    // [SPEC] ui_mode: enum elements | embedded_page | hosted_page, "Defaults to `hosted_page`".
    const uiMode = asString(form.ui_mode, "ui_mode") || "hosted_page";
    if (!["elements", "embedded_page", "hosted_page"].includes(uiMode)) throw invalid(`Invalid ui_mode: must be one of elements, embedded_page, or hosted_page`, "ui_mode");
    if (uiMode !== "hosted_page") throw notModelled(`ui_mode=${uiMode}`);

    // [SPEC]/[CREATE] success_url: where Stripe sends the buyer when payment is complete, "not allowed if
    // ui_mode is embedded_page or elements". Required here for a hosted page in payment mode ([CREATE]
    // "Required conditionally"; stricter at worst).
    const successUrl = required(asString(form.success_url, "success_url"), "success_url");
    checkUrl(successUrl, "success_url");
    // [SPEC] cancel_url: optional; same URL rules.
    const cancelUrl = asString(form.cancel_url, "cancel_url");
    if (cancelUrl) checkUrl(cancelUrl, "cancel_url");
    // [SPEC] customer_email: string; [ERRORS] email_invalid.
    const customerEmail = asString(form.customer_email, "customer_email");
    if (customerEmail) checkEmail(customerEmail, "customer_email");

    // [CREATE] expires_at: "anywhere from 30 minutes to 24 hours after Checkout Session creation", read
    // strictly against this stand-in's own clock when the request arrives (milliseconds, not rounded).
    const expiresAt = asInteger(form.expires_at, "expires_at");
    if (expiresAt !== undefined) {
      if (expiresAt * 1000 < receivedAt + MIN_SESSION_MS) {
        throw invalid("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
      }
      if (expiresAt * 1000 > receivedAt + MAX_SESSION_MS) {
        throw invalid("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
      }
    }

    // [SPEC]/[CREATE] line_items: "required for payment and subscription mode … a maximum of 100 line items".
    const items = asArray(form.line_items, "line_items");
    if (items.length === 0) throw invalid("Missing required param: line_items.", "line_items", "parameter_missing");
    if (items.length > 100) throw invalid(`line_items: at most 100 line items in payment mode (got ${items.length})`, "line_items");
    let currency: string | null = null;
    let total = 0;
    items.forEach((raw, i) => {
      const param = `line_items[${i}]`;
      const item = asHash(raw, param);
      checkKeys(item, LINE_ITEM_PARAMS, new Set(["price_data", "quantity"]), param);
      // [SPEC] price_data (price_data_with_product_data): currency required; exactly one of unit_amount / unit_amount_decimal.
      const priceData = asHash(required(item.price_data, `${param}[price_data]`), `${param}[price_data]`);
      checkKeys(priceData, PRICE_DATA_PARAMS, new Set(["currency", "product_data", "unit_amount"]), `${param}[price_data]`);
      const itemCurrency = required(asString(priceData.currency, `${param}[price_data][currency]`), `${param}[price_data][currency]`);
      // [CURRENCIES] lowercase three-letter ISO code of a supported currency.
      if (!CURRENCIES.has(itemCurrency)) throw invalid(`Invalid currency: ${itemCurrency}. Stripe currently supports these currencies: ${[...CURRENCIES].join(", ")}`, `${param}[price_data][currency]`);
      // [CREATE] a Checkout Session charges in one currency: every line item's price must share it.
      if (currency !== null && itemCurrency !== currency) throw invalid("All line items must have the same currency.", `${param}[price_data][currency]`);
      currency = itemCurrency;
      // [SPEC] unit_amount: integer; [CREATE] "A non-negative integer in cents representing how much to charge".
      const unitAmount = required(asInteger(priceData.unit_amount, `${param}[price_data][unit_amount]`), `${param}[price_data][unit_amount]`);
      if (unitAmount < 0) throw invalid("This value must be greater than or equal to 0.", `${param}[price_data][unit_amount]`);
      if (unitAmount > MAXIMUM_CHARGE) throw invalid(`This value must be less than or equal to ${MAXIMUM_CHARGE}.`, `${param}[price_data][unit_amount]`, "amount_too_large");
      // [SPEC] product_data: required `name` (maxLength 5000); empty strings unset, so a required one is refused.
      const productData = asHash(required(priceData.product_data, `${param}[price_data][product_data]`), `${param}[price_data][product_data]`);
      checkKeys(productData, PRODUCT_DATA_PARAMS, new Set(["description", "name"]), `${param}[price_data][product_data]`);
      // [SPEC] product_data.description: optional string, maxLength 40000; an empty string is read as absent.
      const description = asString(productData.description, `${param}[price_data][product_data][description]`);
      if (description && description.length > PRODUCT_DESCRIPTION_MAX_LENGTH) {
        throw invalid(`Invalid string: must be at most ${PRODUCT_DESCRIPTION_MAX_LENGTH} characters`, `${param}[price_data][product_data][description]`);
      }
      const name = asString(productData.name, `${param}[price_data][product_data][name]`);
      if (name === "") {
        throw invalid(
          `You passed an empty string for '${param}[price_data][product_data][name]'. We assume empty values are an attempt to unset a parameter; however '${param}[price_data][product_data][name]' cannot be unset.`,
          `${param}[price_data][product_data][name]`,
          "parameter_invalid_empty",
        );
      }
      required(name, `${param}[price_data][product_data][name]`);
      if (name!.length > 5000) throw invalid(`${param}[price_data][product_data][name] must be at most 5000 characters`, `${param}[price_data][product_data][name]`);
      // [SPEC] quantity: integer; required for a one-time price and at least 1.
      const quantity = required(asInteger(item.quantity, `${param}[quantity]`), `${param}[quantity]`);
      if (quantity < 1) throw invalid("This value must be greater than or equal to 1.", `${param}[quantity]`);
      total += unitAmount * quantity;
    });
    // [CURRENCIES] the session's total must reach the currency's minimum charge and fit in eight digits.
    const minimum = MINIMUM_CHARGE[currency!];
    if (minimum === undefined) throw notModelled(`the minimum charge in ${currency}`);
    if (total < minimum) throw invalid(`The Checkout Session's total amount due must add up to at least ${minimum} ${currency} (in the smallest currency unit).`, "line_items", "amount_too_small");
    if (total > MAXIMUM_CHARGE) throw invalid(`The Checkout Session's total amount due must be no more than ${MAXIMUM_CHARGE} ${currency} (in the smallest currency unit).`, "line_items", "amount_too_large");

    const customText = checkCustomText(form.custom_text);
    const metadata = checkMetadata(form.metadata, "metadata");
    // [SPEC] payment_intent_data (payment_intent_data_params): we send its metadata, same limits [META], and its
    // transfer_group (a string, maxLength 5000), which the PaymentIntent keeps.
    const intentData = asHash(form.payment_intent_data, "payment_intent_data");
    checkKeys(intentData, PAYMENT_INTENT_DATA_PARAMS, new Set(["metadata", "transfer_group"]), "payment_intent_data");
    const intentMetadata = checkMetadata(intentData.metadata, "payment_intent_data[metadata]");
    const transferGroup = asString(intentData.transfer_group, "payment_intent_data[transfer_group]") || null;
    if (transferGroup && transferGroup.length > 5000) {
      throw invalid("Invalid string: must be at most 5000 characters", "payment_intent_data[transfer_group]");
    }

    const sessionId = id("cs");
    const session: StandInSession = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: cancelUrl ?? null,
      created: Math.floor(receivedAt / 1000),
      currency: currency!,
      custom_text: customText,
      customer_email: customerEmail ?? null,
      expires_at: expiresAt ?? Math.floor((receivedAt + MAX_SESSION_MS) / 1000),
      livemode: false,
      metadata,
      mode,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: successUrl,
      ui_mode: uiMode,
      url: `${baseUrl}/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    intentDataBySession.set(sessionId, { metadata: intentMetadata, transferGroup });
    return session;
  }
  const intentDataBySession = new Map<string, { metadata: Record<string, string>; transferGroup: string | null }>();

  function createRefund(form: Form): StandInRefund {
    checkKeys(form, REFUND_PARAMS, MODELLED_REFUND_PARAMS, "");
    const intentId = asString(form.payment_intent, "payment_intent") || undefined;
    const chargeId = asString(form.charge, "charge") || undefined;
    // [REFUNDS] one of charge or payment_intent.
    if (!intentId && !chargeId) throw invalid("One of the following params should be provided for this request: payment_intent or charge.", undefined, "parameter_missing");
    if (intentId && chargeId) throw invalid("You cannot provide both payment_intent and charge.", "charge");
    const intent = intentId ? paymentIntents.get(intentId) : [...paymentIntents.values()].find((pi) => pi.charge === chargeId);
    // [ERRORS] resource_missing, HTTP 404.
    if (!intent) {
      const param = intentId ? "payment_intent" : "charge";
      throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${param}: '${intentId ?? chargeId}'` });
    }
    if (intent.status !== "succeeded") {
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "payment_intent", "payment_intent_unexpected_state");
    }
    // [DISPUTED] a charged-back payment is not refunded.
    if (intent.dispute) throw invalid(`Charge ${intent.charge} has been charged back; cannot issue a refund.`, undefined, "charge_disputed");
    const remaining = intent.amount - intent.amountRefunded;
    // [ERRORS] charge_already_refunded.
    if (remaining <= 0) throw invalid(`Charge ${intent.charge} has already been refunded.`, undefined, "charge_already_refunded");
    // [REFUNDS] amount: a positive integer, at most the remaining, unrefunded amount.
    const amount = asInteger(form.amount, "amount") ?? remaining;
    if (amount < 1) throw invalid("Invalid positive integer", "amount", "parameter_invalid_integer");
    if (amount > MAXIMUM_CHARGE) throw invalid(`This value must be less than or equal to ${MAXIMUM_CHARGE}.`, "amount", "amount_too_large");
    if (amount > remaining) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, "amount", "amount_too_large");
    }
    // [SPEC] reason: enum duplicate | fraudulent | requested_by_customer.
    const reason = asString(form.reason, "reason") || null;
    if (reason && !REFUND_REASONS.includes(reason)) {
      throw invalid("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", "reason");
    }
    const metadata = checkMetadata(form.metadata, "metadata");
    intent.amountRefunded += amount;
    const refund: StandInRefund = {
      id: id("re"),
      object: "refund",
      amount,
      charge: intent.charge,
      created: Math.floor(Date.now() / 1000),
      currency: intent.currency,
      metadata,
      payment_intent: intent.id,
      reason,
      status: "succeeded",
    };
    refunds.push(refund);
    intent.refunds.push(refund);
    return refund;
  }

  /** [LIST] GET /v1/refunds: a payment's (or a charge's), or all of them, newest first, a page at a time. */
  function listRefunds(form: Form): Json {
    checkKeys(form, REFUND_LIST_PARAMS, MODELLED_REFUND_LIST_PARAMS, "");
    const intentId = asString(form.payment_intent, "payment_intent") || undefined;
    const chargeId = asString(form.charge, "charge") || undefined;
    // [LIST] "If you provide a non-existent charge ID, this call raises an error."
    if (chargeId && ![...paymentIntents.values()].some((intent) => intent.charge === chargeId)) {
      throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", param: "charge", message: `No such charge: '${chargeId}'` });
    }
    const matching = refunds.filter((refund) => (!intentId || refund.payment_intent === intentId) && (!chargeId || refund.charge === chargeId));
    return listPage(matching, form, "/v1/refunds", "refund");
  }

  /** [LIST] GET /v1/payment_intents: every PaymentIntent, newest first, a page at a time. */
  function listPaymentIntents(form: Form): Json {
    checkKeys(form, PAYMENT_INTENT_LIST_PARAMS, MODELLED_PAYMENT_INTENT_LIST_PARAMS, "");
    const intents = [...paymentIntents.values()].map((intent) => ({
      id: intent.id,
      object: "payment_intent",
      amount: intent.amount,
      amount_received: intent.amount,
      created: intent.created,
      currency: intent.currency,
      latest_charge: intent.charge,
      livemode: false,
      metadata: intent.metadata,
      status: intent.status,
      transfer_group: intent.transferGroup,
    }));
    return listPage(intents, form, "/v1/payment_intents", "payment_intent");
  }

  /**
   * The Charge object of a payment as it stands (https://docs.stripe.com/api/charges/object). Since API
   * version 2022-11-15 a Charge carries `refunds` only when expanded, so an event may come without them
   * (`withRefunds: false`); the app must then list them (GET /v1/refunds).
   */
  function chargeOf(intent: PaymentIntent, withRefunds = true): Json {
    const charge: Json = {
      id: intent.charge,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: intent.amountRefunded,
      captured: true,
      created: intent.created,
      currency: intent.currency,
      disputed: intent.dispute !== null,
      livemode: false,
      metadata: intent.metadata,
      paid: true,
      payment_intent: intent.id,
      refunded: intent.amountRefunded === intent.amount,
      refunds: { object: "list", data: [...intent.refunds].reverse(), has_more: false, total_count: intent.refunds.length, url: `/v1/charges/${intent.charge}/refunds` },
      status: "succeeded",
    };
    if (!withRefunds) delete charge.refunds;
    return charge;
  }

  function intentOf(intentId: string) {
    const intent = paymentIntents.get(intentId);
    if (!intent) throw new Error(`Stripe stand-in: no payment_intent ${intentId}`);
    return intent;
  }

  const unrecognized = (method: string, path: string) => new StripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });

  function route(method: string, path: string, rawBody: string, request: IncomingMessage, receivedAt: number): { status: number; json: Json; replayed?: boolean } {
    authenticate(request);
    if (method === "POST") {
      const key = request.headers["idempotency-key"];
      const endpoint = `${method} ${path}`;
      if (typeof key === "string") {
        // [IDEMPOTENCY] keys up to 255 characters; a reused key must carry the same endpoint and parameters.
        if (key.length > 255) throw invalid("Idempotency keys must be at most 255 characters long.", undefined);
        const saved = idempotency.get(key);
        if (saved) {
          if (saved.endpoint !== endpoint || saved.body !== rawBody) {
            throw new StripeError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            });
          }
          return { status: saved.status, json: saved.response, replayed: true };
        }
      }
      const form = parseForm(rawBody);
      // Validation failures are not saved [IDEMPOTENCY], so they throw before the result is recorded.
      const json = post(path, form, receivedAt);
      // Saved as answered then: a replay shows the object as it was, not as it is now.
      if (typeof key === "string") idempotency.set(key, { endpoint, body: rawBody, status: 200, response: structuredClone(json) });
      return { status: 200, json };
    }
    const connectAnswer = connect.route(method, path, parseForm(rawBody));
    if (connectAnswer) return { status: 200, json: connectAnswer };
    if (method === "GET" && path === "/v1/refunds") return { status: 200, json: listRefunds(parseForm(rawBody)) };
    if (method === "GET" && path === "/v1/payment_intents") return { status: 200, json: listPaymentIntents(parseForm(rawBody)) };
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      const sessionId = decodeURIComponent(retrieve[1]!);
      const session = sessions.get(sessionId);
      // [SPEC] GetCheckoutSessionsSession: path param `session`, maxLength 66; [ERRORS] resource_missing, 404.
      if (!session || sessionId.length > 66) {
        throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", param: "session", message: `No such checkout.session: '${sessionId}'` });
      }
      return { status: 200, json: session };
    }
    throw unrecognized(method, path);
  }

  /** [IDEMPOTENCY] every POST takes an idempotency key; this runs the endpoint itself. */
  function post(path: string, form: Form, receivedAt: number): Json {
    if (path === "/v1/checkout/sessions") return createCheckoutSession(form, receivedAt);
    if (path === "/v1/refunds") return createRefund(form);
    const answer = connect.route("POST", path, form);
    if (!answer) throw unrecognized("POST", path);
    return answer;
  }

  let webhookUrl = options.webhookUrl ?? null;
  /** Events Stripe sent by itself (Connect's), with the app's answer. */
  const deliveries: Delivery[] = [];
  const connect = createConnect({
    id,
    baseUrl: () => baseUrl,
    /** Charges paid, less their refunds and disputed amounts (Stripe's own fees are not modelled). */
    paymentsBalance: (currency) =>
      [...paymentIntents.values()].filter((intent) => intent.currency === currency).reduce((sum, intent) => sum + intent.amount - intent.amountRefunded - (intent.dispute?.amount ?? 0), 0),
    async deliver(type, object, account, previousAttributes) {
      if (!webhookUrl) return null;
      const payload = event(type, object, { account, previousAttributes });
      const { status } = await sendEvent(webhookUrl, type, object, { payload, secret: options.connectWebhookSecret ?? options.webhookSecret });
      const delivery = { type, account, status, payload };
      deliveries.push(delivery);
      return delivery;
    },
  });

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const receivedAt = Date.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://stripe.stand-in");
      const method = request.method ?? "GET";
      // GET parameters travel in the query string, POST parameters in the form body.
      const formText = method === "GET" ? url.search.slice(1) : rawBody;
      if (!url.pathname.startsWith("/v1/")) {
        // The user's browser on Stripe's hosted pages, and the tests' controls: no API key.
        connect.pageFor(method, url, rawBody).then(
          (page) => {
            const answer = page ?? { status: 404, headers: { "content-type": "text/plain" }, body: "Not found" };
            response.writeHead(answer.status, answer.headers).end(answer.body);
          },
          (error: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(String(error)),
        );
        return;
      }
      let status: number;
      let json: Json;
      let replayed = false;
      if (outages > 0) {
        // An outage before the endpoint runs: nothing is saved under the idempotency key.
        outages -= 1;
        status = 500;
        json = { error: { type: "api_error", message: "Stripe stand-in: simulated outage." } };
      } else {
        try {
          ({ status, json, replayed = false } = route(method, url.pathname, formText, request, receivedAt));
        } catch (error) {
          if (!(error instanceof StripeError)) throw error;
          status = error.status;
          json = { error: Object.fromEntries(Object.entries(error.body).filter(([, v]) => v !== undefined)) };
        }
      }
      const idempotencyKey = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
      received.push({ method, path: url.pathname, form: new URLSearchParams(formText), idempotencyKey, receivedAt, status, response: json });
      // [IDEMPOTENCY] a replayed answer says so in `Idempotent-Replayed: true`.
      const headers: Record<string, string> = { "content-type": "application/json", "request-id": `req_${randomBytes(7).toString("hex")}` };
      if (replayed) headers["idempotent-replayed"] = "true";
      response.writeHead(status, headers).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** [WEBHOOKS] `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" with the endpoint secret>`. */
  function signature(payload: string, { timestamp = Math.floor(Date.now() / 1000), secret = options.webhookSecret } = {}) {
    return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex")}`;
  }

  /**
   * An event as Stripe sends it (https://docs.stripe.com/api/events/object); one about a connected account
   * names it in a top-level `account` (https://docs.stripe.com/connect/webhooks).
   */
  function event(type: string, object: Json, connected?: { account: string; previousAttributes?: Json }) {
    return JSON.stringify({
      id: id("evt"),
      object: "event",
      ...(connected ? { account: connected.account } : {}),
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: connected?.previousAttributes ? { object, previous_attributes: connected.previousAttributes } : { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  /** POSTs a signed event to `endpoint` over HTTP, as Stripe delivers webhooks [WEBHOOKS]; answers the app's reply and the payload sent. */
  async function sendEvent(endpoint: string, type: string, object: Json, options: { timestamp?: number; secret?: string; payload?: string } = {}) {
    const payload = options.payload ?? event(type, object);
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)", "stripe-signature": signature(payload, options) },
      body: payload,
    });
    const text = await response.text();
    let body: Json;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      body = { text };
    }
    return { status: response.status, body, payload };
  }

  return {
    url: baseUrl,
    sessions,
    refunds,
    /** Every request, in arrival order, with the stand-in's clock at arrival and its answer. */
    received,
    /** The forms of the Checkout Sessions created (accepted) so far. */
    get created() {
      return received.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.status === 200).map((r) => r.form);
    },
    /** The next `count` requests answer 500 before reaching an endpoint (the SDK retries twice). */
    failNext(count: number) {
      outages = count;
    },
    /** The account's secret key is rolled (or revoked) in the Dashboard: the old one now gets 401 [AUTH]. */
    rollSecretKey(newKey: string) {
      const previous = options.secretKey;
      options.secretKey = newKey;
      return previous;
    },
    /** Stripe prunes idempotency keys once they are 24 hours old [IDEMPOTENCY]. */
    forgetIdempotencyKeys() {
      idempotency.clear();
    },
    /** The buyer pays on Stripe's page: only an open session before its expiry can be paid. */
    pay(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`Stripe stand-in: no session ${sessionId}`);
      if (session.status !== "open" || session.expires_at * 1000 <= Date.now()) throw new Error(`Stripe stand-in: session ${sessionId} is ${session.status}, it cannot be paid`);
      const intent: PaymentIntent = {
        id: id("pi"),
        charge: id("ch"),
        amount: session.amount_total,
        amountRefunded: 0,
        currency: session.currency,
        status: "succeeded",
        metadata: intentDataBySession.get(sessionId)?.metadata ?? {},
        transferGroup: intentDataBySession.get(sessionId)?.transferGroup ?? null,
        created: Math.floor(Date.now() / 1000),
        refunds: [],
        dispute: null,
      };
      paymentIntents.set(intent.id, intent);
      Object.assign(session, { payment_intent: intent.id, payment_status: "paid", status: "complete" });
      return session;
    },
    /** The session reaches its expiry (or is expired through the API) unpaid. */
    expire(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`Stripe stand-in: session ${sessionId} is not open`);
      session.status = "expired";
      session.url = null;
      return session;
    },
    paymentIntent(intentId: string) {
      return paymentIntents.get(intentId);
    },
    signature,
    event,
    sendEvent,
    /** The Charge object of a payment as Stripe would show it now. */
    charge(intentId: string) {
      return chargeOf(intentOf(intentId));
    },
    /** Stripe sends `charge.refunded` with the payment's Charge as it stands (after any refund, ours or the dashboard's) [EVENTS]. */
    sendChargeRefunded(endpoint: string, intentId: string, options: { withRefunds?: boolean } = {}) {
      return sendEvent(endpoint, "charge.refunded", chargeOf(intentOf(intentId), options.withRefunds));
    },
    /**
     * Someone refunds the payment in Stripe's Dashboard, outside the app (all that is left, or `amount`): the
     * refund obeys the API's rules (it is the same operation), then Stripe sends `charge.refunded` [EVENTS].
     */
    async dashboardRefund(endpoint: string, intentId: string, options: { amount?: number; reason?: string; withRefunds?: boolean } = {}) {
      const form: Form = { payment_intent: intentId };
      if (options.amount !== undefined) form.amount = String(options.amount);
      if (options.reason !== undefined) form.reason = options.reason;
      const refund = createRefund(form);
      const delivery = await sendEvent(endpoint, "charge.refunded", chargeOf(intentOf(intentId), options.withRefunds));
      return { refund, delivery };
    },
    /**
     * The buyer's bank disputes the payment (a chargeback): Stripe withdraws the disputed amount (by default
     * what is left of the charge) and sends `charge.dispute.created` with the Dispute [EVENTS].
     */
    async openDispute(endpoint: string, intentId: string, options: { amount?: number; reason?: string } = {}) {
      const intent = intentOf(intentId);
      if (intent.dispute) throw new Error(`Stripe stand-in: ${intentId} is already disputed`);
      const reason = options.reason ?? "fraudulent";
      if (!DISPUTE_REASONS.includes(reason)) throw new Error(`Stripe stand-in: no dispute reason ${reason}`);
      const amount = options.amount ?? intent.amount - intent.amountRefunded;
      if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount) throw new Error(`Stripe stand-in: a dispute of ${amount} on a charge of ${intent.amount}`);
      const dispute: StandInDispute = {
        id: id("dp"),
        object: "dispute",
        amount,
        charge: intent.charge,
        created: Math.floor(Date.now() / 1000),
        currency: intent.currency,
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: intent.id,
        reason,
        status: "needs_response",
      };
      intent.dispute = dispute;
      const delivery = await sendEvent(endpoint, "charge.dispute.created", dispute);
      return { dispute, delivery };
    },
    /** Delivers an event again, exactly as sent before (Stripe redelivers until it gets a 2xx, for up to three days). */
    resend(endpoint: string, payload: string) {
      return sendEvent(endpoint, "", {}, { payload });
    },
    /** Where Stripe sends the events it sends by itself (Connect's `account.updated`): the app's webhook route, once it listens. */
    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },
    /** Connect events sent so far (onboarding completed, accounts restricted or updated), with the app's answers. */
    deliveries,
    /** Connect: accounts (`account(id)`), transfers, reversals, the platform's `available` balance and `topUp`. */
    connect,
    /** Onboarding finishes without the browser (as the hosted form does): the account is enabled and `account.updated` sent. */
    completeOnboarding: connect.completeOnboarding,
    /** Stripe restricts an account (requirements past due, or `disabledReason` such as 'rejected.fraud'); `account.updated` sent. */
    restrictAccount: connect.restrictAccount,
    close: async () => {
      await connect.settled();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

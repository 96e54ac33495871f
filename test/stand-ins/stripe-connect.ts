/**
 * Stripe Connect in the Stripe stand-in (./stripe.ts wires it in): Express connected accounts, account
 * links with a simulated Express onboarding page, transfers and transfer reversals out of the platform's
 * available balance, and `account.updated` events for connected accounts.
 *
 * Sources, cited next to each rule below:
 * - [SDK]   The official `stripe` SDK's types (v23.1.0, OpenAPI v2596): `AccountCreateParams`,
 *           `AccountUpdateParams`, `AccountLinkCreateParams`, `TransferCreateParams`, `TransferListParams`,
 *           `TransferCreateReversalParams` (the parameters each endpoint knows; others are parameter_unknown).
 * - [ACCOUNTS] https://docs.stripe.com/api/accounts/create (type custom | express | standard; country "The
 *           country in which the account holder resides … ISO 3166-1 alpha-2"; email; capabilities "Each key of
 *           the dictionary represents a capability, and each capability maps to its settings (for example,
 *           whether it has been requested or not)"; metadata) and https://docs.stripe.com/api/accounts/object
 *           (capabilities.<name>: active | inactive | pending; requirements.currently_due / eventually_due /
 *           past_due / pending_verification / disabled_reason; details_submitted; payouts_enabled).
 * - [REQUIREMENTS] https://docs.stripe.com/connect/required-verification-information (UK individuals:
 *           business_type, business_profile.mcc / url, external_account, individual.address.*, individual.dob.*,
 *           individual.email, individual.first_name / last_name, individual.phone, tos_acceptance.date / ip) and
 *           https://docs.stripe.com/api/accounts/object#account_object-requirements-disabled_reason
 *           (requirements.past_due, requirements.pending_verification, rejected.fraud, …): a new account owes its
 *           requirements at once, so they are past due and the account is disabled until onboarding.
 * - [LINKS] https://docs.stripe.com/api/account_links/create ("You can create Account Links of type
 *           account_update only for connected accounts where your platform is responsible for collecting
 *           requirements, including Custom accounts. You can't create them for accounts that have access to a
 *           Stripe-hosted Dashboard"; refresh_url: "if the account link is expired, has been previously-visited,
 *           or is otherwise invalid"; return_url: "upon leaving or completing the linked flow") and
 *           https://docs.stripe.com/connect/express-accounts#create-link ("Account Links are single-use … and
 *           expire after a few minutes": here 300 s).
 * - [TRANSFERS] https://docs.stripe.com/api/transfers/create (amount "A positive integer in cents"; currency;
 *           destination "The ID of a connected Stripe account"; transfer_group; description; metadata) and
 *           https://docs.stripe.com/connect/separate-charges-and-transfers (transfers draw on the platform's
 *           available balance in that currency).
 * - [LIST]  https://docs.stripe.com/api/transfers/list (destination, transfer_group, limit 1–100 default 10,
 *           starting_after; newest first).
 * - [REVERSALS] https://docs.stripe.com/api/transfer_reversals/create ("You can reverse only up to the amount
 *           of the transfer that hasn't been reversed yet"; amount "A positive integer in cents … Defaults to the
 *           entire transfer amount"; the transfer's amount_reversed and reversed).
 * - [ERRORS] https://docs.stripe.com/error-codes: `balance_insufficient` ("The transfer or payout could not be
 *           completed because the associated account does not have a sufficient balance available"),
 *           `insufficient_capabilities_for_transfer` (its message names the capabilities the destination needs),
 *           `resource_missing`, `email_invalid`, `url_invalid`, `parameter_unknown`, `parameter_missing`.
 * - [BALANCE] https://docs.stripe.com/api/balance/balance_retrieve (available and pending funds per currency).
 * - [CONNECT-WEBHOOKS] https://docs.stripe.com/connect/webhooks (events about connected accounts go to Connect
 *           endpoints, each with its own signing secret, and carry a top-level `account` with the account's id).
 */
import { randomBytes } from "node:crypto";
import { asHash, asInteger, asString, checkEmail, createdFilter, checkKeys, checkMetadata, checkUrl, CURRENCIES, type Form, invalid, type Json, MAXIMUM_CHARGE, notModelled, required, StripeError } from "./stripe-form";

/** [SDK] `AccountCreateParams` and `AccountUpdateParams`. */
const ACCOUNT_CREATE_PARAMS = new Set(
  "account_token business_profile business_type capabilities company controller country default_currency documents email expand external_account groups individual metadata settings tos_acceptance type".split(
    " ",
  ),
);
const MODELLED_ACCOUNT_CREATE_PARAMS = new Set(["capabilities", "country", "email", "metadata", "type"]);
const ACCOUNT_UPDATE_PARAMS = new Set([...ACCOUNT_CREATE_PARAMS].filter((key) => !["controller", "country", "type"].includes(key)));
/** [SDK] `AccountCreateParams.Capabilities`: the capabilities an account may request. */
const CAPABILITIES = new Set(
  (
    "acss_debit_payments affirm_payments afterpay_clearpay_payments alma_payments amazon_pay_payments app_distribution au_becs_debit_payments " +
    "bacs_debit_payments bancontact_payments bank_transfer_payments billie_payments bizum_payments blik_payments blik_recurring_payments " +
    "boleto_payments card_issuing card_payments cartes_bancaires_payments cashapp_payments crypto_payments eps_payments fpx_payments " +
    "gb_bank_transfer_payments giropay_payments grabpay_payments ideal_payments india_international_payments jcb_payments jp_bank_transfer_payments " +
    "kakao_pay_payments klarna_payments konbini_payments kr_card_payments legacy_payments link_payments mb_way_payments mobilepay_payments " +
    "multibanco_payments mx_bank_transfer_payments naver_pay_payments nz_bank_account_becs_debit_payments oxxo_payments p24_payments " +
    "pay_by_bank_payments payco_payments paynow_payments paypay_payments payto_payments pix_payments promptpay_payments revolut_pay_payments " +
    "samsung_pay_payments satispay_payments scalapay_payments sepa_bank_transfer_payments sepa_debit_payments sequra_payments sofort_payments " +
    "sunbit_payments swish_payments tax_reporting_us_1099_k tax_reporting_us_1099_misc transfers treasury twint_payments upi_payments " +
    "us_bank_account_ach_payments us_bank_transfer_payments wero_payments zip_payments"
  ).split(" "),
);
/** [SDK] `AccountLinkCreateParams`. */
const ACCOUNT_LINK_PARAMS = new Set(["account", "collect", "collection_options", "expand", "refresh_url", "return_url", "type"]);
const MODELLED_ACCOUNT_LINK_PARAMS = new Set(["account", "refresh_url", "return_url", "type"]);
/** [SDK] `TransferCreateParams`, `TransferListParams`, `TransferCreateReversalParams`. */
const TRANSFER_PARAMS = new Set(["amount", "currency", "description", "destination", "expand", "metadata", "source_transaction", "source_type", "transfer_group"]);
const MODELLED_TRANSFER_PARAMS = new Set(["amount", "currency", "description", "destination", "metadata", "transfer_group"]);
const TRANSFER_LIST_PARAMS = new Set(["created", "destination", "ending_before", "expand", "limit", "starting_after", "transfer_group"]);
const MODELLED_TRANSFER_LIST_PARAMS = new Set(["created", "destination", "limit", "starting_after", "transfer_group"]);
const REVERSAL_PARAMS = new Set(["amount", "description", "expand", "metadata", "refund_application_fee"]);
const MODELLED_REVERSAL_PARAMS = new Set(["amount", "description", "metadata"]);
const REVERSAL_LIST_PARAMS = new Set(["ending_before", "expand", "limit", "starting_after"]);
const MODELLED_REVERSAL_LIST_PARAMS = new Set(["limit", "starting_after"]);

/** [REQUIREMENTS] what a new UK Express account owes before Stripe enables transfers and payouts. */
export const NEW_ACCOUNT_REQUIREMENTS = [
  "business_profile.mcc",
  "business_profile.url",
  "business_type",
  "external_account",
  "individual.address.city",
  "individual.address.line1",
  "individual.address.postal_code",
  "individual.dob.day",
  "individual.dob.month",
  "individual.dob.year",
  "individual.email",
  "individual.first_name",
  "individual.last_name",
  "individual.phone",
  "tos_acceptance.date",
  "tos_acceptance.ip",
];
/** [LINKS] "expire after a few minutes". */
export const ACCOUNT_LINK_SECONDS = 300;
/** [SDK] most strings Stripe takes are at most 5000 characters (spec3.json `maxLength: 5000`, e.g. transfer_group, description). */
const MAX_STRING = 5000;

interface ConnectedAccount {
  id: string;
  created: number;
  email: string | null;
  metadata: Record<string, string>;
  /** The capability requested, and its status [ACCOUNTS]. */
  transfers: "active" | "inactive" | "pending";
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  currentlyDue: string[];
  pendingVerification: string[];
  disabledReason: string | null;
  tosAcceptedAt: number | null;
  bankAccount: Json | null;
}

interface AccountLink {
  id: string;
  account: string;
  refreshUrl: string;
  returnUrl: string;
  created: number;
  expiresAt: number;
  visited: boolean;
}

export interface StandInTransfer extends Json {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  currency: string;
  description: string | null;
  destination: string;
  metadata: Record<string, string>;
  reversed: boolean;
  transfer_group: string | null;
}

export interface StandInTransferReversal extends Json {
  id: string;
  object: "transfer_reversal";
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  transfer: string;
}

export interface Delivery {
  type: string;
  account: string;
  status: number;
  payload: string;
}

export interface ConnectDeps {
  id(prefix: string): string;
  baseUrl(): string;
  /** The platform's balance from its payments in `currency` (charges − refunds − disputes), before Connect's movements. */
  paymentsBalance(currency: string): number;
  /** Delivers a Connect event to the configured webhook endpoint, signed with the Connect secret; null when none is configured. */
  deliver(type: string, object: Json, account: string, previousAttributes: Json): Promise<Delivery | null>;
}

const now = () => Math.floor(Date.now() / 1000);
const missing = (status: number, kind: string, value: string, param: string) =>
  new StripeError(status, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${kind}: '${value}'` });

/** [SPEC] booleans travel as "true" / "false". */
function asBoolean(value: string | Form | undefined, param: string): boolean | undefined {
  const text = asString(value, param);
  if (text === undefined || text === "") return undefined;
  if (text !== "true" && text !== "false") throw invalid(`Invalid boolean: ${text}`, param);
  return text === "true";
}

/** A string of at most `max` characters [SDK]. */
function boundedString(value: string | Form | undefined, param: string, max = MAX_STRING): string | undefined {
  const text = asString(value, param);
  if (text !== undefined && text.length > max) throw invalid(`Invalid string: ${text.slice(0, 20)}...; must be at most ${max} characters`, param);
  return text === "" ? undefined : text;
}

/** A positive integer amount in the minor unit, at most eight digits [TRANSFERS, REVERSALS]. */
function positiveAmount(value: string | Form | undefined, param: string): number | undefined {
  const amount = asInteger(value, param);
  if (amount === undefined) return undefined;
  if (amount < 1) throw invalid("Invalid positive integer", param, "parameter_invalid_integer");
  if (amount > MAXIMUM_CHARGE) throw invalid(`This value must be less than or equal to ${MAXIMUM_CHARGE}.`, param, "amount_too_large");
  return amount;
}

function html(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}button{font:inherit;padding:.6rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:.4rem;border:1px solid #3c3c8c}button[value=complete]{background:#3c3c8c;color:#fff}code{font-size:.85em}</style></head>
<body><main>${body}</main></body></html>`;
}
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createConnect(deps: ConnectDeps) {
  const accounts = new Map<string, ConnectedAccount>();
  const links = new Map<string, AccountLink>();
  /** Onboarding visits (a form shown from a link), by their one-time token. */
  const visits = new Map<string, { link: AccountLink }>();
  const transfers: StandInTransfer[] = [];
  const reversals: StandInTransferReversal[] = [];
  /** Funds added straight to the available balance (as Stripe's 4000 0000 0000 0077 test card does). */
  const topUps = new Map<string, number>();
  const pending: Promise<unknown>[] = [];

  /** The Account object as Stripe shows it [ACCOUNTS]. */
  function accountJson(account: ConnectedAccount): Json {
    const due = account.currentlyDue;
    return {
      id: account.id,
      object: "account",
      business_profile: { mcc: account.detailsSubmitted ? "7922" : null, name: null, url: account.detailsSubmitted ? "https://eventora.test" : null },
      business_type: account.detailsSubmitted ? "individual" : null,
      capabilities: { transfers: account.transfers },
      charges_enabled: false,
      controller: {
        fees: { payer: "application_express" },
        is_controller: true,
        losses: { payments: "application" },
        requirement_collection: "stripe",
        stripe_dashboard: { type: "express" },
        type: "application",
      },
      country: "GB",
      created: account.created,
      default_currency: "gbp",
      details_submitted: account.detailsSubmitted,
      email: account.email,
      external_accounts: {
        object: "list",
        data: account.bankAccount ? [account.bankAccount] : [],
        has_more: false,
        total_count: account.bankAccount ? 1 : 0,
        url: `/v1/accounts/${account.id}/external_accounts`,
      },
      future_requirements: { alternatives: [], current_deadline: null, currently_due: [], disabled_reason: null, errors: [], eventually_due: [], past_due: [], pending_verification: [] },
      livemode: false,
      metadata: account.metadata,
      payouts_enabled: account.payoutsEnabled,
      requirements: {
        alternatives: [],
        current_deadline: null,
        currently_due: due,
        disabled_reason: account.disabledReason,
        errors: [],
        eventually_due: due,
        past_due: account.disabledReason === "requirements.past_due" ? due : [],
        pending_verification: account.pendingVerification,
      },
      settings: { payouts: { debit_negative_balances: true, schedule: { delay_days: 7, interval: "daily" }, statement_descriptor: null } },
      tos_acceptance: { date: account.tosAcceptedAt, ip: account.tosAcceptedAt ? "127.0.0.1" : null, user_agent: null },
      type: "express",
    };
  }

  function accountOf(accountId: string, status = 404, param = "account") {
    const account = accounts.get(accountId);
    if (!account) throw missing(status, "account", accountId, param);
    return account;
  }

  /** Changes an account and tells the Connect endpoint (`account.updated` with the changed fields' old values) [CONNECT-WEBHOOKS]. */
  function update(account: ConnectedAccount, change: Partial<ConnectedAccount>) {
    const before = accountJson(account);
    Object.assign(account, change);
    const after = accountJson(account);
    const previous = Object.fromEntries(Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map((key) => [key, before[key]]));
    const delivery = deps.deliver("account.updated", after, account.id, previous);
    pending.push(delivery.catch(() => null));
    return { account: after, delivery };
  }

  /** POST /v1/accounts [ACCOUNTS]. */
  function createAccount(form: Form): Json {
    checkKeys(form, ACCOUNT_CREATE_PARAMS, MODELLED_ACCOUNT_CREATE_PARAMS, "");
    // [ACCOUNTS] type: custom | express | standard. Only Express is modelled; the type is required here
    // (Stripe now also allows `controller` instead: stricter at worst).
    const type = required(asString(form.type, "type"), "type");
    if (!["custom", "express", "standard"].includes(type)) throw invalid("Invalid type: must be one of custom, express, or standard", "type");
    if (type !== "express") throw notModelled(`type=${type}`);
    // [ACCOUNTS] country: a two-letter ISO 3166-1 code. Only GB (Eventora's platform country) is modelled.
    const country = asString(form.country, "country");
    if (country !== undefined && !/^[A-Za-z]{2}$/.test(country)) {
      throw invalid(`Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`, "country");
    }
    if (country?.toUpperCase() !== "GB") throw notModelled(`country=${country ?? "(the platform's)"}`);
    // [ACCOUNTS] email; [ERRORS] email_invalid.
    const email = asString(form.email, "email") || null;
    if (email) checkEmail(email, "email");
    // [ACCOUNTS] capabilities: known names only, each a hash of `requested` (a boolean).
    const capabilities = asHash(form.capabilities, "capabilities");
    for (const [name, settings] of Object.entries(capabilities)) {
      const param = `capabilities[${name}]`;
      if (!CAPABILITIES.has(name)) throw invalid(`Received unknown parameter: ${param}`, param, "parameter_unknown");
      if (name !== "transfers") throw notModelled(param);
      checkKeys(asHash(settings, param), new Set(["requested"]), new Set(["requested"]), param);
      asBoolean(asHash(settings, param).requested, `${param}[requested]`);
    }
    // An Express account must request what it will be used for (https://docs.stripe.com/connect/account-capabilities:
    // "request the capabilities … when you create the account"); without `transfers` it could never receive one.
    if (asBoolean(asHash(capabilities.transfers, "capabilities[transfers]").requested, "capabilities[transfers][requested]") !== true) {
      throw invalid("Express accounts must request at least one capability: capabilities[transfers][requested]=true.", "capabilities");
    }
    const metadata = checkMetadata(form.metadata, "metadata");
    const account: ConnectedAccount = {
      id: deps.id("acct").replace("_test_", "_1"),
      created: now(),
      email,
      metadata,
      transfers: "inactive",
      detailsSubmitted: false,
      payoutsEnabled: false,
      currentlyDue: [...NEW_ACCOUNT_REQUIREMENTS],
      pendingVerification: [],
      disabledReason: "requirements.past_due",
      tosAcceptedAt: null,
      bankAccount: null,
    };
    accounts.set(account.id, account);
    return accountJson(account);
  }

  /** POST /v1/accounts/:id: metadata (and email) only [ACCOUNTS]; an empty metadata value unsets its key. */
  function updateAccount(accountId: string, form: Form): Json {
    const account = accountOf(accountId);
    checkKeys(form, ACCOUNT_UPDATE_PARAMS, new Set(["email", "metadata"]), "");
    const email = asString(form.email, "email");
    if (email) checkEmail(email, "email");
    const changes = checkMetadata(form.metadata, "metadata");
    const metadata = { ...account.metadata, ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === "") delete metadata[key];
    if (Object.keys(metadata).length > 50) throw invalid("Invalid metadata: must have at most 50 keys", "metadata");
    return update(account, { metadata, ...(email ? { email } : {}) }).account;
  }

  /** POST /v1/account_links [LINKS]. */
  function createAccountLink(form: Form): Json {
    checkKeys(form, ACCOUNT_LINK_PARAMS, MODELLED_ACCOUNT_LINK_PARAMS, "");
    const accountId = required(asString(form.account, "account"), "account");
    const type = required(asString(form.type, "type"), "type");
    if (!["account_onboarding", "account_update"].includes(type)) throw invalid("Invalid type: must be one of account_onboarding or account_update", "type");
    // [LINKS] refresh_url and return_url: the spec marks them optional, but a hosted onboarding flow has
    // nowhere to send the user without them: required here (stricter at worst). Absolute URLs [ERRORS url_invalid].
    const refreshUrl = required(asString(form.refresh_url, "refresh_url"), "refresh_url");
    checkUrl(refreshUrl, "refresh_url");
    const returnUrl = required(asString(form.return_url, "return_url"), "return_url");
    checkUrl(returnUrl, "return_url");
    const account = accounts.get(accountId);
    if (!account) throw missing(400, "account", accountId, "account");
    // [LINKS] an Express account has the Express Dashboard: no account_update links for it.
    if (type === "account_update") {
      throw invalid(
        "You cannot create `account_update` type Account Links for accounts that have access to a Stripe-hosted Dashboard. Use `account_onboarding` instead.",
        "type",
      );
    }
    const created = now();
    const link: AccountLink = { id: randomBytes(12).toString("hex"), account: accountId, refreshUrl, returnUrl, created, expiresAt: created + ACCOUNT_LINK_SECONDS, visited: false };
    links.set(link.id, link);
    return { object: "account_link", created, expires_at: link.expiresAt, url: `${deps.baseUrl()}/onboarding/${accountId}?link=${link.id}` };
  }

  /** The platform's available balance in `currency`: its payments, top-ups, less transfers, plus reversals. */
  function available(currency: string) {
    const out = transfers.filter((t) => t.currency === currency).reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
    return deps.paymentsBalance(currency) + (topUps.get(currency) ?? 0) - out;
  }

  /** POST /v1/transfers [TRANSFERS]. */
  function createTransfer(form: Form): StandInTransfer {
    checkKeys(form, TRANSFER_PARAMS, MODELLED_TRANSFER_PARAMS, "");
    const amount = required(positiveAmount(form.amount, "amount"), "amount");
    const currency = required(asString(form.currency, "currency"), "currency");
    if (!CURRENCIES.has(currency)) throw invalid(`Invalid currency: ${currency}. Stripe currently supports these currencies: ${[...CURRENCIES].join(", ")}`, "currency");
    const destinationId = required(asString(form.destination, "destination"), "destination");
    const transferGroup = boundedString(form.transfer_group, "transfer_group") ?? null;
    const description = boundedString(form.description, "description") ?? null;
    const metadata = checkMetadata(form.metadata, "metadata");
    const destination = accounts.get(destinationId);
    if (!destination) throw missing(400, "destination", destinationId, "destination");
    // [ERRORS] insufficient_capabilities_for_transfer: the destination's transfers capability must be active.
    if (destination.transfers !== "active") {
      throw invalid(
        "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
        "destination",
        "insufficient_capabilities_for_transfer",
      );
    }
    // [TRANSFERS]/[ERRORS] balance_insufficient: a transfer spends the available balance in its currency (a
    // GB platform's payments are in gbp, so another currency has none).
    if (available(currency) < amount) {
      throw invalid(
        "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance",
        undefined,
        "balance_insufficient",
      );
    }
    const transfer: StandInTransfer = {
      id: deps.id("tr"),
      object: "transfer",
      amount,
      amount_reversed: 0,
      balance_transaction: deps.id("txn"),
      created: now(),
      currency,
      description,
      destination: destinationId,
      destination_payment: deps.id("py"),
      livemode: false,
      metadata,
      reversals: { object: "list", data: [], has_more: false, total_count: 0, url: "" },
      reversed: false,
      source_transaction: null,
      source_type: "card",
      transfer_group: transferGroup,
    };
    transfer.reversals = { object: "list", data: [], has_more: false, total_count: 0, url: `/v1/transfers/${transfer.id}/reversals` };
    transfers.push(transfer);
    return transfer;
  }

  function transferOf(transferId: string) {
    const transfer = transfers.find((t) => t.id === transferId);
    if (!transfer) throw missing(404, "transfer", transferId, "id");
    return transfer;
  }

  /** A page of a newest-first list [LIST]: limit 1–100 (default 10), after `starting_after`. */
  function page<T extends { id: string }>(items: T[], form: Form, url: string): Json {
    const limit = asInteger(form.limit, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("This value must be between 1 and 100.", "limit");
    const newestFirst = [...items].reverse();
    const after = asString(form.starting_after, "starting_after") || undefined;
    let start = 0;
    if (after) {
      const index = newestFirst.findIndex((item) => item.id === after);
      if (index < 0) throw missing(400, "object", after, "starting_after");
      start = index + 1;
    }
    const data = newestFirst.slice(start, start + limit);
    return { object: "list", data, has_more: start + limit < newestFirst.length, url };
  }

  /** POST /v1/transfers/:id/reversals [REVERSALS]. */
  function createReversal(transferId: string, form: Form): StandInTransferReversal {
    const transfer = transferOf(transferId);
    checkKeys(form, REVERSAL_PARAMS, MODELLED_REVERSAL_PARAMS, "");
    const remaining = transfer.amount - transfer.amount_reversed;
    const amount = positiveAmount(form.amount, "amount") ?? remaining;
    const description = boundedString(form.description, "description") ?? null;
    const metadata = checkMetadata(form.metadata, "metadata");
    if (remaining === 0) throw invalid(`Transfer ${transfer.id} has already been fully reversed.`, undefined);
    // [REVERSALS] "You can reverse only up to the amount of the transfer that hasn't been reversed yet."
    if (amount > remaining) throw invalid(`Amount (${amount}) is greater than the unreversed amount on the transfer (${remaining}).`, "amount");
    const reversal: StandInTransferReversal = {
      id: deps.id("trr"),
      object: "transfer_reversal",
      amount,
      balance_transaction: deps.id("txn"),
      created: now(),
      currency: transfer.currency,
      description,
      destination_payment_refund: deps.id("pyr"),
      metadata,
      source_refund: null,
      transfer: transfer.id,
    };
    reversals.push(reversal);
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    const list = transfer.reversals as { data: Json[]; total_count: number };
    list.data.unshift(reversal);
    list.total_count += 1;
    return reversal;
  }

  /** Onboarding finishes: what was due is provided, and Stripe enables (or, with `pending`, starts verifying) the account [ACCOUNTS]. */
  function completeOnboarding(accountId: string, options: { pending?: boolean } = {}) {
    const account = accountOf(accountId);
    const submitted = {
      detailsSubmitted: true,
      currentlyDue: [],
      tosAcceptedAt: account.tosAcceptedAt ?? now(),
      bankAccount: account.bankAccount ?? {
        id: deps.id("ba"),
        object: "bank_account",
        account: account.id,
        bank_name: "STRIPE TEST BANK",
        country: "GB",
        currency: "gbp",
        default_for_currency: true,
        last4: "2345",
        status: "new",
      },
    };
    if (options.pending) {
      return update(account, {
        ...submitted,
        transfers: "pending",
        payoutsEnabled: false,
        pendingVerification: ["individual.verification.document"],
        disabledReason: "requirements.pending_verification",
      });
    }
    return update(account, { ...submitted, transfers: "active", payoutsEnabled: true, pendingVerification: [], disabledReason: null });
  }

  /** Stripe restricts the account (new requirements past due, or a rejection): transfers and payouts stop [ACCOUNTS, REQUIREMENTS]. */
  function restrictAccount(accountId: string, options: { due?: string[]; disabledReason?: string } = {}) {
    const account = accountOf(accountId);
    const disabledReason = options.disabledReason ?? "requirements.past_due";
    const due = options.due ?? (disabledReason === "requirements.past_due" ? ["individual.verification.document"] : []);
    return update(account, { transfers: "inactive", payoutsEnabled: false, currentlyDue: due, pendingVerification: [], disabledReason });
  }

  /** The authenticated API (under /v1); undefined when the path is not Connect's. */
  function route(method: string, path: string, form: Form): Json | undefined {
    if (method === "POST" && path === "/v1/accounts") return createAccount(form);
    if (method === "POST" && path === "/v1/account_links") return createAccountLink(form);
    if (method === "POST" && path === "/v1/transfers") return createTransfer(form);
    // https://docs.stripe.com/api/balance/balance_retrieve: what is available per currency (nothing is ever pending here).
    if (method === "GET" && path === "/v1/balance") {
      checkKeys(form, new Set(["expand"]), new Set(), "");
      const amount = available("gbp");
      return { object: "balance", available: [{ amount, currency: "gbp", source_types: { card: amount } }], pending: [{ amount: 0, currency: "gbp", source_types: { card: 0 } }], livemode: false };
    }
    if (method === "GET" && path === "/v1/transfers") {
      checkKeys(form, TRANSFER_LIST_PARAMS, MODELLED_TRANSFER_LIST_PARAMS, "");
      const group = asString(form.transfer_group, "transfer_group") || undefined;
      const destination = asString(form.destination, "destination") || undefined;
      const inRange = createdFilter(form.created);
      return page(
        transfers.filter((t) => (!group || t.transfer_group === group) && (!destination || t.destination === destination) && inRange(Number(t.created))),
        form,
        "/v1/transfers",
      );
    }
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (account) {
      const accountId = decodeURIComponent(account[1]!);
      if (method === "GET") {
        checkKeys(form, new Set(["expand"]), new Set(), "");
        return accountJson(accountOf(accountId));
      }
      if (method === "POST") return updateAccount(accountId, form);
    }
    const transfer = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (transfer && method === "GET") {
      checkKeys(form, new Set(["expand"]), new Set(), "");
      return transferOf(decodeURIComponent(transfer[1]!));
    }
    const transferReversals = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (transferReversals) {
      const transferId = decodeURIComponent(transferReversals[1]!);
      if (method === "POST") return createReversal(transferId, form);
      if (method === "GET") {
        transferOf(transferId);
        checkKeys(form, REVERSAL_LIST_PARAMS, MODELLED_REVERSAL_LIST_PARAMS, "");
        return page(
          reversals.filter((r) => r.transfer === transferId),
          form,
          `/v1/transfers/${transferId}/reversals`,
        );
      }
    }
    return undefined;
  }

  type Page = { status: number; headers: Record<string, string>; body: string };
  const redirect = (location: string, status = 302): Page => ({ status, headers: { location }, body: "" });
  const htmlPage = (status: number, title: string, body: string): Page => ({ status, headers: { "content-type": "text/html; charset=utf-8" }, body: html(title, body) });
  const jsonPage = (status: number, json: Json): Page => ({ status, headers: { "content-type": "application/json" }, body: JSON.stringify(json) });

  /**
   * Stripe's hosted Express onboarding, simulated (no API key: the user's browser): GET /onboarding/:account?link=…
   * shows a form once per link [LINKS], and POSTing it completes onboarding (or leaves it for later) and
   * returns to return_url. Also the test controls POST /_stand-in/accounts/:id/complete | pending | restrict.
   */
  async function pageFor(method: string, url: URL, body: string): Promise<Page | undefined> {
    const onboarding = /^\/onboarding\/([^/]+)$/.exec(url.pathname);
    if (onboarding && method === "GET") {
      const accountId = decodeURIComponent(onboarding[1]!);
      const link = links.get(url.searchParams.get("link") ?? "");
      if (!link || link.account !== accountId) return htmlPage(404, "Link not valid", "<h1>This link is not valid</h1>");
      // [LINKS] a visited or expired link sends the user to refresh_url, for the platform to make a new one.
      if (link.visited || link.expiresAt <= now()) return redirect(link.refreshUrl);
      link.visited = true;
      const account = accountOf(accountId);
      const visit = randomBytes(16).toString("hex");
      visits.set(visit, { link });
      const due = account.currentlyDue.map((field) => `<li><code>${escape(field)}</code></li>`).join("");
      return htmlPage(
        200,
        "Set up payouts — Stripe Express (stand-in)",
        `<h1>Set up payouts</h1><p>Stripe Express onboarding for <strong>${escape(account.email ?? account.id)}</strong> (a test stand-in).</p>` +
          (due ? `<h2>Stripe still needs</h2><ul>${due}</ul>` : "<p>Nothing is due.</p>") +
          `<form method="post" action="/onboarding/${encodeURIComponent(accountId)}"><input type="hidden" name="visit" value="${visit}">` +
          `<button type="submit" name="action" value="complete">Complete onboarding</button><button type="submit" name="action" value="later">Return later</button></form>`,
      );
    }
    if (onboarding && method === "POST") {
      const form = new URLSearchParams(body);
      const visit = visits.get(form.get("visit") ?? "");
      if (!visit || visit.link.account !== decodeURIComponent(onboarding[1]!)) return htmlPage(400, "Link not valid", "<h1>This form has expired</h1>");
      visits.delete(form.get("visit")!);
      if (form.get("action") === "complete") await completeOnboarding(visit.link.account).delivery.catch(() => null);
      return redirect(visit.link.returnUrl, 303);
    }
    const control = /^\/_stand-in\/accounts\/([^/]+)\/(complete|pending|restrict)$/.exec(url.pathname);
    if (control && method === "POST") {
      const accountId = decodeURIComponent(control[1]!);
      if (!accounts.has(accountId)) return jsonPage(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such account: '${accountId}'` } });
      const options = body ? (JSON.parse(body) as { due?: string[]; disabledReason?: string }) : {};
      const { account, delivery } =
        control[2] === "restrict" ? restrictAccount(accountId, options) : completeOnboarding(accountId, { pending: control[2] === "pending" });
      return jsonPage(200, { account, delivery: await delivery });
    }
    return undefined;
  }

  return {
    route,
    pageFor,
    /** The platform's available balance in `currency` now (as GET /v1/balance shows it). */
    available,
    /** Adds funds straight to the available balance, as a charge with Stripe's 4000 0000 0000 0077 test card does. */
    topUp(amount: number, currency = "gbp") {
      topUps.set(currency, (topUps.get(currency) ?? 0) + amount);
    },
    account(accountId: string) {
      return accountJson(accountOf(accountId));
    },
    accountIds: () => [...accounts.keys()],
    transfers,
    reversals,
    completeOnboarding(accountId: string, options: { pending?: boolean } = {}) {
      const { account, delivery } = completeOnboarding(accountId, options);
      return delivery.then((sent) => ({ account, delivery: sent }));
    },
    restrictAccount(accountId: string, options: { due?: string[]; disabledReason?: string } = {}) {
      const { account, delivery } = restrictAccount(accountId, options);
      return delivery.then((sent) => ({ account, delivery: sent }));
    },
    /** Every account link so far reaches its expiry. */
    expireAccountLinks() {
      for (const link of links.values()) link.expiresAt = now() - 1;
    },
    /** Waits for the webhooks sent on API calls (Stripe sends them after answering). */
    settled: () => Promise.all(pending),
  };
}

import { PAYOUT_BUSINESS_DAYS } from "./money";

/** A payee's connected account as the provider reports it (Stripe Connect Express; D23). */
export interface ConnectedAccountState {
  accountId: string;
  /** Payouts enabled and the `transfers` capability active: we may transfer to it. */
  ready: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Stripe's requirements.currently_due field names; `requirementLines` says them in plain words. */
  requirementsDue: string[];
  disabledReason: string | null;
}

/** The account as the dashboard shows it (GET /api/payouts/account). */
export interface PayoutAccountView extends ConnectedAccountState {
  updatedAt: string;
}

export interface PayoutAccountState {
  provider: "stripe" | "local";
  account: PayoutAccountView | null;
}

/** Where the payee stands: no account yet, onboarding to finish (or Stripe checking), or paid out. */
export type PayoutAccountStatus = "not-connected" | "incomplete" | "ready";

export function payoutAccountStatus(account: PayoutAccountView | null): PayoutAccountStatus {
  if (!account) return "not-connected";
  return account.ready ? "ready" : "incomplete";
}

export const PAYOUT_TIMING_TEXT = `Payouts are made ${PAYOUT_BUSINESS_DAYS} business days after each event ends.`;

/** Create-payment's refusal of a paid event whose organiser cannot be paid yet (D23). */
export function payoutsNotReadyMessage(title: string): string {
  return `Tickets for ${title} are not on sale yet: the organiser is still setting up payouts.`;
}

/**
 * Stripe's requirement field names (https://docs.stripe.com/connect/required-verification-information)
 * in plain words, by prefix: the first that matches names the line. `person_…` are the people of a
 * company account (owners, directors, the representative).
 */
const REQUIREMENT_WORDING: [prefix: string, line: string][] = [
  ["external_account", "Bank account for payouts"],
  ["tos_acceptance", "Accept Stripe's terms of service"],
  ["business_type", "Business type (individual or company)"],
  ["business_profile.url", "Business website or a description of what you sell"],
  ["business_profile.product_description", "Business website or a description of what you sell"],
  ["business_profile.mcc", "Business category"],
  ["business_profile", "Business details"],
  ["individual.verification.additional_document", "Proof of address"],
  ["individual.verification", "Photo ID"],
  ["individual.dob", "Date of birth"],
  ["individual.address", "Home address"],
  ["individual.first_name", "Your full name"],
  ["individual.last_name", "Your full name"],
  ["individual.email", "Email address"],
  ["individual.phone", "Phone number"],
  ["individual.id_number", "National Insurance number"],
  ["individual", "Personal details"],
  ["company.verification", "Company documents"],
  ["company.tax_id", "Company registration number"],
  ["company.registration_number", "Company registration number"],
  ["company", "Company details"],
  ["representative", "Details of the company's representative"],
  ["owners", "Details of the company's owners"],
  ["directors", "Details of the company's directors"],
  ["executives", "Details of the company's executives"],
  ["person_", "Details of a person in your business"],
  ["relationship", "Details of the people in your business"],
  ["settings.payments.statement_descriptor", "How your name appears on bank statements"],
];

export const GENERIC_REQUIREMENT = "Other details Stripe asks for";

/** One requirement field name in plain words; a name we do not know gets the generic line. */
export function requirementLine(field: string): string {
  return REQUIREMENT_WORDING.find(([prefix]) => field === prefix || field.startsWith(prefix.endsWith("_") ? prefix : `${prefix}.`))?.[1] ?? GENERIC_REQUIREMENT;
}

/** What is still needed, each line once, in the order Stripe listed them (the generic line last). */
export function requirementLines(fields: readonly string[]): string[] {
  const lines = [...new Set(fields.map(requirementLine))];
  return lines.includes(GENERIC_REQUIREMENT) ? [...lines.filter((line) => line !== GENERIC_REQUIREMENT), GENERIC_REQUIREMENT] : lines;
}

/** Why Stripe has paused the account (its requirements.disabled_reason), in plain words; null when it has not. */
export function disabledReasonText(reason: string | null): string | null {
  if (!reason) return null;
  if (reason === "requirements.pending_verification" || reason === "under_review") return "Stripe is checking your details. This usually takes a few minutes, sometimes a few days.";
  if (reason === "requirements.past_due") return "Stripe needs the details below before it can pay you.";
  if (reason.startsWith("rejected.")) return "Stripe has closed this account. Please contact us to set up payouts another way.";
  return "Stripe has paused payouts to this account. Continue setup to see what it needs.";
}

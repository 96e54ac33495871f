import type { Pence } from "./money";

/**
 * The kinds of money movement the ledger records (ARCHITECTURE Money is a ledger; decision 027). Every
 * amount is positive pence; the kind says which way it goes:
 * - `ticket_sale`, `booking_fee`: the buyer paid the platform (per booking; per order line when a payment
 *   was refunded before it became bookings).
 * - `ticket_refund`, `fee_refund`: paid back to the buyer's card, tied to the provider's refund id.
 * - `dispute`: withdrawn by the buyer's bank (a chargeback), tied to the provider's dispute id.
 * - `commission`, `commission_reversal`: what an affiliate has earned, and what a refund took back.
 * - `organiser_fee`, `organiser_fee_reversal`: the organiser fee (2.9% + 30p a ticket, D22) a booking owes
 *   the platform out of its organiser's share, and what a refund of its tickets takes off it.
 * - `absorbed_fee`, `absorbed_fee_reversal`: the booking fee an organiser absorbed (D22), owed out of their
 *   share, and given back when a refund would have given a buyer the fee back.
 * - `transfer`, `transfer_reversal`: paid out to an organiser or affiliate's connected account (tr_…), and
 *   taken back from it after a later refund or dispute (trr_…). They belong to a payout, not an order.
 */
export const LEDGER_KINDS = [
  "ticket_sale",
  "booking_fee",
  "ticket_refund",
  "fee_refund",
  "dispute",
  "commission",
  "commission_reversal",
  "organiser_fee",
  "organiser_fee_reversal",
  "absorbed_fee",
  "absorbed_fee_reversal",
  "transfer",
  "transfer_reversal",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Money in from the buyer. */
export const CHARGE_KINDS = ["ticket_sale", "booking_fee"] as const satisfies readonly LedgerKind[];
/** Money back out to the buyer (a refund, or a bank's chargeback). */
export const PAID_BACK_KINDS = ["ticket_refund", "fee_refund", "dispute"] as const satisfies readonly LedgerKind[];

export interface LedgerLine {
  kind: LedgerKind | string;
  amountPence: Pence;
}

/** An order's (or booking's) money from its ledger lines: charged, paid back, and what remains held. */
export interface MoneySummary {
  ticketsPence: Pence;
  feesPence: Pence;
  chargedPence: Pence;
  ticketsRefundedPence: Pence;
  feesRefundedPence: Pence;
  disputedPence: Pence;
  refundedPence: Pence;
  remainingPence: Pence;
  commissionPence: Pence;
  /** The organiser fee still owed (less reversals). */
  organiserFeesPence: Pence;
  /** The absorbed booking fee still owed (less reversals). */
  absorbedFeesPence: Pence;
  /**
   * What the organiser is owed from these lines: ticket money kept, less the organiser fee and any
   * absorbed booking fee (a disputed booking's share is withheld by the payout rules, not here).
   */
  organiserSharePence: Pence;
  /** Paid out by transfer, less reversals. */
  transferredPence: Pence;
}

/** Sums ledger lines into a MoneySummary: the one place that knows which kinds add and which take away. */
export function summariseLedger(lines: readonly LedgerLine[]): MoneySummary {
  const total = (kind: LedgerKind) => lines.reduce((sum, line) => (line.kind === kind ? sum + line.amountPence : sum), 0);
  const ticketsPence = total("ticket_sale");
  const feesPence = total("booking_fee");
  const ticketsRefundedPence = total("ticket_refund");
  const feesRefundedPence = total("fee_refund");
  const disputedPence = total("dispute");
  const chargedPence = ticketsPence + feesPence;
  const refundedPence = ticketsRefundedPence + feesRefundedPence;
  const organiserFeesPence = total("organiser_fee") - total("organiser_fee_reversal");
  const absorbedFeesPence = total("absorbed_fee") - total("absorbed_fee_reversal");
  return {
    ticketsPence,
    feesPence,
    chargedPence,
    ticketsRefundedPence,
    feesRefundedPence,
    disputedPence,
    refundedPence,
    remainingPence: chargedPence - refundedPence - disputedPence,
    commissionPence: total("commission") - total("commission_reversal"),
    organiserFeesPence,
    absorbedFeesPence,
    organiserSharePence: ticketsPence - ticketsRefundedPence - organiserFeesPence - absorbedFeesPence,
    transferredPence: total("transfer") - total("transfer_reversal"),
  };
}

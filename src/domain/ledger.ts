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
  /** Ticket money not paid back: sold less refunded (disputes apart). */
  ticketsKeptPence: Pence;
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

/**
 * Which kinds each figure of a MoneySummary adds (+1) and takes away (-1): the one table of the ledger's
 * signs. summariseLedger sums by it in TypeScript, and ledger.sql.ts builds the SQL sums from it, so a
 * query never spells out a kind's sign again.
 */
export const LEDGER_SUMS = {
  ticketsPence: { ticket_sale: 1 },
  feesPence: { booking_fee: 1 },
  chargedPence: { ticket_sale: 1, booking_fee: 1 },
  ticketsRefundedPence: { ticket_refund: 1 },
  ticketsKeptPence: { ticket_sale: 1, ticket_refund: -1 },
  feesRefundedPence: { fee_refund: 1 },
  disputedPence: { dispute: 1 },
  refundedPence: { ticket_refund: 1, fee_refund: 1 },
  remainingPence: { ticket_sale: 1, booking_fee: 1, ticket_refund: -1, fee_refund: -1, dispute: -1 },
  commissionPence: { commission: 1, commission_reversal: -1 },
  organiserFeesPence: { organiser_fee: 1, organiser_fee_reversal: -1 },
  absorbedFeesPence: { absorbed_fee: 1, absorbed_fee_reversal: -1 },
  organiserSharePence: { ticket_sale: 1, ticket_refund: -1, organiser_fee: -1, organiser_fee_reversal: 1, absorbed_fee: -1, absorbed_fee_reversal: 1 },
  transferredPence: { transfer: 1, transfer_reversal: -1 },
} as const satisfies Record<keyof MoneySummary, Partial<Record<LedgerKind, 1 | -1>>>;

export type LedgerFigure = keyof typeof LEDGER_SUMS;

/** The kinds a figure is summed from. */
export function kindsOf(figure: LedgerFigure): LedgerKind[] {
  return Object.keys(LEDGER_SUMS[figure]) as LedgerKind[];
}

/** Sums ledger lines into a MoneySummary by LEDGER_SUMS: the one place that knows which kinds add and which take away. */
export function summariseLedger(lines: readonly LedgerLine[]): MoneySummary {
  const byKind = new Map<string, number>();
  for (const line of lines) byKind.set(line.kind, (byKind.get(line.kind) ?? 0) + line.amountPence);
  const summary = {} as MoneySummary;
  for (const [figure, signs] of Object.entries(LEDGER_SUMS) as [LedgerFigure, Partial<Record<LedgerKind, 1 | -1>>][]) {
    let sum = 0;
    for (const [kind, sign] of Object.entries(signs)) sum += sign * (byKind.get(kind) ?? 0);
    summary[figure] = sum;
  }
  return summary;
}

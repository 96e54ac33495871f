import { z } from "zod";

/**
 * Where an event's organiser payout stands (decision 028): before the event ends; due on a date; paid;
 * held until the organiser connects a ready payout account; or nothing to pay (all refunded or withheld).
 */
export const StatementStatus = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("awaiting-event-end") }),
  z.object({ kind: z.literal("scheduled"), date: z.string() }),
  z.object({ kind: z.literal("paid"), date: z.string() }),
  z.object({ kind: z.literal("waiting-for-account") }),
  z.object({ kind: z.literal("nothing-due") }),
]);
export type StatementStatus = z.infer<typeof StatementStatus>;

/**
 * What one ticket type of an event sold, as sold (issue 36): tickets issued and refunded (a row of `tickets`
 * each), and its ticket money and ticket refunds from the ledger, whose sale entries are the order lines'
 * prices when bought, never the type's price now. An event's types add up to its grossSales and
 * ticketRefunds. `ticketTypeId` is null only for ledger money tied to no booking (none is written today).
 */
export const StatementTicketType = z.object({
  ticketTypeId: z.string().nullable(),
  name: z.string(),
  ticketsSold: z.number().int(),
  ticketsRefunded: z.number().int(),
  grossSalesPence: z.number().int(),
  ticketRefundsPence: z.number().int(),
  /** What codes took off its price on the tickets sold (issue 37): given away, so in neither gross sales nor net due. */
  discountsPence: z.number().int(),
});
export type StatementTicketType = z.infer<typeof StatementTicketType>;

/**
 * One event's statement: the figures of its settlement (features/ledger/settlement.ts) as they stand.
 * grossSales − ticketRefunds − organiserFees − absorbedFees − disputed = netDue; bookingFees (paid by
 * buyers on top) and commission (paid to affiliates out of them) are the platform's, shown for reference.
 */
export const EventStatement = z.object({
  eventId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  grossSalesPence: z.number().int(),
  bookingFeesPence: z.number().int(),
  organiserFeesPence: z.number().int(),
  absorbedFeesPence: z.number().int(),
  ticketRefundsPence: z.number().int(),
  feeRefundsPence: z.number().int(),
  commissionPence: z.number().int(),
  disputedPence: z.number().int(),
  /** What codes took off its types' prices on the tickets sold (issue 37), the sum of its types': for reference, in no other figure. */
  discountsPence: z.number().int(),
  netDuePence: z.number().int(),
  paidPence: z.number().int(),
  transferId: z.string().nullable(),
  paidAt: z.string().nullable(),
  payoutDueAt: z.string(),
  status: StatementStatus,
  /** Its ticket types that sold, in the event's order (issue 36). */
  ticketTypes: z.array(StatementTicketType),
});
export type EventStatement = z.infer<typeof EventStatement>;

/** Money taken back from a payout after it was paid (a later refund or dispute). */
export const PayoutReversalView = z.object({
  reversalId: z.string().nullable(),
  amountPence: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
});
export type PayoutReversalView = z.infer<typeof PayoutReversalView>;

/** One transfer to a payee's connected account for one event, with any reversals of it. */
export const PayoutView = z.object({
  payoutId: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  amountPence: z.number().int(),
  status: z.string(),
  transferId: z.string().nullable(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  reversals: z.array(PayoutReversalView),
});
export type PayoutView = z.infer<typeof PayoutView>;

/** A UK month in which the user's events were charged platform fees, and its fee statement (issue 34). */
export const FeeStatementMonth = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** The statement's number (F-000042) once issued; null before. */
  number: z.string().nullable(),
  /** The month is not over yet: its statement is issued on the 1st of the next. */
  open: z.boolean(),
});
export type FeeStatementMonth = z.infer<typeof FeeStatementMonth>;

/** GET /api/payouts/statements: the dashboard's Payouts tab. */
export const Statements = z.object({
  events: z.array(EventStatement),
  payouts: z.array(PayoutView),
  /** Newest first. */
  feeStatements: z.array(FeeStatementMonth),
});
export type Statements = z.infer<typeof Statements>;

/** A month as the fee-statement address names it: 2026-11. */
export const StatementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "The month must look like 2026-11.");

import { formatEventDate, formatPounds, plural, statementStatusText, type EventStatement, type PayoutView } from "@domain";

/** The figures of an event's statement in the order the organiser reads them, each with its label. */
export const STATEMENT_FIGURES = [
  { key: "grossSalesPence", label: "Gross sales", short: "Gross sales" },
  { key: "bookingFeesPence", label: "Booking fees (paid by buyers)", short: "Booking fees" },
  { key: "ticketRefundsPence", label: "Refunds", short: "Refunds" },
  { key: "organiserFeesPence", label: "Organiser fees", short: "Organiser fees" },
  { key: "absorbedFeesPence", label: "Absorbed booking fees", short: "Absorbed fees" },
  { key: "commissionPence", label: "Affiliate commission (from booking fees)", short: "Commission" },
  { key: "disputedPence", label: "Disputed (withheld)", short: "Disputed" },
  { key: "netDuePence", label: "Net due", short: "Net due" },
  { key: "paidPence", label: "Paid so far", short: "Paid" },
  { key: "discountsPence", label: "Discounts given with codes (not in gross sales)", short: "Discounts" },
] as const satisfies readonly { key: keyof EventStatement; label: string; short: string }[];

export type StatementTone = "success" | "warning" | "secondary" | "outline";

/** The badge colour of a payout status: paid is done, waiting needs the organiser, the rest just wait. */
export function statementTone(status: EventStatement["status"]): StatementTone {
  switch (status.kind) {
    case "paid":
      return "success";
    case "waiting-for-account":
      return "warning";
    case "scheduled":
      return "secondary";
    default:
      return "outline";
  }
}

/** A ticket type's line of an event's statement (issue 36): what it sold, as sold. */
export interface StatementTypeRow {
  key: string;
  name: string;
  sold: string;
  refunded: string;
  gross: string;
  refunds: string;
}

/** "3 tickets sold, 1 refunded": an event with one type needs no table of one row (its figures are the event's). */
function oneTypeSummary([type]: EventStatement["ticketTypes"]): string | null {
  if (!type) return null;
  const sold = `${plural(type.ticketsSold, "ticket")} sold`;
  return type.ticketsRefunded ? `${sold}, ${type.ticketsRefunded} refunded` : sold;
}

/**
 * The figures shown: every one, but the discounts codes gave (issue 37) only when asked (a table shows that
 * column when any of its events has some, a card when its event has).
 */
export function statementFigures(withDiscounts: boolean) {
  return STATEMENT_FIGURES.filter((figure) => figure.key !== "discountsPence" || withDiscounts);
}

export function statementRow(statement: EventStatement, withDiscounts = statement.discountsPence > 0) {
  const several = statement.ticketTypes.length > 1;
  return {
    id: statement.eventId,
    title: statement.title,
    when: formatEventDate(statement.startsAt) ?? "",
    status: statementStatusText(statement.status),
    tone: statementTone(statement.status),
    transferId: statement.transferId,
    figures: statementFigures(withDiscounts).map((figure) => ({ ...figure, value: formatPounds(statement[figure.key]) })),
    /** Its types when it sells several: they add up to its gross sales and refunds. */
    ticketTypes: several
      ? statement.ticketTypes.map(
          (type): StatementTypeRow => ({
            key: type.ticketTypeId ?? "none",
            name: type.name,
            sold: String(type.ticketsSold),
            refunded: String(type.ticketsRefunded),
            gross: formatPounds(type.grossSalesPence),
            refunds: formatPounds(type.ticketRefundsPence),
          }),
        )
      : null,
    ticketSummary: several ? null : oneTypeSummary(statement.ticketTypes),
  };
}

/** A transfer as the Payouts list shows it: what is left of it after reversals, and each reversal. */
export function payoutRow(payout: PayoutView) {
  const reversed = payout.reversals.filter((reversal) => reversal.status === "succeeded").reduce((sum, reversal) => sum + reversal.amountPence, 0);
  return {
    id: payout.payoutId,
    event: payout.eventTitle,
    amount: formatPounds(payout.amountPence),
    reversed: reversed ? formatPounds(reversed) : null,
    transferId: payout.transferId,
    date: payout.paidAt
      ? `Paid ${formatEventDate(payout.paidAt)}`
      : payout.status === "failed"
        ? "Failed, will be retried"
        : `Due ${formatEventDate(payout.dueAt)}`,
    reversals: payout.reversals.map((reversal) => ({
      id: reversal.reversalId ?? "pending",
      text: `${formatPounds(reversal.amountPence)} taken back ${formatEventDate(reversal.createdAt)}${reversal.status === "succeeded" ? "" : ` (${reversal.status})`}`,
    })),
  };
}

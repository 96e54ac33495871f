import { formatEventDate } from "./format";
import { londonClock } from "./london-time";
import { londonWallTimeToDate } from "./london-wall-time";

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** "2026-11" → "November 2026" (the month of a platform-fee statement). */
export function formatStatementMonth(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTH_NAMES[Number(number) - 1] ?? month} ${year}`;
}

/** The address of a month's platform-fee statement PDF. */
export function feeStatementPath(month: string): string {
  return `/api/payouts/fee-statements/${month}.pdf`;
}

/** The words for where an event's payout stands, on the Payouts tab and in the CSV. */
export function statementStatusText(status: { kind: string; date?: string }): string {
  switch (status.kind) {
    case "awaiting-event-end":
      return "Awaiting event end";
    case "scheduled":
      return `Scheduled for ${formatEventDate(status.date) ?? status.date}`;
    case "paid":
      return `Paid ${formatEventDate(status.date) ?? status.date}`;
    case "waiting-for-account":
      return "Waiting for payout account";
    default:
      return "Nothing to pay";
  }
}

/** The UK calendar month before the one `now` falls in (YYYY-MM): the month the statement e-mail on the 1st covers. */
export function previousUkMonth(now: Date): string {
  const london = londonClock(now);
  const year = london.getUTCFullYear();
  const month = london.getUTCMonth(); // 0-based: the previous month's 1-based number, 0 meaning December
  return month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, "0")}`;
}

/** A fee statement's number as printed: its place in the platform's "fee-statement" series, F-000042. */
export function formatFeeStatementNumber(number: number): string {
  return `F-${String(number).padStart(6, "0")}`;
}

/** The first instant of the UK month after `month` (YYYY-MM): when that month closes and its fee statement may be issued. */
export function ukMonthEnd(month: string): Date {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return londonWallTimeToDate({ year: number === 12 ? year + 1 : year, month: number === 12 ? 1 : number + 1, day: 1, hour: 0, minute: 0 })!;
}

/** Who issues a fee statement (the platform's company, from configuration) as it was at issue. */
export interface FeeStatementParty {
  name: string;
  number: string;
  address: string;
  vatNumber: string | null;
}

/** The organiser billed, as their profile said at issue. */
export interface FeeStatementRecipient {
  name: string;
  address: string | null;
  sellerKind: string | null;
  companyNumber: string | null;
  vatNumber: string | null;
  vatTreatment: string | null;
}

/**
 * One event's platform fees on an issued statement. The fees were charged VAT-inclusive, so `grossPence`
 * is what was charged; `netPence` and `vatPence` split it (net + VAT = gross) when the platform is VAT-registered.
 */
export interface IssuedFeeStatementLine {
  eventId: string;
  title: string;
  startsAt: string;
  organiserFeesPence: number;
  absorbedFeesPence: number;
  grossPence: number;
  netPence: number | null;
  vatPence: number | null;
}

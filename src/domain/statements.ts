import { formatEventDate } from "./format";
import { londonClock } from "./london-time";

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

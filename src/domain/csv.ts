import { formatPoundsPlain } from "./money";

/** An amount of money as a CSV cell: pounds with two decimals and no symbol, a number a spreadsheet sums. */
export class CsvPounds {
  constructor(readonly pence: number) {}
  toString(): string {
    return formatPoundsPlain(this.pence);
  }
}
export const csvPounds = (pence: number) => new CsvPounds(pence);

export type CsvValue = string | number | CsvPounds | null | undefined;

/**
 * The byte order mark that starts every CSV download: without it Excel reads UTF-8 as Windows-1252 and
 * shows "£" as "Â£" and accented names garbled.
 */
export const CSV_BOM = "\uFEFF";

/**
 * CSV that spreadsheets open safely: RFC 4180 quoting (CRLF rows, quotes doubled) and text cells that
 * start like a formula (= + - @, tab, CR) prefixed with ' so Excel and Sheets show them as text. Numbers
 * and amounts are written as they are, so a refund of -1.50 stays a number a spreadsheet can sum.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text (no byte order mark: a streamed file writes CSV_BOM once, before its first rows). */
export function toCsv(rows: CsvValue[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** A whole CSV file: the byte order mark, then the rows. */
export function csvFile(rows: CsvValue[][]): string {
  return CSV_BOM + toCsv(rows);
}

/**
 * spec §9 Display: the attendee export, one row per ticket (issue 36): its attendee, e-mail (their own, else
 * the buyer's), type, code, state (Checked In, Pending or Refunded) and check-in time; its booking's buyer and
 * date; the event's venue and location on every row (issue 17), so rows keep their place when exports of
 * several events are pasted together; then the booking's money and refunds, repeated on each of its tickets'
 * rows (issue 19: Booking tickets counts the tickets still valid).
 */
export const ATTENDEE_CSV_COLUMNS = [
  "Name",
  "Email",
  "Type",
  "Ticket code",
  "Status",
  "Checked in at",
  "Buyer",
  "Buyer email",
  "Booking Date",
  "Venue",
  "Booking tickets",
  "Booking amount",
  "Refunded tickets",
  "Refund status",
  "Amount refunded",
] as const;

/** The attendee CSV's last column, after one per question the event asks (issue 36): answers to questions it no longer asks. */
export const ATTENDEE_CSV_OTHER_ANSWERS = "Other answers";

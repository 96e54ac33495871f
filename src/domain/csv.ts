/**
 * CSV that spreadsheets open safely: RFC 4180 quoting (CRLF rows, quotes doubled) and cells that
 * start like a formula (= + - @, tab, CR) prefixed with ' so Excel and Sheets show them as text.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/**
 * spec §9 Display: the attendee export's columns, in order, then the event's venue and location on
 * every row (issue 17), so rows keep their place when exports of several events are pasted together; then
 * the booking's refunds (issue 19: Tickets counts the tickets still valid).
 */
export const ATTENDEE_CSV_COLUMNS = ["Name", "Email", "Tickets", "Amount", "Booking Date", "Status", "QR Code", "Venue", "Refunded tickets", "Refund status", "Amount refunded"] as const;

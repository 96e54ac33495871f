/** An order's receipt page (issue 20): linked from the ticket e-mail (on the app's public URL) and My Tickets. */
export function receiptPath(orderId: string): string {
  return `/receipts/${encodeURIComponent(orderId)}`;
}

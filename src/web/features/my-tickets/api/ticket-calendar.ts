/** One of the user's own tickets as a calendar file (GET /api/me/tickets/{bookingId}/calendar.ics); the browser downloads it. */
export function ticketCalendarUrl(bookingId: string): string {
  return `/api/me/tickets/${encodeURIComponent(bookingId)}/calendar.ics`;
}

/** The dashboard's 'Title / Detail' toasts, word for word from spec §8 'Dashboard, attendees, tickets'. */
export interface ToastText {
  title: string;
  description?: string;
}

export const DASHBOARD_TOASTS = {
  fetchEventsFailed: { title: "Failed to fetch events" },
  eventDeleted: { title: "Event deleted successfully" },
  deleteFailed: { title: "Failed to delete event" },
  attendeesFailed: { title: "Failed to load attendee data" },
  checkedIn: { title: "Attendee checked in successfully" },
  checkInFailed: { title: "Failed to check in attendee" },
  ticketNotFound: { title: "Ticket not found", description: "No ticket found with that identifier. Please check and try again." },
  qrFailed: { title: "QR Code Error", description: "Failed to generate QR code" },
  ticketSent: { title: "Ticket sent!", description: "The ticket email has been resent successfully." },
  sendFailed: { title: "Failed to send ticket" },
  // Issue 19: not in the spec's list; short and plain.
  refunded: { title: "Tickets refunded" },
  refundFailed: { title: "Failed to refund tickets" },
  // Issue 36.
  renamed: { title: "Ticket renamed" },
  renameFailed: { title: "Failed to rename ticket" },
} as const satisfies Record<string, ToastText>;

/** Shown under the resender's button after a successful send (spec §8). */
export const TICKET_SENT_INLINE = "Ticket email sent successfully!";

/** A toast's detail from a failure: the server's reason, else a generic one. */
export function failureDetail(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Please try again later.";
}

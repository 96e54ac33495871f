import {
  bookingStateLabel,
  DISPUTED_TICKET_MESSAGE,
  formatDateTime,
  formatEventTime,
  formatLongDate,
  hasPlaceholderDate,
  hasValidTickets,
  plural,
  TICKET_EMAIL_WAYS,
  type MyTicket,
  type TicketEmailProvider,
  type TicketEmailResult,
  type TicketEmailStatus,
} from "@domain";

export interface ToastText {
  title: string;
  description: string;
}

/** My Tickets texts, word for word from spec §2 My Tickets and §8 'Scanner and My Tickets'. */
export const MY_TICKETS_TEXT = {
  resendFailed: { title: "Error", description: "Failed to resend ticket email. Please try again." },
  emptyTitle: "No tickets yet",
  emptyDescription: "Once you purchase tickets, they'll appear here",
  qrNote: "Show this QR code at the event entrance",
  upcomingHeading: "Upcoming",
  pastHeading: "Past events",
  noUpcoming: "No upcoming tickets.",
  addToCalendar: "Add to calendar",
  receipt: "Receipt",
} as const satisfies Record<string, ToastText | string>;

/** spec §2 My Tickets: the first way, then the alternate, in plain words (issue 17). */
export const RESEND_WAYS: readonly { provider: TicketEmailProvider; label: string }[] = TICKET_EMAIL_WAYS.map(({ provider, button }) => ({ provider, label: button }));

/**
 * The toast after a resend answered, only when the server says it went: who it went to, never how
 * (spec §8 'Email Sent via {provider}' named the provider; issue 17 keeps provider names from users).
 */
export function resendResultToast(result: TicketEmailResult): { ok: boolean; text: ToastText } {
  if (!result.success) return { ok: false, text: MY_TICKETS_TEXT.resendFailed };
  return {
    ok: true,
    text: { title: result.recipient ? `Ticket sent to ${result.recipient}` : "Ticket sent", description: "Your ticket has been resent to your email address." },
  };
}

/** The toast after a resend was refused: the server's reason for a rate limit (decisions D11), else the spec's text. */
export function resendErrorToast(refused: { status: number; message: string }): ToastText {
  if (refused.status === 429 && refused.message) return { title: MY_TICKETS_TEXT.resendFailed.title, description: refused.message };
  return MY_TICKETS_TEXT.resendFailed;
}

/** "Saturday 6 December 2026 at 19:30" in UK time (decisions D16). */
export function eventWhen(iso: string): string {
  const date = hasPlaceholderDate({ dateTime: iso }) ? null : formatLongDate(iso);
  const time = formatEventTime(iso);
  if (!date) return "Date to be announced";
  return time ? `${date} at ${time}` : date;
}

/** Whether a ticket still gets its holder in, and what the card says about its refunds (issue 19). */
export interface TicketValidity {
  /** False once refunded in full or disputed: the QR is not shown as usable. */
  usable: boolean;
  /** 'Refunded', 'Partly refunded', 'Disputed', or null for a plain booking. */
  stateLabel: string | null;
  /** The line beside the QR code. */
  qrNote: string;
  /** 'Quantity' as the card shows it: '1 of 2 valid' once some were refunded. */
  quantity: string;
}

export const REFUNDED_QR_NOTE = "Refunded — this ticket is no longer valid for entry";

export function ticketValidity(ticket: Pick<MyTicket, "status" | "ticketQuantity" | "refundedQuantity" | "refundedPence">): TicketValidity {
  const stateLabel = bookingStateLabel(ticket);
  const total = ticket.ticketQuantity + ticket.refundedQuantity;
  const quantity = ticket.refundedQuantity > 0 ? `${ticket.ticketQuantity} of ${total} valid` : String(ticket.ticketQuantity);
  if (ticket.status === "disputed") return { usable: false, stateLabel, qrNote: DISPUTED_TICKET_MESSAGE, quantity };
  if (!hasValidTickets(ticket)) return { usable: false, stateLabel, qrNote: REFUNDED_QR_NOTE, quantity };
  if (ticket.refundedQuantity > 0) {
    return { usable: true, stateLabel, qrNote: `${MY_TICKETS_TEXT.qrNote}: ${plural(ticket.ticketQuantity, "ticket")} still valid`, quantity };
  }
  return { usable: true, stateLabel, qrNote: MY_TICKETS_TEXT.qrNote, quantity };
}

/**
 * How many of a booking's QR codes the page comes with; "Show all" draws the rest. Each is about 1.8 kB of the
 * page (its PNG in the HTML and again in the loader data), and the page's HTML budget is 17 kB (scripts/budgets.ts).
 */
export const QRS_DRAWN_PER_BOOKING = 4;

/** "Show all 6 QR codes" (one: "Show QR code"): the link that draws the codes a booking came without. */
export const showAllQrCodes = (count: number) => (count === 1 ? "Show QR code" : `Show all ${count} QR codes`);

/** One ticket's state on its card (issue 36): checked in, refunded, or valid; a disputed booking's tickets say so. */
export function ticketStateLabel(ticket: { status: "valid" | "refunded"; checkedInAt: string | null }, booking: { status: string }): { label: string; tone: "success" | "secondary" | "danger" } {
  if (ticket.status === "refunded") return { label: "Refunded", tone: "danger" };
  if (booking.status === "disputed") return { label: "Disputed", tone: "danger" };
  if (ticket.checkedInAt) return { label: "Checked in", tone: "secondary" };
  return { label: "Valid", tone: "success" };
}

/** "confirmed" → "Confirmed". */
export function statusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : "Unknown";
}

/** Where the booking's ticket e-mail stands, in one quiet line. */
export function ticketEmailLine(email: TicketEmailStatus): string {
  switch (email.status) {
    case "queued":
      return "Ticket email on its way";
    case "sent":
      return email.sentAt ? `Ticket email sent ${formatDateTime(email.sentAt)}` : "Ticket email sent";
    case "failed":
      return "Ticket email not delivered. Resend it below.";
  }
}

/** Passing one ticket on to someone else (issue 36). */
export const PASS_ON_TEXT = {
  button: "Pass this ticket on",
  title: "Pass this ticket on",
  nameLabel: "Their name",
  emailLabel: "Their e-mail",
  consequence: "They get a new ticket by e-mail, and this ticket's QR code stops working.",
  submit: "Pass ticket on",
  sending: "Passing on...",
  cancel: "Cancel",
} as const;

/** The toast once the server has moved the ticket to its new holder. */
export const passedOnToast = (name: string) => `Ticket passed to ${name}`;

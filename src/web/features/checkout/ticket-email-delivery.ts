import type { TicketEmailStatus } from "@domain";
import type { VerifiedBooking } from "../verify-payment";
import { PAYMENT_TOASTS, type ToastText } from "./payment-toasts";

/**
 * The server sends the ticket e-mails in the background after confirming (ARCHITECTURE: ticket
 * delivery is an outbox); the page asks verify-payment again (harmless to repeat) until they have gone.
 */
export const TICKET_EMAIL_POLL = { intervalMs: 2_000, maxMs: 30_000 } as const;

/** Each booking's delivery by booking id, from one verify-payment answer. */
export function ticketEmailsOf(bookings: readonly VerifiedBooking[]): Record<string, TicketEmailStatus> {
  const emails: Record<string, TicketEmailStatus> = {};
  for (const booking of bookings) if (booking.ticket_email) emails[booking.id] = booking.ticket_email;
  return emails;
}

export type DeliverySummary = "unknown" | "sending" | "sent" | "failed";

/** Where the e-mails of these bookings stand together: sending while any is queued. */
export function deliverySummary(bookingIds: readonly string[], emails: Readonly<Record<string, TicketEmailStatus>>): DeliverySummary {
  const states = bookingIds.map((id) => emails[id]?.status);
  if (states.length === 0 || states.some((state) => state === undefined)) return "unknown";
  if (states.includes("queued")) return "sending";
  return states.includes("failed") ? "failed" : "sent";
}

/** Whether one more poll still fits in the time allowed. */
export function mayPollAgain(startedAt: number, now: number): boolean {
  return now - startedAt + TICKET_EMAIL_POLL.intervalMs <= TICKET_EMAIL_POLL.maxMs;
}

/** The toast once the e-mails have settled (spec §8 Payment): 'Ticket email sent', or 'Failed to send email' with the reason. */
export function deliveryToast(summary: DeliverySummary, emails: Readonly<Record<string, TicketEmailStatus>>): { ok: boolean; text: ToastText } | null {
  if (summary === "sent") return { ok: true, text: PAYMENT_TOASTS.emailSent };
  if (summary !== "failed") return null;
  const reason = Object.values(emails).find((email) => email.status === "failed")?.error?.trim();
  return { ok: false, text: { title: PAYMENT_TOASTS.emailFailed.title, description: reason || "You can resend your ticket from the Resend Ticket page." } };
}

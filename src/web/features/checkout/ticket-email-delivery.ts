import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { TicketEmailStatus } from "@domain";
import { toast } from "~/lib/toast";
import { PAYMENT_TOASTS, type ToastText } from "./lib/payment-toasts";
import type { VerifiedBooking } from "./lib/verification-outcome";

/**
 * The server sends the ticket e-mails in the background after confirming (ARCHITECTURE: ticket
 * delivery is an outbox); the page's loader verifies again (harmless to repeat) until they have gone.
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

export interface TicketEmailDelivery {
  emails: Record<string, TicketEmailStatus>;
  summary: DeliverySummary;
  /** Still queued after the polling time: the page stops waiting and offers /resend-ticket. */
  timedOut: boolean;
}

/**
 * Follows the ticket e-mails the server sends after confirming: while any is queued, reads the page again
 * (its loader verifies again) every 2 s for up to 30 s. The page itself never sends them. Toasts once they
 * have settled. One payment's page: a new session id mounts it afresh.
 */
export function useTicketEmailDelivery(bookings: readonly VerifiedBooking[] | null): TicketEmailDelivery {
  const revalidator = useRevalidator();
  const [startedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const emails = useMemo(() => (bookings ? ticketEmailsOf(bookings) : {}), [bookings]);
  const bookingIds = useMemo(() => bookings?.map((booking) => booking.id) ?? [], [bookings]);
  const summary = deliverySummary(bookingIds, emails);
  const sending = summary === "sending";

  const readAgain = useEffectEvent(() => {
    if (mayPollAgain(startedAt, Date.now())) void revalidator.revalidate();
    else setTimedOut(true);
  });
  // Each answer (new bookings) decides whether another read follows.
  useEffect(() => {
    if (!sending || timedOut) return;
    const timer = setTimeout(readAgain, TICKET_EMAIL_POLL.intervalMs);
    return () => clearTimeout(timer);
  }, [sending, timedOut, bookings]);

  // One toast per page once the e-mails have settled (spec §8 Payment).
  const toasted = useRef(false);
  useEffect(() => {
    if (!bookings || toasted.current) return;
    const settled = deliveryToast(summary, emails);
    if (!settled) return;
    toasted.current = true;
    if (settled.ok) toast.success(settled.text.title, { description: settled.text.description });
    else toast.error(settled.text.title, { description: settled.text.description });
  }, [bookings, summary, emails]);

  return { emails, summary, timedOut: sending && timedOut };
}

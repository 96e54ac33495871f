import { useEffect, useMemo, useRef, useState } from "react";
import type { TicketEmailStatus } from "@domain";
import { toast } from "~/lib/toast";
import { PAYMENT_TOASTS, type ToastText } from "./lib/payment-toasts";
import { verificationOutcome } from "./lib/verification-outcome";
import { verifyPayment, type VerifiedBooking } from "./verify-payment";

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

export interface TicketEmailDelivery {
  emails: Record<string, TicketEmailStatus>;
  summary: DeliverySummary;
  /** Still queued after the polling time: the page stops waiting and offers /resend-ticket. */
  timedOut: boolean;
}

/**
 * Follows the ticket e-mails the server sends after confirming: while any is queued, asks verify-payment
 * again every 2 s for up to 30 s. The page itself never sends them. Toasts once they have settled.
 */
export function useTicketEmailDelivery(sessionId: string | null, bookings: readonly VerifiedBooking[] | null): TicketEmailDelivery {
  const [polled, setPolled] = useState<{ source: readonly VerifiedBooking[]; emails: Record<string, TicketEmailStatus> } | null>(null);
  const [timedOutFor, setTimedOutFor] = useState<readonly VerifiedBooking[] | null>(null);

  const emails = useMemo(() => {
    if (!bookings) return {};
    return { ...ticketEmailsOf(bookings), ...(polled?.source === bookings ? polled.emails : {}) };
  }, [bookings, polled]);
  const bookingIds = useMemo(() => bookings?.map((booking) => booking.id) ?? [], [bookings]);
  const summary = deliverySummary(bookingIds, emails);
  const sending = summary === "sending";
  // Polling starts when the bookings arrive with e-mails queued; from then on each answer decides whether it goes on.
  const arrivedSending = useMemo(() => bookings !== null && deliverySummary(bookingIds, ticketEmailsOf(bookings)) === "sending", [bookings, bookingIds]);

  useEffect(() => {
    if (!sessionId || !bookings || !arrivedSending) return;
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const outcome = verificationOutcome(await verifyPayment(sessionId));
        if (stopped) return;
        if (outcome.ok) {
          const next = ticketEmailsOf(outcome.bookings);
          setPolled({ source: bookings, emails: next });
          if (deliverySummary(bookingIds, next) !== "sending") return;
        }
      } catch {
        // A failed poll is just another try; the deadline still applies.
        if (stopped) return;
      }
      if (mayPollAgain(startedAt, Date.now())) timer = setTimeout(poll, TICKET_EMAIL_POLL.intervalMs);
      else setTimedOutFor(bookings);
    };
    timer = setTimeout(poll, TICKET_EMAIL_POLL.intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, bookings, bookingIds, arrivedSending]);

  // One toast per page once the e-mails have settled (spec §8 Payment).
  const toasted = useRef<readonly VerifiedBooking[] | null>(null);
  useEffect(() => {
    if (!bookings || toasted.current === bookings) return;
    const settled = deliveryToast(summary, emails);
    if (!settled) return;
    toasted.current = bookings;
    if (settled.ok) toast.success(settled.text.title, { description: settled.text.description });
    else toast.error(settled.text.title, { description: settled.text.description });
  }, [bookings, summary, emails]);

  return { emails, summary, timedOut: sending && timedOutFor === bookings };
}

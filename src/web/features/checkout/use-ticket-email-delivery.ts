import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import type { TicketEmailStatus } from "@domain";
import { verifyPayment, type VerifiedBooking } from "./verify-payment";
import { deliverySummary, deliveryToast, mayPollAgain, TICKET_EMAIL_POLL, ticketEmailsOf, type DeliverySummary } from "./lib/ticket-email-delivery";
import { verificationOutcome } from "./lib/verification-outcome";

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

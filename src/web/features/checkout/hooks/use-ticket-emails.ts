import { useEffect, useState } from "react";
import { toast } from "sonner";
import { sendTicketEmail } from "../api/send-ticket-email";
import type { VerifiedBooking } from "../api/verify-payment";
import { PAYMENT_TOASTS } from "../lib/payment-toasts";
import { createTicketEmailClaims } from "../lib/ticket-email-claims";

export type TicketEmailState =
  | { status: "sending" }
  | { status: "sent"; recipient: string | null }
  | { status: "sent-earlier" }
  | { status: "failed"; error: string };

let claims: ReturnType<typeof createTicketEmailClaims> | null = null;

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Blocked storage: the in-memory claims still guard this page.
    return null;
  }
}

function ticketEmailClaims() {
  claims ??= createTicketEmailClaims(sessionStorageOrNull());
  return claims;
}

async function send(booking: VerifiedBooking): Promise<TicketEmailState> {
  try {
    const result = await sendTicketEmail(booking.id);
    if (result.success) return { status: "sent", recipient: result.recipient };
    return { status: "failed", error: result.error || PAYMENT_TOASTS.emailFailed.title };
  } catch (error) {
    return { status: "failed", error: error instanceof Error && error.message ? error.message : "Please try again later." };
  }
}

/**
 * Sends each verified booking's ticket e-mail, once per booking (spec §4 Payment): 'Ticket email sent'
 * when they have gone, 'Failed to send email' with the reason for any that did not.
 */
export function useTicketEmails(bookings: readonly VerifiedBooking[] | null): Record<string, TicketEmailState> {
  const [states, setStates] = useState<Record<string, TicketEmailState>>({});

  useEffect(() => {
    if (!bookings?.length) return;
    const mine = bookings.filter((booking) => ticketEmailClaims().claim(booking.id));
    const earlier = bookings.filter((booking) => !mine.includes(booking));
    void (async () => {
      // Claimed by an earlier run of this page (a reload, or React's second effect pass).
      setStates((previous) => ({
        ...previous,
        ...Object.fromEntries(earlier.filter((booking) => !previous[booking.id]).map((booking) => [booking.id, { status: "sent-earlier" } as const])),
        ...Object.fromEntries(mine.map((booking) => [booking.id, { status: "sending" } as const])),
      }));
      let sent = 0;
      for (const booking of mine) {
        const state = await send(booking);
        setStates((previous) => ({ ...previous, [booking.id]: state }));
        if (state.status === "sent") sent += 1;
        else {
          ticketEmailClaims().release(booking.id);
          toast.error(PAYMENT_TOASTS.emailFailed.title, { description: state.status === "failed" ? state.error : undefined });
        }
      }
      if (sent > 0) toast.success(PAYMENT_TOASTS.emailSent.title, { description: PAYMENT_TOASTS.emailSent.description });
    })();
  }, [bookings]);

  return states;
}

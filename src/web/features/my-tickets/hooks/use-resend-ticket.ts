import { useState } from "react";
import { toast } from "~/lib/toast";
import type { TicketEmailProvider, TicketEmailStatus } from "@domain";
import { sendTicketEmail } from "~/lib/send-ticket-email";
import { resendErrorToast, resendResultToast } from "../lib/my-tickets-text";

/** Resends one booking's ticket through the chosen provider, one send at a time per card (spec §2 My Tickets). */
export function useResendTicket(bookingId: string, onSent: (bookingId: string, email: TicketEmailStatus) => void) {
  const [sending, setSending] = useState<TicketEmailProvider | null>(null);

  async function resend(provider: TicketEmailProvider) {
    if (sending) return;
    setSending(provider);
    try {
      const result = await sendTicketEmail({ bookingId, provider });
      const { ok, text } = resendResultToast(result);
      if (ok) {
        toast.success(text.title, { description: text.description });
        onSent(bookingId, { status: "sent", sentAt: new Date().toISOString(), provider: result.provider, error: null });
      } else {
        toast.error(text.title, { description: text.description });
      }
    } catch (error) {
      const text = resendErrorToast(error);
      toast.error(text.title, { description: text.description });
    } finally {
      setSending(null);
    }
  }

  return { sending, resend };
}

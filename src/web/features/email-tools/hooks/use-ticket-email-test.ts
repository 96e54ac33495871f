import { useState } from "react";
import { toast } from "~/lib/toast";
import type { TicketEmailProvider } from "@domain";
import { sendTicketEmail } from "~/lib/send-ticket-email";
import { EMAIL_TEST_TOASTS, rawTicketResult } from "../lib/email-test-text";

/** Calls send-ticket-email and keeps its raw answer for the test card (spec §2 Manual Email Sender). */
export function useTicketEmailTest() {
  const [sending, setSending] = useState(false);
  const [raw, setRaw] = useState<string | null>(null);

  async function run(bookingId: string, provider: TicketEmailProvider) {
    if (sending) return;
    setSending(true);
    try {
      const result = await sendTicketEmail({ bookingId, provider });
      setRaw(rawTicketResult({ result }));
      toast.success(EMAIL_TEST_TOASTS.ticketCalled);
    } catch (error) {
      setRaw(rawTicketResult({ error }));
      toast.error(EMAIL_TEST_TOASTS.ticketError, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSending(false);
    }
  }

  return { sending, raw, run };
}

import { useState } from "react";
import { TICKET_EMAIL_WAYS, type TicketEmailProvider, type TicketEmailResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * Sends a ticket again, only ever to the e-mail already on its booking (spec §7 send-ticket-email;
 * decisions D11). `bookingId` is the identifier as typed, trimmed: booking id, TCKT- code or cs_ session.
 * Shared by My Tickets, the resend and e-mail test pages and the dashboard resender.
 */
export function sendTicketEmail(input: { bookingId: string; provider: TicketEmailProvider }): Promise<TicketEmailResult> {
  return apiRequest("/api/functions/send-ticket-email", { method: "POST", json: input });
}

/** The choice of way where a form offers it (spec §2: brevo or resend), in plain words (issue 17). */
export const TICKET_EMAIL_CHOICES: readonly { value: TicketEmailProvider; label: string }[] = TICKET_EMAIL_WAYS.map(({ provider, choice }) => ({ value: provider, label: choice }));

export type SentTicketEmail = { result: TicketEmailResult } | { error: unknown };

/**
 * One ticket e-mail at a time: `sending` is the way being tried. `send` resolves with the server's answer
 * or its refusal, each page wording it its own way, or with null when a send is already under way.
 */
export function useSendTicketEmail() {
  const [sending, setSending] = useState<TicketEmailProvider | null>(null);

  async function send(input: { bookingId: string; provider: TicketEmailProvider }): Promise<SentTicketEmail | null> {
    if (sending) return null;
    setSending(input.provider);
    try {
      return { result: await sendTicketEmail(input) };
    } catch (error) {
      return { error };
    } finally {
      setSending(null);
    }
  }

  return { sending, send };
}

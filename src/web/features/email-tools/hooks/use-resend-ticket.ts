import { useState } from "react";
import { toast } from "~/lib/toast";
import type { TicketEmailProvider } from "@domain";
import { sendTicketEmail } from "~/lib/send-ticket-email";
import { resendFailure, resendOutcome, type ResendOutcome } from "../lib/resend-ticket-outcome";

export type ResendState = { status: "idle" } | { status: "sending" } | { status: "done"; outcome: ResendOutcome };

/**
 * One resend at a time from the public page (spec §2 Resend ticket); the outcome is shown and toasted.
 * `posted` is the outcome of a post made before the scripts ran (issue 16), shown until the next send.
 */
export function useResendTicket(posted?: ResendOutcome | null) {
  const [state, setState] = useState<ResendState>(posted ? { status: "done", outcome: posted } : { status: "idle" });

  async function resend(identifier: string, provider: TicketEmailProvider) {
    if (state.status === "sending") return;
    setState({ status: "sending" });
    let outcome: ResendOutcome;
    try {
      outcome = resendOutcome(await sendTicketEmail({ bookingId: identifier, provider }));
    } catch (error) {
      outcome = resendFailure(error);
    }
    if (outcome.ok) toast.success(outcome.title, { description: outcome.detail ?? undefined });
    else toast.error(outcome.title);
    setState({ status: "done", outcome });
  }

  return { state, resend };
}

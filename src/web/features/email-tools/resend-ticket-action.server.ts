import { data } from "react-router";
import { AppError, TICKET_EMAIL_PROVIDERS, type TicketEmailProvider } from "@domain";
import { resendTicketEmail } from "~/lib/services.server";
import { DEFAULT_PROVIDER } from "./provider-choice";
import { checkIdentifier, resendOutcome, resendRefused, type ResendFormResult } from "./resend-ticket-outcome";
import type { RouterContextReader } from "~/lib/page-context.server";

/**
 * /resend-ticket posted before the page's scripts ran (issue 16): the same service as
 * POST /api/functions/send-ticket-email, with its limits (per client address, 3 an hour per booking),
 * sent only to the booking's own address, the recipient masked for anyone but its buyer, organiser or
 * an admin (decisions D10, D11). The spec's texts are shown in the page, as there is no toast.
 */
export async function resendTicketAction(context: RouterContextReader, request: Request) {
  const form = await request.formData();
  const typed = form.get("identifier");
  const identifier = typeof typed === "string" ? typed : "";
  const chosen = form.get("provider");
  const provider: TicketEmailProvider = TICKET_EMAIL_PROVIDERS.find((known) => known === chosen) ?? DEFAULT_PROVIDER.resendPage;
  const checked = checkIdentifier(identifier);
  if ("error" in checked) return data<ResendFormResult>({ identifier, provider, error: checked.error, outcome: null }, { status: 400 });
  try {
    const result = await resendTicketEmail(context, request, { identifier: checked.identifier, provider });
    return data<ResendFormResult>({ identifier, provider, error: null, outcome: resendOutcome(result) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ResendFormResult>({ identifier, provider, error: null, outcome: resendRefused(error.status, error.message) }, { status: error.status });
  }
}

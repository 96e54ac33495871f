import { data } from "react-router";
import { AppError, RequestRefundInput, TICKET_EMAIL_PROVIDERS, TransferTicketInput } from "@domain";
import { getSessionUser, passTicketOn, requestBookingRefund, resendTicketEmail } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import type { MyTicketsActionResult } from "./my-tickets-action-result";

const SIGN_IN_FIRST = "Please sign in to continue.";

type Intent = MyTicketsActionResult["intent"];

function refused(intent: Intent, bookingId: string, status: number, message: string) {
  return data<MyTicketsActionResult>({ intent, bookingId, refused: { status, message } }, { status });
}

/**
 * A ticket card's posts on My Tickets: a refund request (the service and checks of
 * POST /api/me/bookings/:id/refund-request), a resend of the ticket e-mail (those of
 * POST /api/functions/send-ticket-email, with its limits, only ever to the booking's own address), or one
 * ticket passed on to someone else (those of POST /api/me/tickets/:id/transfer, issue 36).
 */
export async function myTicketsAction(context: RouterContextReader, request: Request) {
  const form = await request.formData();
  const bookingId = String(form.get("bookingId") ?? "").trim().slice(0, 200);
  try {
    if (form.get("intent") === "resend") {
      const chosen = form.get("provider");
      const provider = TICKET_EMAIL_PROVIDERS.find((known) => known === chosen);
      return data<MyTicketsActionResult>({ intent: "resend", bookingId, result: await resendTicketEmail(context, request, { identifier: bookingId, provider }) });
    }
    const user = await getSessionUser(context, request);
    if (form.get("intent") === "transfer") {
      if (!user) return refused("transfer", bookingId, 401, SIGN_IN_FIRST);
      const input = TransferTicketInput.safeParse({ name: form.get("name") ?? undefined, email: form.get("email") ?? undefined });
      if (!input.success) return refused("transfer", bookingId, 400, input.error.issues[0]!.message);
      const ticketId = String(form.get("ticketId") ?? "").trim().slice(0, 100);
      return data<MyTicketsActionResult>({ intent: "transfer", bookingId, transfer: await passTicketOn(context, { user, ticketId, input: input.data }) });
    }
    if (!user) return refused("refund", bookingId, 401, SIGN_IN_FIRST);
    const input = RequestRefundInput.safeParse({ reason: form.get("reason") ?? undefined });
    if (!input.success) return refused("refund", bookingId, 400, input.error.issues[0]!.message);
    return data<MyTicketsActionResult>({ intent: "refund", bookingId, request: await requestBookingRefund(context, { user, bookingId, reason: input.data.reason }) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const intent = form.get("intent");
    return refused(intent === "resend" || intent === "transfer" ? intent : "refund", bookingId, error.status, error.message);
  }
}

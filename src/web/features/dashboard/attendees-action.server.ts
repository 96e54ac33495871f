import { data } from "react-router";
import { AppError, DeclineRefundRequestInput, NoticeSettings, RefundTicketsInput, RenameTicketInput, TICKET_IDENTIFIER_REQUIRED, type SessionUser } from "@domain";
import { ticketQrImage } from "~/components/tickets/ticket-qr.server";
import { answerRefundRequest, checkInDashboardTicket, lookupDashboardTicket, refundDashboardBooking, renameDashboardTicket, saveRefundRequestEmails } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import type { AttendeesActionResult, AttendeesIntent } from "./lib/attendees-action-result";

const INTENTS: readonly AttendeesIntent[] = ["check-in", "refund", "approve", "decline", "refund-request-emails", "lookup-ticket", "rename"];

const refused = (intent: AttendeesIntent, status: number, message: string) => data<AttendeesActionResult>({ intent, refused: { status, message } }, { status });

/** An id from the form, bounded as the API's params are. */
const idOf = (form: FormData, name: string) => String(form.get(name) ?? "").trim().slice(0, 100);

/**
 * Attendee Management's posts: check-in of a ticket by hand, a refund of a booking's tickets, an answer to a refund request, the
 * refund-request e-mail choice, the ticket viewer's look-up and a ticket's new name, each with the service and the ownership
 * checks of its JSON API route (check-in.routes.ts, refunds.routes.ts, refund-requests.routes.ts, tickets.routes.ts,
 * ticket-changes.routes.ts).
 */
export async function attendeesAction(context: RouterContextReader, user: SessionUser, form: FormData) {
  const intent = INTENTS.find((known) => known === form.get("intent"));
  if (!intent) throw data(null, { status: 400 });
  try {
    switch (intent) {
      case "check-in":
        // One ticket, from its row (issue 36).
        return data<AttendeesActionResult>({ intent, checkIn: await checkInDashboardTicket(context, { user, ticketId: idOf(form, "ticketId") }) });
      case "refund": {
        const input = RefundTicketsInput.safeParse({ quantity: Number(form.get("quantity")), reason: form.get("reason"), requestKey: form.get("requestKey") });
        if (!input.success) return refused(intent, 400, input.error.issues[0]!.message);
        return data<AttendeesActionResult>({ intent, refund: await refundDashboardBooking(context, { user, bookingId: idOf(form, "bookingId"), input: input.data }) });
      }
      case "approve":
        return data<AttendeesActionResult>({ intent, request: await answerRefundRequest(context, { user, requestId: idOf(form, "requestId"), answer: { approve: true } }) });
      case "decline": {
        const input = DeclineRefundRequestInput.safeParse({ note: String(form.get("note") ?? "").trim() || undefined });
        if (!input.success) return refused(intent, 400, input.error.issues[0]!.message);
        return data<AttendeesActionResult>({ intent, request: await answerRefundRequest(context, { user, requestId: idOf(form, "requestId"), answer: { approve: false, note: input.data.note } }) });
      }
      case "refund-request-emails": {
        const input = NoticeSettings.safeParse({ refundRequestEmails: form.get("refundRequestEmails") });
        if (!input.success) return refused(intent, 400, input.error.issues[0]!.message);
        return data<AttendeesActionResult>({ intent, settings: await saveRefundRequestEmails(context, { userId: user.id, input: input.data }) });
      }
      case "rename": {
        // The attendee's e-mail is optional: left empty, the ticket has none of its own (the buyer's carries it).
        const input = RenameTicketInput.safeParse({ attendeeName: form.get("attendeeName") ?? undefined, attendeeEmail: form.get("attendeeEmail") ?? undefined });
        if (!input.success) return refused(intent, 400, input.error.issues[0]!.message);
        return data<AttendeesActionResult>({ intent, renamed: await renameDashboardTicket(context, { user, ticketId: idOf(form, "ticketId"), input: input.data }) });
      }
      case "lookup-ticket": {
        const identifier = String(form.get("identifier") ?? "").trim().slice(0, 200);
        if (!identifier) return refused(intent, 400, TICKET_IDENTIFIER_REQUIRED.viewer);
        // The QR code is drawn here, so the page loads no QR library (issue 35).
        const { qrPayload, ...ticket } = await lookupDashboardTicket(context, { user, identifier });
        return data<AttendeesActionResult>({ intent, ticket: { ...ticket, qrImage: await ticketQrImage(qrPayload) } });
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refused(intent, error.status, error.message);
  }
}

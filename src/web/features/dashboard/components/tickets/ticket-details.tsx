import type { ReactNode } from "react";
import { BOOKING_REFUND_LABELS, DISPUTED_TICKET_MESSAGE, eventPlace, formatPounds, hasPlaceholderDate, REFUNDED_TICKET_MESSAGE, formatDateTime } from "@domain";
import { TicketQr } from "~/components/tickets/ticket-qr";
import { Badge } from "~/components/ui/badge";
import type { LookedUpTicket } from "../../lib/attendees-action-result";

function Detail({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className={mono ? "break-all font-mono text-[13px] font-semibold" : "break-words font-semibold text-ink"}>{children}</dd>
    </div>
  );
}

/** The looked-up ticket's state: checked in, refunded or valid (issue 36). */
function ticketState(ticket: LookedUpTicket["ticket"]): string {
  if (ticket.status === "refunded") return "Refunded";
  return ticket.checkedInAt ? `Checked in ${formatDateTime(ticket.checkedInAt)}` : "Valid";
}

/** A looked-up ticket: its attendee, type, state and QR code, its booking's buyer and payment, and the booking's other tickets (issue 36). */
export function TicketDetails({ ticket: view }: { ticket: LookedUpTicket }) {
  const { ticket } = view;
  const admits = view.status === "confirmed" && ticket.status === "valid";
  return (
    <article aria-labelledby="viewed-ticket-title" className="rounded-2xl border border-brand-100 bg-brand-50/50 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id="viewed-ticket-title" className="font-bold leading-snug break-words">
            {view.event.title}
          </h4>
          <p className="text-sm text-muted">
            {[hasPlaceholderDate({ dateTime: view.event.dateTime }) ? null : formatDateTime(view.event.dateTime), eventPlace(view.event) || "TBA"]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <span className="flex flex-wrap gap-1.5">
          <Badge variant={view.status === "confirmed" ? "success" : "secondary"} className="capitalize">
            {view.status}
          </Badge>
          {view.refundState !== "none" && view.status === "confirmed" && <Badge variant="warning">{BOOKING_REFUND_LABELS[view.refundState]}</Badge>}
        </span>
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row">
        {admits ? (
          <TicketQr image={view.qrImage} ticketId={ticket.code} />
        ) : (
          <p className="flex size-40 shrink-0 items-center justify-center rounded-2xl border-2 border-dashed border-border bg-white p-3 text-center text-sm font-semibold text-red-800">
            {view.status === "disputed" ? DISPUTED_TICKET_MESSAGE : REFUNDED_TICKET_MESSAGE}
          </p>
        )}
        <dl className="grid flex-1 grid-cols-2 gap-3 text-sm">
          <Detail label="Attendee">{ticket.attendeeName}</Detail>
          <Detail label="Type">{ticket.typeName}</Detail>
          <Detail label="Ticket">{ticketState(ticket)}</Detail>
          <Detail label="Position">
            {ticket.position} of {view.tickets.length}
          </Detail>
          <div className="col-span-2">
            <Detail label="Ticket code" mono>
              {ticket.code}
            </Detail>
          </div>
          <Detail label="Booked by">{view.attendeeName}</Detail>
          <Detail label="Tickets">{view.refundedQuantity > 0 ? `${view.ticketQuantity} valid, ${view.refundedQuantity} refunded` : view.ticketQuantity}</Detail>
          <div className="col-span-2">
            <Detail label="Email">
              <span className="break-all">{view.attendeeEmail}</span>
            </Detail>
          </div>
          <Detail label="Total Paid">{formatPounds(view.totalAmountPence)}</Detail>
          {view.refundedPence > 0 && <Detail label="Refunded">{formatPounds(view.refundedPence)}</Detail>}
          <div className="col-span-2">
            <Detail label="Booking ID" mono>
              {view.bookingId}
            </Detail>
          </div>
        </dl>
      </div>
      {view.tickets.length > 1 && (
        <div className="mt-4">
          <h5 className="text-xs font-semibold uppercase tracking-wide text-muted">All tickets in this booking</h5>
          <ul className="mt-2 divide-y divide-border rounded-xl border border-border bg-white text-sm">
            {view.tickets.map((one) => (
              <li key={one.ticketId} aria-current={one.ticketId === ticket.ticketId ? "true" : undefined} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 aria-[current=true]:bg-brand-50">
                <span className="min-w-0 break-words font-semibold">
                  {one.position}. {one.attendeeName} <span className="font-normal text-muted">· {one.typeName}</span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="break-all font-mono text-[13px]">{one.code}</span>
                  <Badge variant={one.status === "refunded" ? "danger" : one.checkedInAt ? "secondary" : "success"}>{one.status === "refunded" ? "Refunded" : one.checkedInAt ? "Checked in" : "Valid"}</Badge>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}

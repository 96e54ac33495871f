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

/** A looked-up ticket: event, attendee, payment, check-in and its QR code. */
export function TicketDetails({ ticket }: { ticket: LookedUpTicket }) {
  return (
    <article aria-labelledby="viewed-ticket-title" className="rounded-2xl border border-brand-100 bg-brand-50/50 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id="viewed-ticket-title" className="font-bold leading-snug break-words">
            {ticket.event.title}
          </h4>
          <p className="text-sm text-muted">
            {[hasPlaceholderDate({ dateTime: ticket.event.dateTime }) ? null : formatDateTime(ticket.event.dateTime), eventPlace(ticket.event) || "TBA"]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <span className="flex flex-wrap gap-1.5">
          <Badge variant={ticket.status === "confirmed" ? "success" : "secondary"} className="capitalize">
            {ticket.status}
          </Badge>
          {ticket.refundState !== "none" && ticket.status === "confirmed" && <Badge variant="warning">{BOOKING_REFUND_LABELS[ticket.refundState]}</Badge>}
        </span>
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row">
        {ticket.status === "confirmed" && ticket.ticketQuantity > 0 ? (
          <TicketQr image={ticket.qrImage} ticketId={ticket.ticketCode} />
        ) : (
          <p className="flex size-40 shrink-0 items-center justify-center rounded-2xl border-2 border-dashed border-border bg-white p-3 text-center text-sm font-semibold text-red-800">
            {ticket.status === "disputed" ? DISPUTED_TICKET_MESSAGE : REFUNDED_TICKET_MESSAGE}
          </p>
        )}
        <dl className="grid flex-1 grid-cols-2 gap-3 text-sm">
          <Detail label="Attendee">{ticket.attendeeName}</Detail>
          <Detail label="Tickets">{ticket.refundedQuantity > 0 ? `${ticket.ticketQuantity} valid, ${ticket.refundedQuantity} refunded` : ticket.ticketQuantity}</Detail>
          <div className="col-span-2">
            <Detail label="Email">
              <span className="break-all">{ticket.attendeeEmail}</span>
            </Detail>
          </div>
          <Detail label="Total Paid">{formatPounds(ticket.totalAmountPence)}</Detail>
          {ticket.refundedPence > 0 && <Detail label="Refunded">{formatPounds(ticket.refundedPence)}</Detail>}
          <Detail label="Check-in">{ticket.checkedInAt ? `Checked In ${formatDateTime(ticket.checkedInAt)}` : "Pending"}</Detail>
          <div className="col-span-2">
            <Detail label="Ticket code" mono>
              {ticket.ticketCode}
            </Detail>
          </div>
          <div className="col-span-2">
            <Detail label="Booking ID" mono>
              {ticket.bookingId}
            </Detail>
          </div>
        </dl>
      </div>
    </article>
  );
}

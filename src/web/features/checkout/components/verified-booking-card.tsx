import { CalendarDays, IdCard, MapPin, Ticket } from "lucide-react";
import { eventPlace, formatEventTime, formatLongDate, formatPounds, hasPlaceholderDate, minAgeDescription, NO_WALLETS, type TicketEmailStatus as Delivery, type WalletsOffered } from "@domain";
import { WalletLinks } from "~/components/tickets/wallet-links";
import { bookingTitle, type VerifiedBooking } from "../lib/verification-outcome";
import { TicketEmailStatus } from "./ticket-email-status";

/** One confirmed booking: event, date, location, who booked (issue 17), tickets, total, and each ticket's attendee and code (spec §2 Payment pages; issue 36). */
export function VerifiedBookingCard({ booking, email, emailTimedOut, wallets = NO_WALLETS }: { booking: VerifiedBooking; email: Delivery | undefined; emailTimedOut: boolean; wallets?: WalletsOffered }) {
  // An ongoing business's placeholder date is never shown (issue 17).
  const dateTime = hasPlaceholderDate({ dateTime: booking.events?.date_time }) ? null : booking.events?.date_time;
  const date = formatLongDate(dateTime);
  const time = formatEventTime(dateTime);
  const location = booking.events ? eventPlace(booking.events) : "";
  // Each ticket with its attendee and its own code (issue 36); refunded ones are not this page's news.
  const tickets = (booking.tickets ?? []).filter((ticket) => ticket.status === "valid");
  return (
    <li className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
      <h2 className="break-words text-lg font-bold leading-snug">{bookingTitle(booking)}</h2>
      <ul className="mt-2 flex flex-col gap-1.5 text-sm text-muted">
        {date && (
          <li className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {date}
            {time && `, ${time}`}
          </li>
        )}
        {location && (
          <li className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="min-w-0 break-words">{location}</span>
          </li>
        )}
        {booking.events?.min_age != null && (
          <li className="flex items-start gap-2">
            <IdCard className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <strong className="font-semibold text-ink">{minAgeDescription(booking.events.min_age)}.</strong> Bring photo ID: it may be checked at the door.
            </span>
          </li>
        )}
      </ul>
      <dl className="mt-4 grid grid-cols-2 gap-4 rounded-xl bg-surface p-4 text-sm sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-3">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{tickets.length ? "Booked by" : "Attendee"}</dt>
          <dd className="mt-0.5 break-words font-bold">{booking.attendee_name}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Tickets</dt>
          <dd className="mt-0.5 font-bold">{booking.ticket_quantity}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Total Paid</dt>
          <dd className="mt-0.5 font-bold tabular-nums">{booking.total_amount_pence ? formatPounds(booking.total_amount_pence) : "Free"}</dd>
        </div>
        {tickets.length === 0 && (
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Ticket code</dt>
            <dd className="mt-0.5 flex items-center gap-1.5 font-mono font-bold break-all">
              <Ticket className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
              {booking.ticket_code}
            </dd>
          </div>
        )}
      </dl>
      {tickets.length > 0 && (
        <ul aria-label={`Tickets for ${bookingTitle(booking)}`} className="mt-3 divide-y divide-border rounded-xl border border-border text-sm">
          {tickets.map((ticket) => (
            <li key={ticket.ticketId} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <span className="min-w-0 break-words">
                <span className="font-bold">{ticket.attendeeName}</span>
                <span className="text-muted"> · {ticket.typeName}</span>
                <WalletLinks ticketId={ticket.ticketId} wallets={wallets} label={`${ticket.attendeeName}, ${ticket.code}`} />
              </span>
              <span className="flex items-center gap-1.5 font-mono font-bold break-all">
                <Ticket className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                {ticket.code}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <TicketEmailStatus email={email} recipient={booking.attendee_email} timedOut={emailTimedOut} />
      </div>
    </li>
  );
}

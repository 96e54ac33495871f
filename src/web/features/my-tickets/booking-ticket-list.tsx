import { QrCode, TicketX } from "lucide-react";
import { lazy, Suspense, useCallback, useState } from "react";
import { Link } from "react-router";
import { formatDateTime, NO_WALLETS, ticketTransferRefusal, type WalletsOffered } from "@domain";
import { Badge } from "~/components/ui/badge";
import { TicketQr } from "~/components/tickets/ticket-qr";
import { WalletLinks } from "~/components/tickets/wallet-links";
import { PASS_ON_TEXT, showAllQrCodes, ticketStateLabel } from "./my-tickets-text";
import type { ShownBookingTicket, ShownTicket } from "./shown-ticket";

// Opened by "Pass this ticket on": its form loads then, and is in the page only while open (the page's budgets).
const PassTicketOnDialog = lazy(() => import("./pass-ticket-on-dialog"));

/**
 * Whether the buyer is offered to pass this ticket on (issue 36): an upcoming booking's ticket the rule allows
 * now. Only a hint: the server runs the same rule when asked, and says why not if it has changed since.
 */
const offersPassingOn = (ticket: ShownBookingTicket, booking: ShownTicket) => booking.period === "upcoming" && ticketTransferRefusal(ticket, booking, booking.event) === null;

/**
 * A booking's tickets on its card (issue 36): each with its attendee, type, code, state and its own QR code,
 * which only that ticket's holder shows at the door. A large booking's QR codes beyond the first few come with
 * "Show all" (a link: it works before the page's scripts have loaded). A ticket that may still be passed on
 * offers it (issue 36).
 */
export function BookingTicketList({ ticket: booking, titleId, wallets = NO_WALLETS }: { ticket: ShownTicket; titleId: string; wallets?: WalletsOffered }) {
  const [passing, setPassing] = useState<ShownBookingTicket | null>(null);
  const closePassing = useCallback(() => setPassing(null), []);
  const waiting = booking.tickets.filter((ticket) => ticket.admits && !ticket.qrDrawn).length;
  const admitting = booking.tickets.filter((ticket) => ticket.admits).length;
  const listId = `tickets-${booking.bookingId}`;
  return (
    <div id={listId} className="scroll-mt-24">
      <h4 className="sr-only">Tickets</h4>
      <ul aria-label={`Tickets for ${booking.event.title}`} className="grid gap-3 lg:grid-cols-2 print:grid-cols-1">
        {booking.tickets.map((ticket) => {
          const state = ticketStateLabel(ticket, booking);
          return (
            <li
              key={ticket.ticketId}
              data-booking-ticket=""
              className="flex min-w-0 items-center gap-3 rounded-2xl border border-border bg-white p-3 sm:gap-4 print:break-inside-avoid print:border-2 print:border-ink"
            >
              {ticket.admits && ticket.qrDrawn ? (
                <TicketQr image={ticket.qrImage} ticketId={ticket.code} className="print:size-56" />
              ) : ticket.admits ? (
                <span className="flex size-32 shrink-0 items-center justify-center rounded-xl border border-dashed border-border bg-surface text-muted" aria-hidden="true">
                  <QrCode className="size-10 opacity-60" />
                </span>
              ) : (
                // No scannable code for a ticket that admits no one: a crossed-out ticket in its place.
                <span className="flex size-32 shrink-0 items-center justify-center rounded-xl border-2 border-dashed border-border bg-surface text-muted" aria-hidden="true">
                  <TicketX className="size-10 opacity-60" />
                </span>
              )}
              <div className="flex min-w-0 flex-col gap-1 text-sm">
                <Badge variant={state.tone} className="w-fit">
                  {state.label}
                </Badge>
                <p className="break-words text-base font-bold leading-snug text-ink">{ticket.attendeeName}</p>
                <p className="text-muted">{ticket.typeName}</p>
                <p className="break-all font-mono text-xs font-semibold text-ink sm:text-[13px]">{ticket.code}</p>
                {ticket.checkedInAt && <p className="text-xs text-muted">Checked in {formatDateTime(ticket.checkedInAt)}</p>}
                {ticket.admits && booking.period === "upcoming" && <WalletLinks ticketId={ticket.ticketId} wallets={wallets} label={`${ticket.attendeeName}, ${ticket.code}`} />}
                {offersPassingOn(ticket, booking) && (
                  <button
                    type="button"
                    aria-label={`${PASS_ON_TEXT.button}: ${ticket.attendeeName}, ${ticket.code}`}
                    onClick={() => setPassing(ticket)}
                    className="mt-1 inline-flex min-h-6 w-fit items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline print:hidden"
                  >
                    {PASS_ON_TEXT.button}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {waiting > 0 && (
        <Link
          to={`?all=${encodeURIComponent(booking.bookingId)}#${listId}`}
          preventScrollReset
          aria-describedby={titleId}
          className="mt-3 inline-flex min-h-6 w-fit items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline print:hidden"
        >
          <QrCode className="size-4" aria-hidden="true" />
          {showAllQrCodes(admitting)}
        </Link>
      )}
      {passing && (
        <Suspense fallback={null}>
          <PassTicketOnDialog booking={booking} ticket={passing} onClose={closePassing} />
        </Suspense>
      )}
    </div>
  );
}

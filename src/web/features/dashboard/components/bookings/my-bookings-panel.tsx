import { plural } from "@domain";
import { CalendarDays, CircleCheck, Clock, MapPin, Ticket } from "lucide-react";
import { Link } from "react-router";
import type { OwnBooking } from "@domain";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { ownBookingRow } from "../../lib/own-booking-rows";
import { EmptyState } from "../empty-state";
import { PanelHeader } from "../panel-header";

function MyTicketsLink() {
  return (
    <Link to={paths.myTickets} className={buttonVariants({ variant: "outline" })}>
      <Ticket aria-hidden="true" />
      My Tickets
    </Link>
  );
}

/** Tickets the user has bought, newest first; the QR codes themselves are on My Tickets. */
export function MyBookingsPanel({ bookings }: { bookings: OwnBooking[] }) {
  return (
    <section aria-labelledby="my-bookings-heading" className="flex flex-col gap-5">
      <PanelHeader id="my-bookings-heading" title="My Bookings" actions={bookings.length > 0 ? <MyTicketsLink /> : undefined}>
        {bookings.length > 0
          ? `${plural(bookings.length, "booking")} you have made. Open My Tickets for the QR codes to show at the entrance.`
          : "Tickets you buy appear here."}
      </PanelHeader>
      {bookings.length > 0 ? (
        <ul className="grid gap-4 md:grid-cols-2">
          {bookings.map((booking) => {
            const row = ownBookingRow(booking);
            return (
              <li key={row.id}>
                <article aria-labelledby={`booking-${row.id}`} className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-white p-4 shadow-sm sm:p-5">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 id={`booking-${row.id}`} className="min-w-0 font-bold leading-snug break-words">
                      <Link to={paths.event(row.eventId)} className="hover:text-brand-700 hover:underline hover:underline-offset-4">
                        {row.eventTitle}
                      </Link>
                    </h3>
                    {row.stateLabel ? (
                      <Badge variant="danger">{row.stateLabel}</Badge>
                    ) : row.checkedIn ? (
                      <Badge variant="success">
                        <CircleCheck className="size-3.5" aria-hidden="true" />
                        Checked In
                      </Badge>
                    ) : (
                      <Badge variant="outline">Pending</Badge>
                    )}
                  </div>
                  <ul className="flex flex-col gap-1.5 text-sm text-muted">
                    <li className="flex items-center gap-1.5">
                      <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                      {row.eventWhen}
                    </li>
                    <li className="flex min-w-0 items-center gap-1.5">
                      <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                      <span className="truncate">{row.eventLocation}</span>
                    </li>
                    {row.checkedIn && (
                      <li className="flex items-center gap-1.5">
                        <Clock className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                        Checked in {row.checkedIn}
                      </li>
                    )}
                  </ul>
                  <dl className="mt-auto grid grid-cols-2 gap-3 rounded-xl bg-surface px-4 py-3 text-sm">
                    <div>
                      <dt className="text-muted">Tickets</dt>
                      <dd className="font-bold">{row.tickets}</dd>
                    </div>
                    <div>
                      <dt className="text-muted">Total Paid</dt>
                      <dd className="font-bold">{row.total}</dd>
                    </div>
                    {row.refunded && (
                      <div className="col-span-2">
                        <dt className="text-muted">Refunded</dt>
                        <dd className="font-bold">{row.refunded}</dd>
                      </div>
                    )}
                    <div className="col-span-2">
                      <dt className="text-muted">Ticket code</dt>
                      <dd className="break-all font-mono text-[13px] font-semibold">{row.ticketCode}</dd>
                    </div>
                  </dl>
                </article>
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState
          icon={Ticket}
          title="No bookings yet"
          action={
            <Link to={paths.events()} className={buttonVariants()}>
              Browse Events
            </Link>
          }
        >
          Once you purchase tickets, they'll appear here
        </EmptyState>
      )}
    </section>
  );
}

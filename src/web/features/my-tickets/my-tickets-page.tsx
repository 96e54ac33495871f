import { Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { NO_WALLETS, type WalletsOffered } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { usePrintTicket } from "./use-print-ticket";
import { MY_TICKETS_TEXT } from "./my-tickets-text";
import type { ShownTicket } from "./shown-ticket";
import { TicketCard } from "./ticket-card";

function EmptyTickets() {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-border bg-white px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Ticket className="size-8" aria-hidden="true" />
      </span>
      <h2 className="mt-5 text-xl font-bold">{MY_TICKETS_TEXT.emptyTitle}</h2>
      <p className="mt-1 max-w-md text-muted">{MY_TICKETS_TEXT.emptyDescription}</p>
      <Link to={paths.events()} className={buttonVariants({ size: "lg-text-sm", className: "mt-7" })}>
        Browse Events
      </Link>
    </div>
  );
}

function TicketSection({
  id,
  title,
  tickets,
  printing,
  onPrint,
  empty,
  wallets,
}: {
  id: string;
  title: string;
  tickets: ShownTicket[];
  printing: string | null;
  onPrint: (bookingId: string) => void;
  empty?: ReactNode;
  wallets: WalletsOffered;
}) {
  return (
    <section aria-labelledby={id} data-ticket-section="" className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-bold tracking-tight print:hidden">
        {title}
      </h2>
      {tickets.length > 0 ? (
        <ul aria-labelledby={id} className="flex flex-col gap-6 print:gap-0">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.bookingId} ticket={ticket} printTarget={printing === ticket.bookingId} onPrint={onPrint} wallets={wallets} />
          ))}
        </ul>
      ) : (
        empty
      )}
    </section>
  );
}

/**
 * /my-tickets (spec §2 My Tickets): the signed-in user's bookings, each with its entry QR code. Upcoming
 * ones first, soonest first, then past ones apart, most recent first; the server decides which is which
 * (issue 17).
 */
export function MyTicketsPage({
  tickets,
  waitingLists = null,
  wallets = NO_WALLETS,
}: {
  tickets: ShownTicket[];
  /** The wallets this site offers (D27). */
  wallets?: WalletsOffered;
  /** The buyer's waiting lists (issue 37), composed by the route: nothing when there are none. */
  waitingLists?: ReactNode;
}) {
  const { printing, print } = usePrintTicket();
  const upcoming = tickets.filter((ticket) => ticket.period === "upcoming");
  const past = tickets.filter((ticket) => ticket.period === "past");
  return (
    <div className="bg-surface print:bg-white">
      <div className="container-page max-w-4xl py-10 sm:py-14 print:max-w-none print:p-0">
        <header className="print:hidden">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">My Tickets</h1>
          <p className="mt-2 text-muted">
            Show the QR code on your phone or on paper at the entrance.
          </p>
        </header>
        {waitingLists}
        <div className="mt-8 print:mt-0">
          {tickets.length === 0 ? (
            <EmptyTickets />
          ) : (
            <div data-my-tickets="" data-print-only={printing ? "" : undefined} className="flex flex-col gap-10 print:gap-0">
              <TicketSection
                id="upcoming-tickets"
                title={MY_TICKETS_TEXT.upcomingHeading}
                tickets={upcoming}
                printing={printing}
                onPrint={print}
                wallets={wallets}
                empty={
                  <p className="rounded-2xl border border-dashed border-border bg-white px-5 py-6 text-muted print:hidden">
                    {MY_TICKETS_TEXT.noUpcoming}{" "}
                    <Link to={paths.events()} className="font-semibold text-brand-700 underline underline-offset-2">
                      Browse Events
                    </Link>
                  </p>
                }
              />
              {past.length > 0 && (
                <TicketSection id="past-tickets" title={MY_TICKETS_TEXT.pastHeading} tickets={past} printing={printing} onPrint={print} wallets={wallets} />
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

import { RotateCcw, Ticket } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { useMyTickets } from "../hooks/use-my-tickets";
import { usePrintTicket } from "../hooks/use-print-ticket";
import { MY_TICKETS_TEXT } from "../lib/my-tickets-text";
import { MyTicketsSkeleton } from "./my-tickets-skeleton";
import { TicketCard } from "./ticket-card";
import "./my-tickets-print.css";

function EmptyTickets() {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-border bg-white px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Ticket className="size-8" aria-hidden="true" />
      </span>
      <h2 className="mt-5 text-xl font-bold">{MY_TICKETS_TEXT.emptyTitle}</h2>
      <p className="mt-1 max-w-md text-muted">{MY_TICKETS_TEXT.emptyDescription}</p>
      <Link to={paths.events()} className={buttonVariants({ size: "lg", className: "mt-7" })}>
        Browse Events
      </Link>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-red-200 bg-white px-6 py-12 text-center">
      <p role="alert" className="max-w-md font-medium text-red-800">
        {MY_TICKETS_TEXT.loadFailed.description}
      </p>
      <Button variant="outline" className="mt-6" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/** /my-tickets (spec §2 My Tickets): the signed-in user's bookings, newest first, each with its entry QR code. */
export function MyTicketsPage() {
  const { state, retry, markEmail } = useMyTickets();
  const { printing, print } = usePrintTicket();
  const count = state.status === "ready" ? state.tickets.length : null;
  return (
    <div className="bg-surface print:bg-white">
      <div className="container-page max-w-4xl py-10 sm:py-14 print:max-w-none print:p-0">
        <header className="print:hidden">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">My Tickets</h1>
          <p className="mt-2 text-muted">
            {count ? `${count} ${count === 1 ? "booking" : "bookings"}, newest first. ` : ""}Show the QR code on your phone or on paper at the entrance.
          </p>
        </header>
        <div className="mt-8 print:mt-0">
          {state.status === "loading" && <MyTicketsSkeleton />}
          {state.status === "failed" && <LoadFailed onRetry={retry} />}
          {state.status === "ready" && state.tickets.length === 0 && <EmptyTickets />}
          {state.status === "ready" && state.tickets.length > 0 && (
            <ul aria-label="Your tickets" data-my-tickets="" data-print-only={printing ? "" : undefined} className="flex flex-col gap-6 print:gap-0">
              {state.tickets.map((ticket) => (
                <TicketCard key={ticket.bookingId} ticket={ticket} printTarget={printing === ticket.bookingId} onPrint={print} onEmailSent={markEmail} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

import { Link } from "react-router";
import { formatPounds, type SalesAnalytics } from "@domain";
import { paths } from "~/paths";
import { rankEventSales } from "../../lib/sales-rows";

/** Per-event stats (spec §2 Dashboard): tickets and bookings, and the money as each event's statement states it (issue 33). */
export function EventSalesTable({ perEvent }: { perEvent: SalesAnalytics["perEvent"] }) {
  const rows = rankEventSales(perEvent);
  return (
    <section aria-labelledby="event-sales-heading" className="rounded-2xl border border-border bg-white shadow-sm">
      <h3 id="event-sales-heading" className="px-4 pt-4 text-lg font-bold sm:px-6 sm:pt-6">
        Sales by Event
      </h3>
      {rows.length > 0 ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Tickets, bookings, ticket income and net due per event, best sellers first</caption>
            <thead className="border-y border-border bg-surface text-left text-muted">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-semibold sm:px-6">
                  Event
                </th>
                <th scope="col" className="px-2 py-2.5 text-right font-semibold sm:px-3">
                  Tickets
                </th>
                <th scope="col" className="hidden px-3 py-2.5 text-right font-semibold sm:table-cell">
                  Bookings
                </th>
                <th scope="col" className="px-2 py-2.5 text-right font-semibold sm:whitespace-nowrap sm:px-3">
                  Ticket income
                </th>
                <th scope="col" className="py-2.5 pl-2 pr-4 text-right font-semibold sm:whitespace-nowrap sm:px-6">
                  Net due
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.eventId}>
                  <th scope="row" className="px-4 py-3 text-left font-semibold sm:w-1/2 sm:max-w-0 sm:px-6">
                    <Link to={paths.event(row.eventId)} className="block break-words hover:text-brand-700 sm:truncate hover:underline hover:underline-offset-4">
                      {row.title}
                    </Link>
                  </th>
                  <td className="px-2 py-3 text-right tabular-nums sm:px-3">{row.ticketsSold}</td>
                  <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{row.bookings}</td>
                  <td className="px-2 py-3 text-right tabular-nums sm:px-3">{formatPounds(row.ticketIncomePence)}</td>
                  <td className="py-3 pl-2 pr-4 text-right font-semibold tabular-nums sm:px-6">{formatPounds(row.netDuePence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="px-4 pb-6 pt-2 text-sm text-muted sm:px-6">No sales yet. Figures appear here once your first ticket sells.</p>
      )}
    </section>
  );
}

import { Ticket } from "lucide-react";
import type { RecentSale } from "@domain";
import { recentSaleRows } from "../../lib/sales-rows";

/** The newest sales on the user's events, up to 10 (spec §2 Dashboard, §9 List sizes), each with the ticket income it still brings. */
export function RecentSales({ sales }: { sales: RecentSale[] }) {
  const rows = recentSaleRows(sales);
  return (
    <section aria-labelledby="recent-sales-heading" className="rounded-2xl border border-border bg-white p-4 shadow-sm sm:p-6">
      <h3 id="recent-sales-heading" className="text-lg font-bold">
        Recent Sales
      </h3>
      {rows.length > 0 ? (
        <ol className="mt-3 divide-y divide-border">
          {rows.map((row) => (
            <li key={row.bookingId} className="flex items-start gap-3 py-3">
              <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
                <Ticket className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{row.attendeeName}</p>
                <p className="truncate text-sm text-muted">
                  {row.tickets} · {row.eventTitle}
                </p>
                {row.stateLabel && <p className="text-sm font-semibold text-red-800">{row.stateLabel}</p>}
                <time dateTime={row.createdAt} className="text-xs text-muted">
                  {row.soldAt}
                </time>
              </div>
              <span className="shrink-0 text-right">
                <span className="block font-bold tabular-nums text-ink">{row.amount}</span>
                <span className="block text-xs text-muted">Ticket income</span>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-muted">No sales yet. New sales appear here as they happen.</p>
      )}
    </section>
  );
}

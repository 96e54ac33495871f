import { BadgePoundSterling, Receipt, ShoppingBag, Ticket, type LucideIcon } from "lucide-react";
import { formatCount, formatPounds, type SalesAnalytics } from "@domain";
import { averageOrderPence } from "../../lib/sales-rows";

function Total({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-border bg-white p-4 shadow-sm sm:p-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
        <dd className="truncate text-xl font-extrabold text-ink sm:text-2xl">{value}</dd>
      </div>
    </div>
  );
}

/** Revenue, tickets and bookings over every confirmed sale on the user's events. */
export function SalesTotals({ totals }: { totals: SalesAnalytics["totals"] }) {
  const average = averageOrderPence(totals);
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      <Total icon={BadgePoundSterling} label="Total Revenue" value={formatPounds(totals.revenuePence)} />
      <Total icon={Ticket} label="Tickets Sold" value={formatCount(totals.ticketsSold)} />
      <Total icon={Receipt} label="Bookings" value={formatCount(totals.bookings)} />
      <Total icon={ShoppingBag} label="Average Order" value={average === null ? "—" : formatPounds(average)} />
    </dl>
  );
}

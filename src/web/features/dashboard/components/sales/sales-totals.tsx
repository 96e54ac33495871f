import { BadgePoundSterling, Receipt, ShoppingBag, Ticket, Wallet, type LucideIcon } from "lucide-react";
import { BRAND, formatCount, formatPounds, type SalesAnalytics } from "@domain";
import { averageOrderPence } from "../../lib/sales-rows";

/** One figure: a dt/dd pair grouped by its card (a <dl> may hold only such groups), the icon drawn inside the term. */
function Total({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="relative min-w-0 rounded-2xl border border-border bg-white p-4 pl-[4.25rem] shadow-sm sm:p-5 sm:pl-[4.75rem]">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
        <span className="absolute left-4 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:left-5">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="truncate text-xl font-extrabold text-ink sm:text-2xl">{value}</dd>
    </div>
  );
}

/**
 * The user's events' money as their statements state it (issue 33): ticket income and net due, the
 * platform's fees said apart; then tickets and bookings.
 */
export function SalesTotals({ totals }: { totals: SalesAnalytics["totals"] }) {
  const average = averageOrderPence(totals);
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5">
        <Total icon={BadgePoundSterling} label="Ticket income" value={formatPounds(totals.ticketIncomePence)} />
        <Total icon={Wallet} label="Net due" value={formatPounds(totals.netDuePence)} />
        <Total icon={Ticket} label="Tickets Sold" value={formatCount(totals.ticketsSold)} />
        <Total icon={Receipt} label="Bookings" value={formatCount(totals.bookings)} />
        <Total icon={ShoppingBag} label="Average Order" value={average === null ? "—" : formatPounds(average)} />
      </dl>
      <p className="text-sm text-muted">
        {`Net due is your ticket income less ${BRAND.name}'s organiser fees (${formatPounds(totals.organiserFeesPence)}). `}
        {`Booking fees buyers paid on top (${formatPounds(totals.bookingFeesPence)}) are ${BRAND.name}'s, not included.`}
      </p>
    </div>
  );
}

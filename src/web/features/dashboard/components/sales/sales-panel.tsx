import type { SalesAnalytics } from "@domain";
import { PanelHeader } from "../panel-header";
import { EventSalesTable } from "./event-sales-table";
import { RecentSales } from "./recent-sales";
import { SalesChart } from "./sales-chart";
import { SalesTotals } from "./sales-totals";

/** Totals, daily sales, per-event stats and the 10 newest sales (spec §2 Dashboard). */
export function SalesPanel({ sales }: { sales: SalesAnalytics }) {
  return (
    <section aria-labelledby="sales-heading" className="flex flex-col gap-5">
      <PanelHeader id="sales-heading" title="Sales Analytics">
        Confirmed sales across all your events. New sales appear as they happen.
      </PanelHeader>
      <SalesTotals totals={sales.totals} />
      <SalesChart daily={sales.daily} />
      <div className="grid gap-5 lg:grid-cols-5">
        {/* min-w-0: a grid item is as wide as its content by default, so the table would widen the page on a phone. */}
        <div className="min-w-0 lg:col-span-3">
          <EventSalesTable perEvent={sales.perEvent} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <RecentSales sales={sales.recentSales} />
        </div>
      </div>
    </section>
  );
}

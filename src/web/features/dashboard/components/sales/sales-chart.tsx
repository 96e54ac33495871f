import { useState } from "react";
import { formatPounds, type SalesAnalytics } from "@domain";
import { cn } from "~/lib/cn";
import {
  CHART_HEIGHT,
  chartBars,
  chartScale,
  chartSummary,
  chartWidth,
  formatChartDay,
  formatMetric,
  formatTableDay,
  metricValue,
  type ChartMetric,
} from "../../lib/sales-chart";

const METRICS: { value: ChartMetric; label: string }[] = [
  { value: "income", label: "Ticket income" },
  { value: "tickets", label: "Tickets" },
];

/**
 * Daily sales as bars (hand-drawn SVG). The SVG stretches to its box, so the axis labels are HTML
 * beside it; screen readers get the summary as its name and the figures as a table.
 */
export function SalesChart({ daily }: { daily: SalesAnalytics["daily"] }) {
  const [metric, setMetric] = useState<ChartMetric>("income");
  const scale = chartScale(daily.map((day) => metricValue(day, metric)), metric);
  const bars = chartBars(daily, metric, scale);
  const salesDays = daily.filter((day) => day.tickets > 0 || day.ticketIncomePence !== 0);
  const middle = daily[Math.floor((daily.length - 1) / 2)];

  return (
    <section aria-labelledby="sales-chart-heading" className="rounded-2xl border border-border bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="sales-chart-heading" className="text-lg font-bold">
          Sales over the last {daily.length} days
        </h3>
        <div role="group" aria-label="Chart shows" className="inline-flex rounded-xl bg-surface p-1">
          {METRICS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={metric === value}
              onClick={() => setMetric(value)}
              className={cn(
                "rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors hover:text-ink",
                metric === value ? "bg-white text-brand-800 shadow-sm" : "text-muted",
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-5 flex gap-2">
        <div aria-hidden="true" className="relative h-48 w-12 shrink-0 text-right text-xs text-muted sm:h-56">
          {scale.ticks.map((tick) => (
            <span key={tick} className="absolute right-0 translate-y-1/2 whitespace-nowrap" style={{ bottom: `${(tick / scale.max) * 100}%` }}>
              {metric === "income" ? formatMetric(tick, metric) : tick}
            </span>
          ))}
        </div>
        <div className="relative h-48 min-w-0 flex-1 sm:h-56">
          {scale.ticks.map((tick) => (
            <div
              key={tick}
              aria-hidden="true"
              className={cn("absolute inset-x-0 border-t", tick === 0 ? "border-ink/30" : "border-dashed border-border")}
              style={{ bottom: `${(tick / scale.max) * 100}%` }}
            />
          ))}
          <svg
            role="img"
            aria-label={chartSummary(daily, metric)}
            viewBox={`0 0 ${chartWidth(daily.length)} ${CHART_HEIGHT}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
          >
            {bars.map((bar) => (
              <rect key={bar.date} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={1} className="fill-brand-600 hover:fill-accent-500">
                <title>{`${formatTableDay(bar.date)}: ${formatMetric(bar.value, metric)}`}</title>
              </rect>
            ))}
          </svg>
        </div>
      </div>
      {daily.length > 0 && (
        <div aria-hidden="true" className="ml-14 mt-2 flex justify-between text-xs text-muted">
          <span>{formatChartDay(daily[0]!.date)}</span>
          {middle && daily.length > 2 && <span>{formatChartDay(middle.date)}</span>}
          <span>{formatChartDay(daily[daily.length - 1]!.date)}</span>
        </div>
      )}

      <details className="mt-5 rounded-xl border border-border">
        <summary className="cursor-pointer rounded-xl px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-surface">Show the figures</summary>
        {salesDays.length > 0 ? (
          <div className="overflow-x-auto border-t border-border">
            <table className="w-full text-sm">
              <caption className="sr-only">Days with sales in the last {daily.length} days</caption>
              <thead className="bg-surface text-left text-muted">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Day
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    Tickets
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    Ticket income
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {salesDays.map((day) => (
                  <tr key={day.date}>
                    <th scope="row" className="px-4 py-2 text-left font-medium">
                      {formatTableDay(day.date)}
                    </th>
                    <td className="px-4 py-2 text-right tabular-nums">{day.tickets}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatPounds(day.ticketIncomePence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="border-t border-border px-4 py-3 text-sm text-muted">No sales in the last {daily.length} days.</p>
        )}
      </details>
    </section>
  );
}

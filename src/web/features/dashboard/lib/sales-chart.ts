import { formatDayMonth, formatEventDate, formatPounds, type SalesAnalytics, plural } from "@domain";

/** The hand-drawn daily sales chart: pure geometry and words, so the SVG stays a thin drawing. */
export type DailySales = SalesAnalytics["daily"][number];
export type ChartMetric = "income" | "tickets";

export const CHART_GRID_LINES = 4;
/** viewBox units; the SVG stretches to its box (preserveAspectRatio="none"), text lives outside it. */
export const CHART_HEIGHT = 100;
const SLOT_WIDTH = 10;
const BAR_WIDTH = 7;
/** A day with any sales stays visible beside a record day. */
const MIN_BAR_HEIGHT = 1.5;

export function metricValue(day: DailySales, metric: ChartMetric): number {
  return metric === "income" ? day.ticketIncomePence : day.tickets;
}

/** A round step (1, 2 or 5 × 10ⁿ, never below `minStep`) so CHART_GRID_LINES steps reach `max`. */
export function niceStep(max: number, minStep: number): number {
  const raw = max / CHART_GRID_LINES;
  if (raw <= minStep) return minStep;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalised = raw / magnitude;
  const factor = normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 5 ? 5 : 10;
  return factor * magnitude;
}

export interface ChartScale {
  /** The top of the axis: CHART_GRID_LINES × step, at least the largest value. */
  max: number;
  /** Grid line values from 0 to max. */
  ticks: number[];
}

/** Ticket income steps in whole pounds, tickets in whole tickets. */
export function chartScale(values: readonly number[], metric: ChartMetric): ChartScale {
  const step = niceStep(Math.max(0, ...values), metric === "income" ? 100 : 1);
  return { max: step * CHART_GRID_LINES, ticks: Array.from({ length: CHART_GRID_LINES + 1 }, (_, index) => index * step) };
}

export interface ChartBar {
  date: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export function chartWidth(days: number): number {
  return Math.max(1, days) * SLOT_WIDTH;
}

export function chartBars(daily: readonly DailySales[], metric: ChartMetric, scale: ChartScale): ChartBar[] {
  return daily.map((day, index) => {
    const value = metricValue(day, metric);
    const scaled = scale.max > 0 ? (value / scale.max) * CHART_HEIGHT : 0;
    const height = value > 0 ? Math.max(MIN_BAR_HEIGHT, scaled) : 0;
    return { date: day.date, value, x: index * SLOT_WIDTH + (SLOT_WIDTH - BAR_WIDTH) / 2, y: CHART_HEIGHT - height, width: BAR_WIDTH, height };
  });
}

/** "£250", "£2.50", "12 tickets": the axis and the bar tooltips. */
export function formatMetric(value: number, metric: ChartMetric): string {
  if (metric === "tickets") return plural(value, "ticket");
  return formatPounds(value).replace(/\.00$/, "");
}

/** A UK calendar day ("2026-12-06") as "6 Dec"; noon keeps it on the same day whatever the offset. */
export function formatChartDay(date: string): string {
  return formatDayMonth(`${date}T12:00:00Z`) ?? date;
}

/** The full day for the data table, e.g. "Sun, 6 Dec 2026". */
export function formatTableDay(date: string): string {
  return formatEventDate(`${date}T12:00:00Z`) ?? date;
}

/** What the chart says, for its accessible name (role="img"). */
export function chartSummary(daily: readonly DailySales[], metric: ChartMetric): string {
  const what = metric === "income" ? "Ticket income" : "Tickets sold";
  const period = daily.length === 1 ? "the last day" : `the last ${daily.length} days`;
  const total = daily.reduce((sum, day) => sum + metricValue(day, metric), 0);
  if (total === 0) return `${what} per day over ${period}: no sales yet.`;
  const best = daily.reduce((top, day) => (metricValue(day, metric) > metricValue(top, metric) ? day : top));
  return `${what} per day over ${period}: ${formatMetric(total, metric)} in total. Best day ${formatTableDay(best.date)} with ${formatMetric(metricValue(best, metric), metric)}.`;
}

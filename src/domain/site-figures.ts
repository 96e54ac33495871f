import { formatCompactCount } from "./format";
import type { SiteStats } from "./site-figures-shapes";

export type CountedFigure = keyof SiteStats;

/**
 * The count from which each marketing figure is worth showing (decision 022): below it, "33+ customers"
 * makes the marketplace look empty, so the figure's place holds a plain line instead. A customer buys
 * about two tickets, so the ticket threshold follows the customer one.
 */
export const FIGURE_THRESHOLDS: Readonly<Record<CountedFigure, number>> = {
  eventsListed: 50,
  organisers: 20,
  customers: 100,
  ticketsSold: 250,
};

/** Each figure's label, and the line shown instead while its count is under the threshold (true whatever the count). */
const FIGURES: Readonly<Record<CountedFigure, { label: string; line: string }>> = {
  eventsListed: { label: "Events listed", line: "Music, comedy, food and more" },
  organisers: { label: "Organisers", line: "Open to every organiser" },
  customers: { label: "Customers", line: "Secure card checkout" },
  ticketsSold: { label: "Tickets sold", line: "Tickets by e-mail, instantly" },
};

/** A counted figure ("1.2K+" / "Events listed") or, below its threshold, a line without a number. */
export type SiteFigure = { kind: "count"; value: string; label: string } | { kind: "line"; text: string };

/**
 * Figures from the database (decisions.md D3), rounded for display ("1.2K+"), each shown only from its
 * threshold; 24/7 support, a promise rather than a count, always comes last.
 */
export function siteFigures(stats: SiteStats, which: readonly CountedFigure[]): SiteFigure[] {
  const figures = which.map((key): SiteFigure =>
    stats[key] >= FIGURE_THRESHOLDS[key] ? { kind: "count", value: formatCompactCount(stats[key]), label: FIGURES[key].label } : { kind: "line", text: FIGURES[key].line },
  );
  return [...figures, { kind: "count", value: "24/7", label: "Support" }];
}

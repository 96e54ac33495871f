import { formatCompactCount, type SiteStats } from "@domain";

export interface SiteFigure {
  value: string;
  label: string;
}

type CountedFigure = "eventsListed" | "organisers" | "ticketsSold" | "customers";

const LABELS: Record<CountedFigure, string> = {
  eventsListed: "Events listed",
  organisers: "Organisers",
  ticketsSold: "Tickets sold",
  customers: "Customers",
};

/**
 * Figures from the database, rounded for display ("1.2K+"); a count of nothing is left out rather than
 * shown or invented, and only 24/7 support, a promise rather than a count, is always there (decisions.md D3).
 */
export function siteFigures(stats: SiteStats, which: readonly CountedFigure[]): SiteFigure[] {
  const counted = which.filter((key) => stats[key] > 0).map((key) => ({ value: formatCompactCount(stats[key]), label: LABELS[key] }));
  return [...counted, { value: "24/7", label: "Support" }];
}

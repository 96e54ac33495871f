import { categoryLabel, type EventSummary } from "@domain";

/**
 * The featured grid's client-side search: case-insensitive, on title, category, location and
 * description (spec §2 Home, item 3). The category matches by its stored value and by its label.
 */
export function filterFeaturedEvents(events: readonly EventSummary[], query: string): EventSummary[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...events];
  return events.filter((event) =>
    [event.title, event.category, event.category ? categoryLabel(event.category) : null, event.location, event.description].some(
      (field) => field?.toLowerCase().includes(needle),
    ),
  );
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The numbered buttons to show: every page when there are five or fewer, otherwise the first, the last and
 * the neighbours of the current one, with "gap" where pages are skipped (keeps a phone row short).
 */
export function visiblePages(current: number, total: number): (number | "gap")[] {
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1]);
  if (current <= 3) [2, 3].forEach((p) => pages.add(p));
  if (current >= total - 2) [total - 2, total - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  sorted.forEach((page, i) => {
    if (i > 0 && page - sorted[i - 1]! > 1) result.push("gap");
    result.push(page);
  });
  return result;
}

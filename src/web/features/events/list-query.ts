import { EVENT_CATEGORIES, LIST_SIZES, PRICE_BANDS, SORT_OPTIONS, categoryLabel, effectiveSort, type EventListQuery } from "@domain";

/** The /events page's state, as its URL holds it (q, category, price, sort, page, organiser). */
export type EventsListState = EventListQuery;

function first(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly { value: T }[]): T | undefined {
  return allowed.find((option) => option.value === value)?.value;
}

/**
 * Reads the page's URL leniently: a bad value falls back to its default rather than failing the page,
 * so a hand-edited or outdated shared link still shows events (e.g. an unknown price band is ignored).
 * The accepted values are those of the domain's EventListQuery; this check is written out so the
 * browser bundle does not need zod.
 */
export function parseEventsSearch(params: URLSearchParams): EventsListState {
  const q = first(params, "q")?.split("\u0000").join("").slice(0, 200).trim();
  const category = first(params, "category");
  const page = Number(first(params, "page") ?? "1");
  const organiser = first(params, "organiser");
  return {
    q: q || undefined,
    // Categories compare case-insensitively (?category=Music), so the page keeps one spelling.
    category: category && /^[\w &/-]{1,50}$/.test(category) ? category.toLowerCase() : undefined,
    price: oneOf(first(params, "price"), PRICE_BANDS),
    // Unset: the default order (effectiveSort), which depends on whether there is a search.
    sort: oneOf(first(params, "sort"), SORT_OPTIONS),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    pageSize: LIST_SIZES.eventsPageSize,
    organiser: organiser && /^[A-Za-z0-9_]{1,40}$/.test(organiser) ? organiser : undefined,
  };
}

/** The canonical query string of a state ("" or "?…"), defaults left out so shared links stay short. */
export function eventsSearchString(state: Partial<EventsListState>): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.category) params.set("category", state.category);
  if (state.price) params.set("price", state.price);
  if (state.sort && state.sort !== effectiveSort(undefined, state.q)) params.set("sort", state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.organiser) params.set("organiser", state.organiser);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Search, category, price and organiser narrow the list; sort and page do not. */
export function hasActiveFilters(state: EventsListState): boolean {
  return Boolean(state.q || state.category || state.price || state.organiser);
}

export type FilterKey = "q" | "category" | "price" | "organiser";

export interface ActiveFilter {
  key: FilterKey;
  label: string;
}

/** The label a category has in the filter select; categories outside the list get a readable name. */
export function categoryOptionLabel(category: string): string {
  return EVENT_CATEGORIES.find((c) => c.value === category)?.label ?? categoryLabel(category);
}

export function priceBandLabel(price: string): string {
  return PRICE_BANDS.find((band) => band.value === price)?.label ?? price;
}

/** One chip per active filter, in the order the controls appear. */
export function activeFilters(state: EventsListState): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  if (state.q) filters.push({ key: "q", label: `“${state.q}”` });
  if (state.category) filters.push({ key: "category", label: categoryOptionLabel(state.category) });
  if (state.price) filters.push({ key: "price", label: priceBandLabel(state.price) });
  if (state.organiser) filters.push({ key: "organiser", label: `Organiser: ${state.organiser}` });
  return filters;
}

/** "Showing 24 of 41 events" on the first page, "Showing 25–41 of 41 events" after it. */
export function resultCountText({ page, pageSize, shown, total }: { page: number; pageSize: number; shown: number; total: number }): string {
  const noun = total === 1 ? "event" : "events";
  if (page <= 1 || shown === 0) return `Showing ${shown} of ${total} ${noun}`;
  const from = (page - 1) * pageSize + 1;
  return `Showing ${from}–${from + shown - 1} of ${total} ${noun}`;
}

/** Page numbers to show: the first, the last, and the current page with its neighbours; null marks a gap. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push(null);
    result.push(page);
  });
  return result;
}

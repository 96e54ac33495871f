import { EVENT_CATEGORIES, EventListQuery, LIST_SIZES, PRICE_BANDS, Username, categoryLabel } from "@domain";

/** The /events page's state, as its URL holds it (q, category, price, sort, page, organiser). */
export type EventsListState = EventListQuery & { organiser?: string };

const shape = EventListQuery.shape;

function first(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
}

/**
 * Reads the page's URL leniently: a bad value falls back to its default rather than failing the page,
 * so a hand-edited or outdated shared link still shows events (e.g. an unknown price band is ignored).
 */
export function parseEventsSearch(params: URLSearchParams): EventsListState {
  const q = first(params, "q")?.slice(0, 200);
  const category = shape.category.safeParse(first(params, "category"));
  const price = shape.price.safeParse(first(params, "price"));
  const sort = shape.sort.safeParse(first(params, "sort"));
  const page = shape.page.safeParse(first(params, "page"));
  const organiser = Username.safeParse(first(params, "organiser"));
  return {
    q: q || undefined,
    // Categories compare case-insensitively (?category=Music), so the page keeps one spelling.
    category: category.success ? category.data?.toLowerCase() || undefined : undefined,
    price: price.success ? price.data : undefined,
    sort: sort.success ? sort.data : "date",
    page: page.success ? page.data : 1,
    pageSize: LIST_SIZES.eventsPageSize,
    organiser: organiser.success ? organiser.data : undefined,
  };
}

/** The canonical query string of a state ("" or "?…"), defaults left out so shared links stay short. */
export function eventsSearchString(state: Partial<EventsListState>): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.category) params.set("category", state.category);
  if (state.price) params.set("price", state.price);
  if (state.sort && state.sort !== "date") params.set("sort", state.sort);
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

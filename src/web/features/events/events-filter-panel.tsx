import { EVENT_CATEGORIES, PRICE_BANDS } from "@domain";
import { Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { useEventsListNavigation } from "./use-events-list-navigation";
import { categoryOptionLabel, type EventsListState } from "./list-query";
import { EVENTS_FORM_ID } from "./events-search-form";

export const FILTER_PANEL_ID = "events-filters";

/** Category and price filters (spec §2 All Events; all six price options apply, decisions.md D4). */
export function EventsFilterPanel({ state, open }: { state: EventsListState; open: boolean }) {
  const go = useEventsListNavigation();
  const knownCategory = !state.category || EVENT_CATEGORIES.some((c) => c.value === state.category);

  return (
    // Hidden rather than unmounted, so a no-JavaScript search still sends the chosen filters.
    <section id={FILTER_PANEL_ID} hidden={!open} aria-label="Filters" className="rounded-2xl border border-border bg-white p-4 shadow-sm sm:p-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-3xl">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="events-category">Category</Label>
          <Select
            id="events-category"
            name="category"
            form={EVENTS_FORM_ID}
            value={state.category ?? ""}
            onChange={(event) => go(() => ({ category: event.target.value || undefined }))}
          >
            <option value="">All Categories</option>
            {EVENT_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
            {!knownCategory && state.category && <option value={state.category}>{categoryOptionLabel(state.category)}</option>}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="events-price">Price</Label>
          <Select
            id="events-price"
            name="price"
            form={EVENTS_FORM_ID}
            value={state.price ?? ""}
            onChange={(event) => go(() => ({ price: (event.target.value || undefined) as EventsListState["price"] }))}
          >
            <option value="">All</option>
            {PRICE_BANDS.map((band) => (
              <option key={band.value} value={band.value}>
                {band.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </section>
  );
}

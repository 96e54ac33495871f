import { SORT_OPTIONS, effectiveSort } from "@domain";
import { Select } from "~/components/ui/select";
import { useEventsListNavigation } from "./use-events-list-navigation";
import type { EventsListState } from "./list-query";
import { EVENTS_FORM_ID } from "./events-search-form";

/** Sort select (spec §9 Events list options: date is the default; a search's default is relevance, offered only then). */
export function EventsSortSelect({ sort, q }: { sort: EventsListState["sort"]; q?: string }) {
  const go = useEventsListNavigation();
  const chosen = effectiveSort(sort, q);
  // Relevance without a search is the date order.
  const value = chosen === "relevance" && !q ? "date" : chosen;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="events-sort" className="sr-only shrink-0 text-sm font-semibold text-muted sm:not-sr-only">
        Sort by
      </label>
      <Select
        id="events-sort"
        name="sort"
        form={EVENTS_FORM_ID}
        value={value}
        onChange={(event) => go(() => ({ sort: event.target.value as EventsListState["sort"] }))}
        wrapperClassName="min-w-0 flex-1 sm:w-auto sm:flex-none"
        size="sm"
        className="sm:min-w-48"
      >
        {SORT_OPTIONS.filter((option) => q || option.value !== "relevance").map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

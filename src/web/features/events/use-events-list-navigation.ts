import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "~/paths";
import { eventsSearchString, parseEventsSearch, type EventsListState } from "./list-query";

export interface ListNavigationOptions {
  /** Replace the history entry instead of adding one (search-as-you-type). */
  replace?: boolean;
}

/**
 * Moves the /events page to a new state through its URL, so every filtered list can be shared and
 * survives reload. Changes start from the URL as it is now (not as it was at render), so a debounced
 * search never undoes a filter picked in the meantime. Any change but paging goes back to page 1.
 */
export function useEventsListNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (change: (current: EventsListState) => Partial<EventsListState>, { replace = false }: ListNavigationOptions = {}) => {
      const current = parseEventsSearch(new URLSearchParams(window.location.search));
      const patch = change(current);
      const next = { ...current, page: 1, ...patch };
      const search = eventsSearchString(next);
      if (search === window.location.search || (search === "" && window.location.search === "?")) return;
      void navigate(`${paths.events()}${search}`, { replace, preventScrollReset: true });
    },
    [navigate],
  );
}

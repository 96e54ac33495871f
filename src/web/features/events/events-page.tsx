import { AlertCircle, RotateCcw, SlidersHorizontal } from "lucide-react";
import { useState, type ReactNode } from "react";
import { isRouteErrorResponse, useNavigation, useRevalidator, useRouteError } from "react-router";
import { type EventListResult, LIST_SIZES } from "@domain";
import { Button } from "~/components/ui/button";
import { ActiveFilterChips } from "./active-filter-chips";
import { EventCard } from "~/components/event-card";
import { EventCardSkeleton } from "./event-card-skeleton";
import { EventsEmptyState } from "./events-empty-state";
import { EventsFilterPanel, FILTER_PANEL_ID } from "./events-filter-panel";
import { EventsPagination } from "./events-pagination";
import { EventsSearchForm } from "./events-search-form";
import { EventsSortSelect } from "./events-sort-select";
import { EventsStats } from "./events-stats";
import { useEventsListNavigation } from "./use-events-list-navigation";
import { activeFilters, eventsSearchString, type EventsListState, hasActiveFilters, resultCountText } from "./list-query";
import { useRevalidateOnVisible } from "~/hooks/use-revalidate-on-visible";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";

const FETCH_ERROR_FALLBACK = "Failed to fetch events";

function PageHero({ search, stats }: { search?: ReactNode; stats?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-800 to-brand-600 text-white">
      <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-accent-500/25 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-brand-400/30 blur-3xl" />
      <div className="container-page relative grid gap-6 py-8 sm:gap-8 sm:py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:items-end lg:gap-12">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">All Events</h1>
          <p className="mt-2 max-w-2xl text-base text-white/85 sm:mt-3 sm:text-lg">
            Discover concerts, comedy, food, sport and more across the UK.
          </p>
          {search && <div className="mt-6 sm:mt-8">{search}</div>}
        </div>
        {stats}
      </div>
    </section>
  );
}

/** /events (spec §2 All Events): search, filters, sort, the cards and pages of results. */
export function EventsPage({ state, result }: { state: EventsListState; result: EventListResult }) {
  useRevalidateOnVisible();
  const go = useEventsListNavigation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === paths.events();

  // ?category={name} preselects the category and opens the panel (spec §2 All Events), on arrival
  // and whenever a link elsewhere on the page changes the category.
  const [filtersOpen, setFiltersOpen] = useState(Boolean(state.category || state.price));
  const [seenCategory, setSeenCategory] = useState(state.category);
  if (state.category !== seenCategory) {
    setSeenCategory(state.category);
    if (state.category) setFiltersOpen(true);
  }

  const filtered = hasActiveFilters(state);
  const chips = activeFilters(state);
  const panelFilterCount = [state.category, state.price].filter(Boolean).length;
  const clearFilters = () => go(() => ({ q: undefined, category: undefined, price: undefined, organiser: undefined }));

  return (
    <>
      <PageHero
        search={<EventsSearchForm q={state.q ?? ""} organiser={state.organiser} />}
        stats={<EventsStats stats={result.stats} />}
      />

      <div className="container-page flex flex-col gap-5 py-6 sm:py-8">
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-2 sm:flex sm:justify-between sm:gap-3">
          <Button
            type="button"
            variant={filtersOpen ? "secondary" : "outline"}
            aria-expanded={filtersOpen}
            aria-controls={FILTER_PANEL_ID}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" />
            {filtersOpen ? "Hide Filters" : "Show Filters"}
            {panelFilterCount > 0 && (
              <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-full bg-brand-600 text-xs text-white">
                {panelFilterCount}
              </span>
            )}
          </Button>
          <EventsSortSelect sort={state.sort} q={state.q} />
        </div>

        <EventsFilterPanel state={state} open={filtersOpen} />

        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <p role="status" className="text-sm font-semibold text-ink">
            {resultCountText({ page: result.page, pageSize: result.pageSize, shown: result.events.length, total: result.total })}
          </p>
          <ActiveFilterChips
            filters={chips}
            onRemove={(key) => go(() => ({ [key]: undefined }))}
          />
          {filtered && (
            <Button type="button" variant="link" size={null} className="text-sm [&_svg]:size-4" onClick={clearFilters}>
              <RotateCcw aria-hidden="true" />
              Clear Filters
            </Button>
          )}
        </div>

        {/* data-search lets browser tests wait until the list on screen matches the URL. */}
        <section aria-labelledby="events-results-title" aria-busy={loading} data-search={eventsSearchString(state)}>
          <h2 id="events-results-title" className="sr-only">
            Results
          </h2>
          {loading ? (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {Array.from({ length: LIST_SIZES.eventsListSkeletons }, (_, i) => (
                <EventCardSkeleton key={i} />
              ))}
            </div>
          ) : result.events.length === 0 ? (
            <EventsEmptyState filtered={filtered} onClearFilters={clearFilters} />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {result.events.map((event, i) => (
                <li key={event.id} className={i >= 4 ? "render-when-visible-card" : undefined}>
                  <EventCard event={event} priority={i === 0} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className={cn("pt-2", loading && "invisible")}>
          <EventsPagination state={state} total={result.total} />
        </div>
      </div>
    </>
  );
}

/** The list could not be read: the server's message for users, else the spec's fallback, and Try again. */
export function EventsError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown } | null)?.message === "string"
      ? (error.data as { message: string }).message
      : FETCH_ERROR_FALLBACK;
  return (
    <>
      <PageHero />
      <div className="container-page py-8">
        <div role="alert" className="flex flex-col gap-4 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center">
          <AlertCircle className="size-6 shrink-0 text-red-700" aria-hidden="true" />
          <p className="flex-1 font-semibold">{message}</p>
          <Button type="button" variant="outline" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === "loading"}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </div>
    </>
  );
}

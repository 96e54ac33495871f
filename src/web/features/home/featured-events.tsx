import { ArrowRight, CalendarClock, ChevronLeft, ChevronRight, Plus, Search, X } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { LIST_SIZES, type EventSummary } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { EventCard } from "~/components/event-card";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";
import { filterFeaturedEvents, pageCount, visiblePages } from "./featured-search";


/** The featured events grid with client-side search and pagination (spec §2 Home, item 3). */
export function FeaturedEvents({ events }: { events: EventSummary[] }) {
  const [query, setQuery] = useState("");
  const [requestedPage, setRequestedPage] = useState(1);
  const sectionRef = useRef<HTMLElement>(null);
  const searchId = useId();

  const matches = useMemo(() => filterFeaturedEvents(events, query), [events, query]);
  const pages = pageCount(matches.length, LIST_SIZES.featuredPerPage);
  // The list can shrink under the visitor when it refetches, so the page is clamped, not trusted.
  const page = Math.min(requestedPage, pages);
  const start = (page - 1) * LIST_SIZES.featuredPerPage;
  const shown = matches.slice(start, start + LIST_SIZES.featuredPerPage);
  const searching = query.trim() !== "";

  const changeQuery = (value: string) => {
    setQuery(value);
    setRequestedPage(1);
  };
  const goToPage = (target: number) => {
    setRequestedPage(target);
    sectionRef.current?.scrollIntoView({ block: "start" });
  };

  return (
    <section
      ref={sectionRef}
      id="featured-events"
      aria-labelledby="featured-events-title"
      className="container-page render-when-visible scroll-mt-20 pt-16 sm:pt-24"
    >
      <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-bold uppercase tracking-[0.16em] text-brand-700">Hand-picked for you</p>
          <h2 id="featured-events-title" className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
            Featured Events
          </h2>
          <p className="mt-2 max-w-xl text-muted">The next events on sale across the UK, soonest first.</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative w-full sm:w-80">
            <label htmlFor={searchId} className="sr-only">
              Search featured events
            </label>
            <Search className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            <Input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => changeQuery(event.target.value)}
              placeholder="Find an event by name..."
              autoComplete="off"
              enterKeyHint="search"
              shape={null}
              className="h-12 rounded-full pl-10 pr-10 text-base shadow-sm sm:text-sm [&::-webkit-search-cancel-button]:hidden"
            />
            {searching && (
              <button
                type="button"
                onClick={() => changeQuery("")}
                aria-label="Clear search"
                className="absolute right-2 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <Link to={paths.events()} className={buttonVariants({ variant: "outline", size: "lg", shape: "pill" })}>
            View All Events
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>

      <p role="status" className="sr-only">
        {searching ? `${matches.length} ${matches.length === 1 ? "event matches" : "events match"} your search` : ""}
      </p>

      {shown.length === 0 ? (
        <ComingSoon />
      ) : (
        <ul aria-label="Featured events" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {shown.map((event) => (
            <li key={event.id}>
              <EventCard event={event} featured />
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && <Pagination page={page} pages={pages} onPage={goToPage} />}
    </section>
  );
}

function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const stepClass = cn(buttonVariants({ variant: "outline", size: null, shape: "pill" }), "h-10 px-3 text-sm sm:px-4 [&_svg]:size-4");
  return (
    <nav aria-label="Featured events pages" className="mt-10 flex items-center justify-center gap-1.5 sm:gap-2">
      <button type="button" className={stepClass} onClick={() => onPage(page - 1)} disabled={page === 1}>
        <ChevronLeft aria-hidden="true" />
        <span className="max-sm:sr-only">Previous</span>
      </button>
      <ul className="flex items-center gap-1 sm:gap-1.5">
        {visiblePages(page, pages).map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                onClick={() => onPage(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={cn(
                  buttonVariants({ variant: item === page ? "default" : "ghost", size: null, shape: "pill" }),
                  "size-9 text-sm sm:size-10 [&_svg]:size-4",
                  item === page && "pointer-events-none",
                )}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className={stepClass} onClick={() => onPage(page + 1)} disabled={page === pages}>
        <span className="max-sm:sr-only">Next</span>
        <ChevronRight aria-hidden="true" />
      </button>
    </nav>
  );
}

function ComingSoon() {
  return (
    <div className="mt-8 flex flex-col items-center rounded-3xl border border-dashed border-brand-200 bg-gradient-to-b from-brand-50 to-white px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm ring-1 ring-border">
        <CalendarClock className="size-8" aria-hidden="true" />
      </span>
      <h3 className="mt-5 text-2xl font-extrabold tracking-tight">Coming Soon</h3>
      <p className="mt-2 text-lg text-muted">Exciting Events On The Way</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.events()} className={buttonVariants({ size: "lg-text-sm" })}>
          Browse All Events
        </Link>
        <Link to={paths.createEvent} className={buttonVariants({ variant: "outline", size: "lg-text-sm" })}>
          <Plus aria-hidden="true" />
          Create an Event
        </Link>
      </div>
    </div>
  );
}

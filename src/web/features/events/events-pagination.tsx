import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";
import { eventsSearchString, pageWindow, type EventsListState } from "./list-query";

/** Numbered pages as links, so each page of a filtered list has its own shareable URL. */
export function EventsPagination({ state, total }: { state: EventsListState; total: number }) {
  const last = Math.ceil(total / state.pageSize);
  if (last <= 1) return null;
  const href = (page: number) => `${paths.events()}${eventsSearchString({ ...state, page })}`;
  const step = cn(buttonVariants({ variant: "outline", size: null }), "h-10 px-3 text-sm [&_svg]:size-4");

  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-1.5 sm:gap-2">
      {state.page > 1 ? (
        <Link to={href(state.page - 1)} className={step} rel="prev">
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Link>
      ) : (
        <span className={cn(step, "pointer-events-none border-border/60 bg-surface text-muted")} aria-hidden="true">
          <ChevronLeft />
          <span className="hidden sm:inline">Previous</span>
        </span>
      )}
      <ol className="flex items-center gap-1.5 sm:gap-2">
        {pageWindow(state.page, last).map((page, i) =>
          page === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={href(page)}
                aria-label={`Page ${page}`}
                aria-current={page === state.page ? "page" : undefined}
                className={cn(
                  buttonVariants({ variant: page === state.page ? "default" : "ghost", size: "icon" }),
                  "tabular-nums",
                )}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ol>
      {state.page < last ? (
        <Link to={href(state.page + 1)} className={step} rel="next">
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRight aria-hidden="true" />
        </Link>
      ) : (
        <span className={cn(step, "pointer-events-none border-border/60 bg-surface text-muted")} aria-hidden="true">
          <span className="hidden sm:inline">Next</span>
          <ChevronRight />
        </span>
      )}
    </nav>
  );
}

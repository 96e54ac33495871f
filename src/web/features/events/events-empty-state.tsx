import { CalendarPlus, RotateCcw, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";

/** 'No Events Match Your Filters' when something narrows the list, else 'No Events Found' (spec §2 All Events). */
export function EventsEmptyState({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-brand-200 bg-surface px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm">
        {filtered ? <SearchX className="size-8" aria-hidden="true" /> : <CalendarPlus className="size-8" aria-hidden="true" />}
      </span>
      <h2 className="mt-5 text-xl font-extrabold sm:text-2xl">{filtered ? "No Events Match Your Filters" : "No Events Found"}</h2>
      <p className="mt-2 max-w-md text-muted">
        {filtered
          ? "Try a different search, or clear your filters to see every upcoming event."
          : "There are no upcoming events listed right now. Why not create the first one?"}
      </p>
      {filtered ? (
        <Button type="button" className="mt-6" onClick={onClearFilters}>
          <RotateCcw aria-hidden="true" />
          Clear Filters
        </Button>
      ) : (
        <Link to={paths.createEvent} className={buttonVariants({ className: "mt-6" })}>
          <CalendarPlus aria-hidden="true" />
          Create Event
        </Link>
      )}
    </div>
  );
}

import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";
import { useEventsListNavigation } from "./use-events-list-navigation";

export const EVENTS_FORM_ID = "events-search";
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The /events search box (spec §5 Events list search: title, description or location). Typing updates
 * the URL after a 300 ms pause, replacing the history entry; Enter searches at once. Without
 * JavaScript it is a plain GET form, and the sort and filter selects join it through their form attribute.
 */
export function EventsSearchForm({ q, organiser }: { q: string; organiser?: string }) {
  const go = useEventsListNavigation();
  const [text, setText] = useState(q);
  // The URL's q as last seen, and the q this box last asked for: a URL change the box did not ask
  // for (a chip, Clear Filters, Back) refills the box; its own debounced echo never overwrites typing.
  const [seenQ, setSeenQ] = useState(q);
  const [requestedQ, setRequestedQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== requestedQ) {
      setText(q);
      setRequestedQ(q);
    }
  }

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string, replace: boolean) => {
    clearTimeout(timer.current);
    const next = value.trim();
    setRequestedQ(next);
    go(() => ({ q: next || undefined }), { replace });
  };

  return (
    <form
      id={EVENTS_FORM_ID}
      role="search"
      method="get"
      action={paths.events()}
      onSubmit={(event) => {
        event.preventDefault();
        search(text, false);
      }}
      className="flex w-full items-center gap-1.5 rounded-2xl bg-white p-1.5 shadow-xl shadow-brand-950/20 ring-2 ring-transparent transition focus-within:ring-accent-400"
    >
      <div className="relative flex-1">
        <Label htmlFor="events-q" className="sr-only">
          Search events by title, description or location
        </Label>
        <Search className="pointer-events-none absolute left-3.5 top-1/2 z-10 size-5 -translate-y-1/2 text-muted" aria-hidden="true" />
        <Input
          id="events-q"
          name="q"
          type="search"
          value={text}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Title, description or location"
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search(value, true), SEARCH_DEBOUNCE_MS);
          }}
          shape={null}
          tone={null}
          className={cn(
            "h-11 rounded-xl bg-transparent pl-11 text-base focus-visible:outline-none [&::-webkit-search-cancel-button]:appearance-none",
            text ? "pr-10" : "pr-2",
          )}
        />
        {text && (
          <button
            type="button"
            onClick={() => {
              setText("");
              search("", true);
              document.getElementById("events-q")?.focus();
            }}
            className="absolute right-1 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
            aria-label="Clear search"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <Button type="submit" size={null} className="h-11 shrink-0 px-3.5 text-sm sm:px-6 [&_svg]:size-4">
        <Search aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Search</span>
      </Button>
      {organiser && <input type="hidden" name="organiser" value={organiser} />}
    </form>
  );
}

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { EventSummary } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { EventCard } from "~/components/event-card";
import { useNearViewport } from "~/hooks/use-near-viewport";
import { HYDRATE_NEAR } from "~/lib/hydration";
import { cn } from "~/lib/cn";

const cardSlotClass = "w-[78%] shrink-0 snap-start sm:w-[calc((100%-2rem)/2.4)] lg:w-[calc((100%-3rem)/4)]";

/**
 * A horizontally scrolling row of event cards with arrow buttons (the home page's You May Also Like
 * and Similar Events carousels). Touch and trackpad scroll it natively; the arrows page by a view.
 */
export function EventRail({
  events,
  label,
  header,
  action,
}: {
  events: EventSummary[];
  /** Names the list and its arrow buttons for assistive technology, e.g. "Music events". */
  label: string;
  /** The heading block shown left of the arrows. */
  header: ReactNode;
  /** An optional link shown before the arrows. */
  action?: ReactNode;
}) {
  const scrollerRef = useRef<HTMLUListElement>(null);
  const near = useNearViewport(scrollerRef);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const atStart = scroller.scrollLeft <= 4;
    const atEnd = scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 4;
    setEdges((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    // The observer's first report (after the next layout) is the first measurement: measuring here
    // would force a layout in the middle of hydration.
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [measure, events.length, near]);

  const scrollByPage = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    scroller.scrollBy({ left: direction * scroller.clientWidth * 0.9, behavior: smooth ? "smooth" : "auto" });
  };

  const arrowClass = cn(buttonVariants({ variant: "outline", size: "icon", shape: "pill" }), "shadow-sm");
  return (
    <div>
      <div className="flex items-end justify-between gap-4">
        <div className="min-w-0">{header}</div>
        <div className="flex shrink-0 items-center gap-2">
          {action}
          <button type="button" className={arrowClass} onClick={() => scrollByPage(-1)} disabled={edges.atStart} aria-label={`Scroll ${label} back`}>
          <ChevronLeft aria-hidden="true" />
          </button>
          <button type="button" className={arrowClass} onClick={() => scrollByPage(1)} disabled={edges.atEnd} aria-label={`Scroll ${label} forward`}>
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      </div>
      <ul
        ref={scrollerRef}
        {...HYDRATE_NEAR}
        aria-label={label}
        onScroll={measure}
        className="scrollbar-none -mx-4 mt-5 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-6 pt-1 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:scroll-px-0 lg:px-0"
      >
        {/* The cards render once the rail nears the viewport: the home page stays light to paint and hydrate. */}
        {near
          ? events.map((event) => (
              <li key={event.id} className={cardSlotClass}>
                <EventCard event={event} categoryFallback="General" />
              </li>
            ))
          : events.slice(0, 4).map((event) => (
              <li key={event.id} className={cn(cardSlotClass, "h-[26rem] rounded-2xl bg-surface")} aria-hidden="true" />
            ))}
      </ul>
    </div>
  );
}

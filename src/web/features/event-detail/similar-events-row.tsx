import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { EventSummary } from "@domain";
import { Button } from "~/components/ui/button";
import { EventCard } from "~/components/event-card";

/** Up to 8 listed events of the same category, as a scrolling row (spec §7 Similar events). */
export function SimilarEventsRow({ events }: { events: EventSummary[] }) {
  const rowRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const update = () =>
      setEdges({ start: row.scrollLeft <= 4, end: row.scrollLeft + row.clientWidth >= row.scrollWidth - 4 });
    update();
    row.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      row.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [events.length]);

  if (events.length === 0) return null;

  const scroll = (direction: 1 | -1) => rowRef.current?.scrollBy({ left: direction * rowRef.current.clientWidth * 0.9, behavior: "smooth" });

  return (
    <section aria-labelledby="similar-events" className="render-when-visible mt-16">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="similar-events" className="text-2xl font-extrabold tracking-tight">
            Similar Events
          </h2>
          <p className="mt-1 text-muted">More in this category that you might enjoy.</p>
        </div>
        {!(edges.start && edges.end) && (
          <div className="hidden gap-2 sm:flex">
            <Button variant="outline" size="icon" aria-label="Previous similar events" disabled={edges.start} onClick={() => scroll(-1)}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon" aria-label="Next similar events" disabled={edges.end} onClick={() => scroll(1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      <ul
        ref={rowRef}
        className="scrollbar-none -mx-4 mt-6 flex snap-x snap-mandatory scroll-px-4 gap-5 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8"
      >
        {events.map((event) => (
          <li key={event.id} className="w-[78vw] max-w-[300px] shrink-0 snap-start sm:w-[300px] lg:w-[calc((100%-3.75rem)/4)] lg:max-w-none">
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
}
